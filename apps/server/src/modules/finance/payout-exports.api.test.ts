import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type ListExportInput } from '@tutoria/shared';
import { contractBody, contractState, createContract, payContract } from '../../../test/contract-factories.ts';
import { expectLedgerBalanced } from '../../../test/finance-factories.ts';
import { expectRefused, type Person, person } from '../../../test/scheduling-factories.ts';
import { earningClass, payAll, settlementState } from '../../../test/settlement-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { readXlsx } from '../../../test/xlsx.ts';

/**
 * Issue 28's exports of settlements, contracts and teachers' balance (SPEC §7 Exports; docs/finance.md
 * "Exports"): the list's filters and order, its access and scope, headers and enum values in the
 * caller's language, money as number cells, and figures equal to the ledger.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
let tara: Person;
let tom: Person;
let mina: Person;
let theo: Person;
let minaContract: string;
const c = contract.financeExports;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant', { fullName: 'Cora Consultant' });
  const otherConsultant = await person(t, 'AcademicConsultant');
  tara = await person(t, 'Teacher', { fullName: 'Tara Teach' });
  tom = await person(t, 'Teacher', { fullName: 'Tom Teach' });
  mina = await person(t, 'Student', { fullName: 'Mina Contract', consultantKey: consultant.publicKey });
  theo = await person(t, 'Student', { fullName: 'Theo Contract', consultantKey: otherConsultant.publicKey });
  // Tara: two sessions at 80/h (1 h and 1.5 h) paid; Tom: one of 2 h at 50/h in a waiting settlement.
  await earningClass(t, finance, { teacher: tara, hours: [1, 1.5], salary: 80, name: 'Tara class' });
  await payAll(t, finance.token, tara);
  await earningClass(t, finance, { teacher: tom, hours: [2], salary: 50, name: 'Tom class' });
  await payAll(t, finance.token, tom, { pay: false, description: '=sum(A1)' });
  minaContract = (await createContract(t, consultant.token, contractBody(mina))).contractId;
  await payContract(t, consultant.token, mina, minaContract, 1000, finance);
  await createContract(
    t,
    finance.token,
    contractBody(theo, { contractType: 'ProjectsOrAcademicConferences', contractValue: 2000, additionalContracts: [], discountValue: 0 }),
  );
});
afterAll(() => t.close());

const exportBody = (extra: Partial<ListExportInput> = {}): ListExportInput => ({ format: 'xlsx', where: [], order: [], ...extra });
const csvLines = (payload: Buffer) => payload.toString('utf8').slice(1).trimEnd().split('\r\n');

async function ledgerSum(account: string, kind: string) {
  const result = (await t.db.execute(sql`select coalesce(sum(e.amount), 0)::numeric(18,2)::text as total
    from ledger_entries e join ledger_transactions x on x.transaction_id = e.transaction_id
    where e.account = ${account} and x.kind like ${kind}`)) as unknown as { rows: { total: string }[] };
  return Number(result.rows[0]!.total);
}

/** A refused call (status and code) that left settlements, contracts and the ledger as they were. */
async function refusedUnchanged(call: () => ReturnType<TestApp['call']>, code: Parameters<typeof expectRefused>[1]) {
  const before = [await settlementState(t.db), await contractState(t.db)];
  expectRefused(await call(), code);
  expect([await settlementState(t.db), await contractState(t.db)]).toEqual(before);
}

