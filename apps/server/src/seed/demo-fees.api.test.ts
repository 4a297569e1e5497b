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

describe('the teacher fees and side costs demo', () => {
  it('lists fees, a salary set on one class and from the fee on the others, side costs in the ledger', async () => {
    const fees = await t.call(contract.teacherFees.list, { body: { page: { index: 1, size: 50 } } }, { token: finance });
    expect(fees.statusCode, fees.body).toBe(200);
    expect(fees.json().totalCount).toBeGreaterThan(2);
    // The hand-made demo's first two classes (the grown centre's, issue 29, reach back twelve weeks).
    const classes = ((await t.db.execute(sql`select classroom_id from classrooms where state <> 'Deleted'
      and classroom_id not in (select classroom_id from classroom_sessions where start_at < now() - interval '4 weeks') order by classroom_name limit 2`)) as unknown as {
      rows: { classroom_id: string }[];
    }).rows;
    const set = await t.call(contract.teacherSalary.get, { query: { classroomId: classes[0]!.classroom_id } }, { token: finance });
    expect(set.json()).toMatchObject({ teacherSalaryPerHour: 210, fromFee: false });
    const fromFee = await t.call(contract.teacherSalary.get, { query: { classroomId: classes[1]!.classroom_id } }, { token: finance });
    expect(fromFee.json().fromFee).toBe(true);
    expect(fromFee.json().teacherSalaryPerHour).toBe(fromFee.json().feePerHour);
    const charges = ((await t.db.execute(sql`select count(*)::int as n from ledger_transactions where kind = 'charge.sideCost'`)) as unknown as {
      rows: { n: number }[];
    }).rows;
    expect(charges[0]!.n).toBe(2);
    await expectLedgerBalanced(t.db);
  });

  it('is already allocated: fixing every classroom changes nothing', async () => {
    const res = await t.call(contract.deposits.fixConfirmationForAll, {}, { token: finance });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().classrooms).toEqual([]);
  });
});
