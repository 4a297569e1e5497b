import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import type { TestApp } from './test-app.ts';
import { expectRefused } from './scheduling-factories.ts';

/** Rows of the tables teacher fees, salaries and side costs touch: what a refused call must leave as it was. */
export async function feesState(db: Db) {
  const rows: Record<string, string[]> = {};
  for (const table of ['teacher_fees', 'classroom_salaries', 'student_side_costs', 'ledger_transactions', 'ledger_entries', 'audit_log']) {
    const result = (await db.execute(sql.raw(`select to_jsonb(x)::text as row from "${table}" x`))) as unknown as {
      rows: { row: string }[];
    };
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return rows;
}

/** Makes a call that must be refused with `code` and proves it wrote nothing. */
export async function refusedWithoutWriting(
  t: TestApp,
  call: () => ReturnType<TestApp['call']>,
  code: Parameters<typeof expectRefused>[1],
  key?: Parameters<typeof expectRefused>[2],
) {
  const before = await feesState(t.db);
  const res = await call();
  expectRefused(res, code, key);
  expect(await feesState(t.db)).toEqual(before);
  return res;
}
