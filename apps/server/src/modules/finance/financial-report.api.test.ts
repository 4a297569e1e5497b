import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, FINANCIAL_REPORT_MAX_DAYS, type FinancialReport, type Role } from '@tutoria/shared';
import { contractBody, createContract, payContract } from '../../../test/contract-factories.ts';
import {
  createDeposit,
  depositBody,
  expectLedgerBalanced,
  setPrice,
} from '../../../test/finance-factories.ts';
import {
  buildClassroom,
  expectRefused,
  type Person,
  person,
  text,
} from '../../../test/scheduling-factories.ts';
import { allocate, holdAndConfirm, now, pastTimes, setSalary } from '../../../test/settlement-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { readXlsx } from '../../../test/xlsx.ts';

/**
 * The financial report (issue 28; docs/finance.md "Financial report"): every figure a sum of the
 * ledger's entries for the period (money in, money out, revenue) or at its end (unpaid teacher
 * earnings, student credit, debtors), hand-computed below; only the financial admin and the admin.
 */
const c = contract.financialReport;
let t: TestApp;
let admin: Person;
let finance: Person;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  finance = await person(t, 'FinancialAdmin');
});
afterAll(() => t.close());

async function reportOf(query: Record<string, string>, token = finance.token): Promise<FinancialReport> {
  const res = await t.call(c.report, { query }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FinancialReport;
}

const ok = (res: Awaited<ReturnType<TestApp['call']>>) => expect(res.statusCode, res.body).toBe(200);

describe('access and input', () => {
  it('answers the financial admin and the admin; refuses every other role', async () => {
    for (const role of ['FinancialAdmin', 'Admin'] as Role[]) {
      const who = await person(t, role);
      ok(await t.call(c.report, { query: {} }, { token: who.token }));
      ok(await t.call(c.export, { query: { format: 'csv' } }, { token: who.token }));
    }
    for (const role of [
      'SchedulingAdmin',
      'TeamLeader',
      'AcademicConsultant',
      'Teacher',
      'AssistantTeacher',
      'Student',
    ] as Role[]) {
      const who = await person(t, role);
      expectRefused(await t.call(c.report, { query: {} }, { token: who.token }), 'ACCESS_DENIED');
      expectRefused(
        await t.call(c.export, { query: { format: 'xlsx' } }, { token: who.token }),
        'ACCESS_DENIED',
      );
    }
    expect((await t.call(c.report, { query: {} })).statusCode).toBe(401);
  });

  it('refuses an end before the start, a date that is not one and too long a period, with clear texts', async () => {
    const order = await t.call(
      c.report,
      { query: { from: '2026-03-01', to: '2026-02-28' } },
      { token: finance.token },
    );
    expectRefused(order, 'FAILED_VALIDATION');
    expect(order.body).toContain(text('financialReportPeriodOrder'));
    const zh = await t.call(
      c.report,
      { query: { from: '2026-03-01', to: '2026-02-28' } },
      { token: finance.token, language: 'zh' },
    );
    expect(zh.body).toContain(text('financialReportPeriodOrder', {}, 'zh'));
    for (const bad of ['2026-02-30', '2026/01/01', 'yesterday', '1999-12-31']) {
      const res = await t.call(c.report, { query: { from: bad } }, { token: finance.token });
      expectRefused(res, 'FAILED_VALIDATION');
      expect(res.body).toContain(text('financialReportDay'));
    }
    const long = await t.call(
      c.report,
      { query: { from: '2001-01-01', to: '2026-01-01' } },
      { token: finance.token },
    );
    expectRefused(long, 'FAILED_VALIDATION');
    expect(long.body).toContain(text('rangeTooLong', { days: FINANCIAL_REPORT_MAX_DAYS }));
    expectRefused(
      await t.call(c.export, { query: { format: 'pdf' as 'csv' } }, { token: finance.token }),
      'FAILED_VALIDATION',
    );
    expectRefused(
      await t.call(c.report, { query: { year: '2026' } as Record<string, string> }, { token: finance.token }),
      'FAILED_VALIDATION',
    );
  });

  it('reads this year by default; one end given, the other is its year’s', async () => {
    expect(await reportOf({})).toMatchObject({ from: `${year}-01-01`, to: `${year}-12-31`, timeZone: 'UTC' });
    const months = (await reportOf({})).months.map((m) => m.month);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe(`${year}-01`);
    expect(await reportOf({ from: '2025-03-15' })).toMatchObject({ from: '2025-03-15', to: '2025-12-31' });
    const partial = await reportOf({ from: '2025-01-20', to: '2025-03-02' });
    expect(partial.months.map((m) => m.month)).toEqual(['2025-01', '2025-02', '2025-03']);
  });
});

describe('a worked example', () => {
  let expected: Omit<FinancialReport, 'from' | 'to' | 'timeZone' | 'months'>;

  it('sums the ledger: deposits by method net of a reversal, settlements, revenue and its correction, side costs, a contract, balances', async () => {
    const teacher = await person(t, 'Teacher');
    const student = await person(t, 'Student');
    const debtor = await person(t, 'Student');
    // A class of one student: three held sessions (1 h, 1 h, 1.5 h) confirmed by the admin.
    const built = await buildClassroom(t, { teacher, students: [student], times: pastTimes([1, 1, 1.5]) });
    for (const id of built.sessionIds) await holdAndConfirm(t.db, id);
    // 100/h charged (100 + 100 + 150 = 350), then corrected to 90/h less 10/h (80 + 80 + 120 = 280).
    await setPrice(t.db, built.classroomId, student.publicKey, '100');
    await allocate(t, finance.token, built.classroomId);
    await setPrice(t.db, built.classroomId, student.publicKey, '90', '10');
    await allocate(t, finance.token, built.classroomId);
    // The teacher earns 80/h: 80 + 80 + 120 = 280; the first two sessions are paid (160); 25.50 other pay.
    await setSalary(t, finance.token, built.classroomId, 80);
    ok(
      await t.call(
        contract.settlements.create,
        {
          body: {
            type: 'TeachingSalary',
            teacherPublicKey: teacher.publicKey,
            toTime: now(),
            sessionIds: built.sessionIds.slice(0, 2),
            amount: 160,
            pay: true,
          },
        },
        { token: finance.token },
      ),
    );
    ok(
      await t.call(
        contract.settlements.create,
        {
          body: {
            type: 'OtherPayments',
            teacherPublicKey: teacher.publicKey,
            toTime: now(),
            amount: 25.5,
            description: 'Travel',
            pay: true,
          },
        },
        { token: finance.token },
      ),
    );
    // Deposits: cash 300 and Alipay 200 confirmed; WeChat 50 confirmed and reversed.
    for (const [paymentMethod, amount] of [
      ['Cash', 300],
      ['Alipay', 200],
      ['Wechat', 50],
    ] as const) {
      const depositId = await createDeposit(
        t,
        finance.token,
        depositBody(student, built.classroomId, { paymentMethod, amount }),
      );
      ok(await t.call(contract.deposits.confirm, { body: { depositId } }, { token: finance.token }));
      if (paymentMethod === 'Wechat')
        ok(
          await t.call(
            contract.deposits.reverse,
            { body: { depositId, reason: 'Bounced' } },
            { token: finance.token },
          ),
        );
    }
    // A side cost of 30.50; a contract paid 1,000 by bank card.
    ok(
      await t.call(
        contract.sideCosts.upsert,
        {
          body: {
            classroomId: built.classroomId,
            studentPublicKey: student.publicKey,
            sideCosts: [{ title: 'Books', amount: 30.5 }],
          },
        },
        { token: admin.token },
      ),
    );
    const made = await createContract(t, finance.token, contractBody(student));
    await payContract(t, finance.token, student, made.contractId, 1000, finance);
    // A debtor: one held hour at 60, no payment.
    const owing = await buildClassroom(t, { students: [debtor], times: pastTimes([1]) });
    await holdAndConfirm(t.db, owing.sessionIds[0]!);
    await setPrice(t.db, owing.classroomId, debtor.publicKey, '60');
    await allocate(t, finance.token, owing.classroomId);
    await expectLedgerBalanced(t.db);

    expected = {
      moneyIn: {
        total: 1500,
        classDeposits: 500,
        contractPayments: 1000,
        byMethod: [
          { paymentMethod: 'BankCardTransfer', classDeposits: 0, contractPayments: 1000, total: 1000 },
          { paymentMethod: 'POS', classDeposits: 0, contractPayments: 0, total: 0 },
          { paymentMethod: 'Cash', classDeposits: 300, contractPayments: 0, total: 300 },
          { paymentMethod: 'Alipay', classDeposits: 200, contractPayments: 0, total: 200 },
          { paymentMethod: 'Wechat', classDeposits: 0, contractPayments: 0, total: 0 },
        ],
      },
      moneyOut: { total: 185.5, teachingSalary: 160, otherPayments: 25.5 },
      // sessions 280 + 60, side costs 30.50, contracts 1,000
      revenue: { total: 1370.5, sessions: 340, sideCosts: 30.5, contracts: 1000 },
      unpaidTeacherEarnings: 120,
      // 500 paid − 280 used − 30.50 side costs
      studentCredit: 189.5,
      debtors: { count: 1, owed: 60 },
    };
    const report = await reportOf({});
    expect(report).toMatchObject(expected);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(report.months.find((m) => m.month === thisMonth)).toEqual({
      month: thisMonth,
      moneyIn: 1500,
      moneyOut: 185.5,
      revenue: 1370.5,
    });
    expect(
      report.months
        .filter((m) => m.month !== thisMonth)
        .every((m) => m.moneyIn === 0 && m.moneyOut === 0 && m.revenue === 0),
    ).toBe(true);
    expect(await reportOf({}, admin.token)).toEqual(report);
  });

  it('a period before the money shows no movements and the balances as they were then (none)', async () => {
    const before = await reportOf({ from: '2020-01-01', to: '2020-12-31' });
    expect(before).toMatchObject({
      moneyIn: { total: 0, classDeposits: 0, contractPayments: 0 },
      moneyOut: { total: 0 },
      revenue: { total: 0 },
      unpaidTeacherEarnings: 0,
      studentCredit: 0,
      debtors: { count: 0, owed: 0 },
    });
  });

  it('exports the figures and the months as XLSX (Chinese, number cells) and CSV', async () => {
    const xlsx = await t.call(
      c.export,
      { query: { format: 'xlsx' } },
      { token: finance.token, language: 'zh' },
    );
    ok(xlsx);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('attachment');
    const [header, ...rows] = readXlsx(xlsx.rawPayload);
    expect(header).toEqual(['类别', '项目', '金额', '收入款项', '支出款项', '已确认收入']);
    expect(xlsx.headers['x-total-rows']).toBe(String(rows.length));
    const figure = (section: string, item: string) =>
      rows.find((r) => r[0] === section && r[1] === item)?.[2];
    expect(figure('期间', '开始日期')).toBe(`${year}-01-01`);
    expect(figure('收入款项', '合计')).toBe(1500);
    expect(figure('收入款项', '现金')).toBe(300);
    expect(figure('收入款项', '合同付款')).toBe(1000);
    expect(figure('支出款项', '课酬')).toBe(160);
    expect(figure('支出款项', '其他付款')).toBe(25.5);
    expect(figure('已确认收入', '合计')).toBe(1370.5);
    expect(figure('已确认收入', '已收附加费用')).toBe(30.5);
    expect(figure('期末', '未付课酬')).toBe(120);
    expect(figure('期末', '学生预存余额')).toBe(189.5);
    expect(figure('期末', '学生欠款（1 人）')).toBe(60);
    const months = rows.filter((r) => r[0] === '按月');
    expect(months).toHaveLength(12);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(months.find((r) => r[1] === thisMonth)?.slice(3)).toEqual([1500, 185.5, 1370.5]);

    const csv = await t.call(
      c.export,
      { query: { format: 'csv', from: `${year}-01-01`, to: `${year}-06-30` } },
      { token: finance.token },
    );
    ok(csv);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Section,Figure,Amount,Money in,Money out,Revenue recognised');
    expect(lines).toContain(`Period,To,${year}-06-30,,,`);
    expect(lines.filter((l) => l.startsWith('By month,'))).toHaveLength(6);
  });
});

describe("days in the centre's time zone", () => {
  let z: TestApp;
  let zoneFinance: Person;

  beforeAll(async () => {
    z = await createTestApp({ TIME_ZONE: 'Asia/Shanghai' });
    zoneFinance = await person(z, 'FinancialAdmin');
  });
  afterAll(() => z.close());

  /** A deposit recorded through the API, its confirmation posted as the product posts it, at `at`. */
  async function confirmedAt(
    student: Person,
    classroomId: string,
    paymentMethod: 'Cash' | 'Alipay',
    amount: number,
    at: string,
  ) {
    const depositId = await createDeposit(
      z,
      zoneFinance.token,
      depositBody(student, classroomId, { paymentMethod, amount }),
    );
    await z.db.execute(sql`with tx as (
        insert into ledger_transactions (kind, idempotency_key, deposit_id, actor_key, create_moment)
        values ('deposit.confirmed', ${`deposit:${depositId}:confirmed`}, ${depositId}, ${zoneFinance.publicKey}, ${at}::timestamptz)
        returning transaction_id)
      insert into ledger_entries (transaction_id, account, student_key, classroom_id, amount, create_moment)
      select transaction_id, 'cash', null::uuid, null::uuid, ${amount}::numeric, ${at}::timestamptz from tx
      union all select transaction_id, 'student_credit', ${student.publicKey}::uuid, ${classroomId}::uuid, ${-amount}::numeric, ${at}::timestamptz from tx`);
    await z.db.execute(
      sql`update deposits set confirmed_at = ${at}::timestamptz, confirmed_by = ${zoneFinance.publicKey} where deposit_id = ${depositId}`,
    );
  }

  it('puts a posting in the day and month of Shanghai, and reads the balances at the end of that day', async () => {
    const student = await person(z, 'Student');
    const built = await buildClassroom(z, { students: [student], times: [] });
    // 23:30 on 31 December and 00:30 on 1 January in Shanghai (both 31 December in UTC).
    await confirmedAt(student, built.classroomId, 'Alipay', 70, '2025-12-31T15:30:00Z');
    await confirmedAt(student, built.classroomId, 'Cash', 50, '2025-12-31T16:30:00Z');
    await expectLedgerBalanced(z.db);
    const read = async (query: Record<string, string>) => {
      const res = await z.call(c.report, { query }, { token: zoneFinance.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as FinancialReport;
    };
    const december = await read({ from: '2025-12-01', to: '2025-12-31' });
    expect(december).toMatchObject({ timeZone: 'Asia/Shanghai', moneyIn: { total: 70 }, studentCredit: 70 });
    expect(december.moneyIn.byMethod.find((m) => m.paymentMethod === 'Alipay')?.total).toBe(70);
    expect(december.months).toEqual([{ month: '2025-12', moneyIn: 70, moneyOut: 0, revenue: 0 }]);
    const january = await read({ from: '2026-01-01', to: '2026-01-31' });
    expect(january).toMatchObject({ moneyIn: { total: 50, classDeposits: 50 }, studentCredit: 120 });
    expect(january.months).toEqual([{ month: '2026-01', moneyIn: 50, moneyOut: 0, revenue: 0 }]);
    // A period across the turn of the year: both, each in its own month.
    const both = await read({ from: '2025-12-31', to: '2026-01-01' });
    expect(both.moneyIn.total).toBe(120);
    expect(both.months.map((m) => [m.month, m.moneyIn])).toEqual([
      ['2025-12', 70],
      ['2026-01', 50],
    ]);
  });
});
