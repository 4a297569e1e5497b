import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { sessionFor } from '../../test/factories.ts';
import { expectLedgerBalanced } from '../../test/finance-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db);
  const [row] = await t.db.select({ publicKey: users.publicKey }).from(users).where(sql`${users.userName} = 'finance'`);
  finance = await sessionFor(t.db, row!);
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the finance demo', () => {
  it('keeps the ledger balanced, with confirmed and waiting deposits, a debtor, reserved and formal sessions', async () => {
    expect(await expectLedgerBalanced(t.db)).toBeGreaterThan(10);
    const states = await rows<{ confirmed: boolean }>(sql`select confirmed_at is not null as confirmed from deposits`);
    expect(new Set(states.map((s) => s.confirmed))).toEqual(new Set([true, false]));
    const flags = await rows<{ f: boolean }>(sql`select distinct financial_confirmation as f from classroom_sessions where state <> 'canceled'`);
    expect(new Set(flags.map((f) => f.f))).toEqual(new Set([true, false]));
    const debtors = await rows<{ n: number }>(sql`select count(*)::int as n from (select student_key, classroom_id from ledger_entries
      where account = 'student_credit' group by student_key, classroom_id having sum(amount) > 0) x`);
    expect(debtors[0]!.n).toBeGreaterThan(0);
  });

  it('is already allocated: fixing every classroom changes nothing', async () => {
    const res = await t.call(contract.deposits.fixConfirmationForAll, {}, { token: finance });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().classrooms).toEqual([]);
  });
});
