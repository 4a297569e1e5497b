import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { DEADLOCK_DETECTED, SERIALIZATION_FAILURE, sqlState } from '../../db/errors.ts';

/** Raw rows of a hand-written query (both drivers answer `{ rows }`). */
export async function rowsOf<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Epoch seconds of a timestamptz expression, as a JS number. */
export const epochOf = (expression: SQL | unknown) =>
  sql<number>`floor(extract(epoch from ${expression}))::float8`;

export const toDate = (seconds: number) => new Date(seconds * 1000);
export const epoch = (value: Date | string | number) =>
  Math.floor(
    (value instanceof Date ? value.getTime() : typeof value === 'number' ? value * 1000 : Date.parse(value)) /
      1000,
  );

export const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Retries a transaction that lost a deadlock or serialization race (PostgreSQL codes 40P01, 40001). */
export async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= attempts || (code !== DEADLOCK_DETECTED && code !== SERIALIZATION_FAILURE)) throw error;
    }
  }
}
