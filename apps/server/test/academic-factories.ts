import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ErrorCode, MessageKey } from '@tutoria/shared';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { tableCounts } from './factories.ts';
import { expectRefused } from './scheduling-factories.ts';
import type { TestApp } from './test-app.ts';

/** Rows of the academic tables and the count of every table: what a refused call must leave as it was. */
export async function academicState(db: Db) {
  const rows: Record<string, string[]> = {};
  for (const table of ['homeworks', 'exams', 'lesson_progress', 'session_academic_flags']) {
    const result = (await db.execute(
      sql.raw(`select to_jsonb(x)::text as row from "${table}" x`),
    )) as unknown as { rows: { row: string }[] };
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return { counts: await tableCounts(db), rows };
}

/** A call that must be refused with `code` (and `key`'s text) and must write nothing. */
export async function refusedUnchanged(
  t: TestApp,
  call: () => Promise<LightMyRequestResponse>,
  code: ErrorCode,
  key?: MessageKey,
) {
  const before = await academicState(t.db);
  const res = await call();
  expectRefused(res, code, key);
  expect(await academicState(t.db)).toEqual(before);
  return res;
}

/** The outbox events of a name recorded so far, payloads only. */
export async function recordedEvents(db: Db, name: string) {
  const result = (await db.execute(
    sql`select payload from outbox_events where name = ${name} order by occurred_at`,
  )) as unknown as { rows: { payload: Record<string, unknown> }[] };
  return result.rows.map((r) => r.payload);
}
