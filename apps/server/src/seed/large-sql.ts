import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';

/** A constant text array as SQL (trusted constants only), indexed 1-based by `index`. */
export function pick(values: readonly string[], index: string): SQL {
  const literal = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',');
  return sql.raw(`(array[${literal}])[1 + ((${index}) % ${values.length})]`);
}

/** A deterministic key: md5 of a label shaped as a version-4 UUID. */
export function key(kind: string, index: string): SQL {
  return sql.raw(
    `overlay(overlay(md5('${kind}-' || (${index})) placing '4' from 13) placing '8' from 17)::uuid`,
  );
}

/** The same key computed in JavaScript (benches find a teacher or a classroom without a query). */
export function largeKey(kind: string, index: number | string): string {
  const hex = createHash('md5').update(`${kind}-${index}`).digest('hex');
  const v4 = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v4.slice(0, 8)}-${v4.slice(8, 12)}-${v4.slice(12, 16)}-${v4.slice(16, 20)}-${v4.slice(20)}`;
}

/** Monday 00:00 UTC of the current week (the centre's default time zone is UTC). */
export function thisMonday(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - ((now.getUTCDay() + 6) % 7) * 86_400_000);
}
