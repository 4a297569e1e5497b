import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type WhereCondition } from '@tutoria/shared';
import { createDeposit, depositBody, expectLedgerBalanced } from '../../../test/finance-factories.ts';
import { buildClassroom, type Person, person } from '../../../test/scheduling-factories.ts';
import { now } from '../../../test/settlement-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * When money was posted, as a list filter (issue 28's report links; docs/finance.md "Financial
 * report"): a deposit's `confirmedOn` and a settlement's `paidOn` are days in the centre's time
 * zone (Asia/Shanghai here), matched by a year, a month or a day; the deposits' sums and export
 * and the settlements' export read the same filter.
 */
let t: TestApp;
let finance: Person;

// 23:30 on 31 December 2025 and 00:30 on 1 January 2026 in Shanghai: both 31 December in UTC.
const LATE = '2025-12-31T15:30:00Z';
const EARLY = '2025-12-31T16:30:00Z';

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  finance = await person(t, 'FinancialAdmin');
});
afterAll(() => t.close());

const on = (column: string, comparison: 'Equal' | 'Contains', operand: string): WhereCondition[] => [
  { column, comparison, operand },
];

describe('deposits by the day of their confirmation', () => {
  let student: Person;
  const late = { id: '' };
  const early = { id: '' };
  const ofStudent = () => on('studentPublicKey', 'Equal', student.publicKey);

  beforeAll(async () => {
    student = await person(t, 'Student');
    const built = await buildClassroom(t, { students: [student], times: [] });
    for (const [holder, amount, at] of [
      [late, 70, LATE],
      [early, 50, EARLY],
    ] as const) {
      holder.id = await createDeposit(t, finance.token, depositBody(student, built.classroomId, { amount }));
      const res = await t.call(
        contract.deposits.confirm,
        { body: { depositId: holder.id } },
        { token: finance.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      // The confirmation as if made at `at` (the row, which the list reads; its posting stays).
      await t.db.execute(
        sql`update deposits set confirmed_at = ${at}::timestamptz where deposit_id = ${holder.id}`,
      );
    }
    // A waiting deposit has no day of confirmation: no period matches it.
    await createDeposit(t, finance.token, depositBody(student, built.classroomId, { amount: 9 }));
  });

  const ids = async (where: WhereCondition[][]) => {
    const res = await t.call(
      contract.deposits.list,
      { body: { where: [ofStudent(), ...where], page: { index: 1, size: 50 } } },
      { token: finance.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { depositId: string }[]).map((d) => d.depositId).sort();
  };

  it('matches a year, a month or a day of Shanghai, not of UTC', async () => {
    expect(await ids([on('confirmedOn', 'Contains', '2025')])).toEqual([late.id]);
    expect(await ids([on('confirmedOn', 'Contains', '2025-12')])).toEqual([late.id]);
    expect(await ids([on('confirmedOn', 'Contains', '2026-01')])).toEqual([early.id]);
    expect(await ids([on('confirmedOn', 'Equal', '2026-01-01')])).toEqual([early.id]);
    expect(await ids([on('confirmedOn', 'Equal', '2025-12-31')])).toEqual([late.id]);
    expect(await ids([on('confirmedOn', 'Contains', '2024')])).toEqual([]);
    expect((await ids([])).length).toBe(3);
  });

  it('sums and exports the same rows', async () => {
    const sums = await t.call(
      contract.deposits.sums,
      { body: { where: [ofStudent(), on('confirmedOn', 'Contains', '2026')] } },
      { token: finance.token },
    );
    expect(sums.statusCode, sums.body).toBe(200);
    expect(sums.json()).toMatchObject({ confirmed: 50, waiting: 0 });
    const file = await t.call(
      contract.financeExports.exportDeposits,
      { body: { format: 'csv', where: [ofStudent(), on('confirmedOn', 'Contains', '2025-12')], order: [] } },
      { token: finance.token },
    );
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['x-total-rows']).toBe('1');
    await expectLedgerBalanced(t.db);
  });

  it('is not a sort column', async () => {
    const res = await t.call(
      contract.deposits.list,
      {
        body: {
          where: [],
          order: [{ column: 'confirmedOn', descending: true }],
          page: { index: 1, size: 5 },
        },
      },
      { token: finance.token },
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('settlements by the day they were paid', () => {
  it('matches a year, a month or a day of Shanghai; a waiting settlement matches none', async () => {
    const teacher = await person(t, 'Teacher');
    const pay = async (amount: number, paid: boolean) => {
      const res = await t.call(
        contract.settlements.create,
        {
          body: {
            type: 'OtherPayments',
            teacherPublicKey: teacher.publicKey,
            toTime: now(),
            amount,
            description: 'Travel',
            pay: paid,
          },
        },
        { token: finance.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().settlement.settlementId as string;
    };
    const late = await pay(30, true);
    const early = await pay(20, true);
    await pay(10, false);
    for (const [id, at] of [
      [late, LATE],
      [early, EARLY],
    ] as const) {
      await t.db.execute(
        sql`update settlements set confirmed_at = ${at}::timestamptz where settlement_id = ${id}`,
      );
    }
    const ofTeacher = on('teacherPublicKey', 'Equal', teacher.publicKey);
    const ids = async (where: WhereCondition[][]) => {
      const res = await t.call(
        contract.settlements.list,
        { body: { where: [ofTeacher, ...where], page: { index: 1, size: 50 } } },
        { token: finance.token, path: 'get_settlements_all' },
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { settlementId: string }[]).map((s) => s.settlementId).sort();
    };
    expect(await ids([on('paidOn', 'Contains', '2025')])).toEqual([late]);
    expect(await ids([on('paidOn', 'Contains', '2026-01')])).toEqual([early]);
    expect(await ids([on('paidOn', 'Equal', '2026-01-01')])).toEqual([early]);
    expect(await ids([on('paidOn', 'Contains', '2025-12'), on('state', 'Equal', 'paid')])).toEqual([late]);
    expect((await ids([])).length).toBe(3);
    const file = await t.call(
      contract.financeExports.exportSettlements,
      { body: { format: 'csv', where: [ofTeacher, on('paidOn', 'Contains', '2026')], order: [] } },
      { token: finance.token },
    );
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['x-total-rows']).toBe('1');
  });
});