describe('settlements export', () => {
  it('exports every settlement the list shows, in English, money and hours as numbers; paid equals the ledger', async () => {
    const res = await t.call(c.exportSettlements, { body: exportBody({ order: [{ column: 'amount', descending: true }] }) }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-rows']).toBe('2');
    const [header, ...rows] = readXlsx(res.rawPayload);
    expect(header).toEqual(['Teacher', 'Type', 'Class', 'Lesson type', 'Amount', 'Sessions', 'Hours', 'From', 'To', 'State', 'Paid at', 'Description', 'Recorded at']);
    expect(rows.map((r) => [r[0], r[1], r[2], r[4], r[5], r[6], r[9]])).toEqual([
      ['Tara Teach', 'Teaching salary', 'Tara class', 200, 2, 2.5, 'Paid'],
      ['Tom Teach', 'Teaching salary', 'Tom class', 100, 1, 2, 'Waiting'],
    ]);
    expect(rows[0]![10]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(rows[1]![10]).toBeNull();
    // What the paid rows pay is what the ledger's settlements debited the teachers' payable.
    expect(rows.filter((r) => r[9] === 'Paid').reduce((sum, r) => sum + (r[4] as number), 0)).toBe(await ledgerSum('teacher_payable', 'settlement.%'));
  });

  it('takes the list filters; CSV in Chinese with the formula-like description made text', async () => {
    const res = await t.call(
      c.exportSettlements,
      { body: exportBody({ format: 'csv', where: [[{ column: 'teacherPublicKey', comparison: 'Equal', operand: tom.publicKey }]] }) },
      { token: finance.token, language: 'zh' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const lines = csvLines(res.rawPayload);
    expect(lines[0]).toBe('教师,类型,班级,课程类型,金额,课次,课时,开始日期,结束日期,状态,支付时间,说明,录入时间');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.split(',').slice(0, 7)).toEqual(['Tom Teach', '课酬', 'Tom class', expect.any(String), '100.00', '1', '2.00']);
    expect(lines[1]).toContain("'=sum(A1)");
    expect(lines[1]).toContain('待支付');
  });

  it('refuses a consultant, a teacher and a student, and a column the list does not have, writing nothing', async () => {
    for (const who of [consultant, tara, mina]) await refusedUnchanged(() => t.call(c.exportSettlements, { body: exportBody() }, { token: who.token }), 'ACCESS_DENIED');
    await refusedUnchanged(() => t.call(c.exportSettlements, { body: exportBody({ order: [{ column: 'password', descending: true }] }) }, { token: finance.token }), 'INVALID_QUERY');
  });
});

describe("teachers' balance export", () => {
  it("answers each teacher's earned, paid and unpaid as getAllTeachersSum does; unpaid sums to the ledger", async () => {
    const sums = (await t.call(contract.settlements.allTeachersSum, { query: {} }, { token: finance.token })).json();
    const res = await t.call(c.exportTeachersBalance, { query: { format: 'xlsx' } }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-rows']).toBe(String(sums.teachers.length));
    const [header, ...rows] = readXlsx(res.rawPayload);
    expect(header).toEqual(['Teacher', 'Sessions held', 'Hours', 'Earned', 'Paid', 'Unpaid', 'Other payments', 'In waiting settlements']);
    expect(rows).toEqual([
      ['Tara Teach', 2, 2.5, 200, 200, 0, 0, 0],
      ['Tom Teach', 1, 2, 100, 0, 100, 0, 100],
    ]);
    expect(rows.map((r) => r[5])).toEqual(sums.teachers.map((s: { unpaid: number }) => s.unpaid));
    expect(rows.reduce((sum, r) => sum + (r[5] as number), 0)).toBe(-(await ledgerSum('teacher_payable', '%')));
  });

  it('takes the lesson type filter (CSV), and is refused to a consultant and a teacher', async () => {
    const res = await t.call(c.exportTeachersBalance, { query: { format: 'csv', lessonType: 'IELTS_Online' } }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-rows']).toBe('0');
    expect(csvLines(res.rawPayload)).toEqual(['Teacher,Sessions held,Hours,Earned,Paid,Unpaid,Other payments,In waiting settlements']);
    for (const who of [consultant, tara]) await refusedUnchanged(() => t.call(c.exportTeachersBalance, { query: { format: 'csv' } }, { token: who.token }), 'ACCESS_DENIED');
    await refusedUnchanged(() => t.call(c.exportTeachersBalance, { query: { format: 'pdf' } as never }, { token: finance.token }), 'FAILED_VALIDATION');
  });
});

describe('contracts export', () => {
  it('exports contracts with their figures, paid from the ledger; Chinese type labels', async () => {
    const res = await t.call(c.exportContracts, { body: exportBody({ order: [{ column: 'studentName', descending: false }] }) }, { token: finance.token, language: 'zh' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-rows']).toBe('2');
    const [header, ...rows] = readXlsx(res.rawPayload);
    expect(header).toEqual(['学生', '顾问', '合同类型', '合同金额', '附加合同', '优惠', '应付', '已付', '待确认', '余额', '付款笔数', '录入时间']);
    expect(rows.map((r) => r.slice(0, 11))).toEqual([
      ['Mina Contract', 'Cora Consultant', '大学申请', 5000, 800.5, 300, 5500.5, 1000, 0, 4500.5, 1],
      ['Theo Contract', expect.any(String), '项目或学术会议', 2000, 0, 0, 2000, 0, 0, 2000, 0],
    ]);
    expect(rows.reduce((sum, r) => sum + (r[7] as number), 0)).toBe(-(await ledgerSum('contract_revenue', '%')));
    await expectLedgerBalanced(t.db);
  });

  it("a consultant exports only their students' contracts (CSV); the list's filters apply", async () => {
    const res = await t.call(c.exportContracts, { body: exportBody({ format: 'csv' }) }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    const lines = csvLines(res.rawPayload);
    expect(lines[0]).toBe('Student,Consultant,Contract type,Value,Additional contracts,Discount,To pay,Paid,Waiting,Balance,Payments,Recorded at');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 10).join(','))).toEqual([
      'Mina Contract,Cora Consultant,University application,5000.00,800.50,300.00,5500.50,1000.00,0.00,4500.50',
    ]);
    const asked = await t.call(
      c.exportContracts,
      { body: exportBody({ format: 'csv', where: [[{ column: 'studentPublicKey', comparison: 'Equal', operand: theo.publicKey }]] }) },
      { token: consultant.token },
    );
    expect(asked.headers['x-total-rows']).toBe('0');
    const typed = await t.call(
      c.exportContracts,
      { body: exportBody({ where: [[{ column: 'contractType', comparison: 'Equal', operand: 'ProjectsOrAcademicConferences' }]] }) },
      { token: finance.token },
    );
    expect(readXlsx(typed.rawPayload).slice(1).map((r) => r[0])).toEqual(['Theo Contract']);
  });

  it('refuses a teacher and a student, an unknown column and an unknown field, writing nothing', async () => {
    for (const who of [tara, mina]) await refusedUnchanged(() => t.call(c.exportContracts, { body: exportBody() }, { token: who.token }), 'ACCESS_DENIED');
    await refusedUnchanged(() => t.call(c.exportContracts, { body: exportBody({ order: [{ column: 'paid', descending: true }] }) }, { token: finance.token }), 'INVALID_QUERY');
    await refusedUnchanged(() => t.call(c.exportContracts, { body: { ...exportBody(), page: { index: 1, size: 10 } } as never }, { token: finance.token }), 'FAILED_VALIDATION');
  });
});
