import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type ListExportInput, type ListQueryInput, type WhereCondition } from '@tutoria/shared';
import { refusedWithoutWriting } from '../../../test/fees-factories.ts';
import { expectLedgerBalanced } from '../../../test/finance-factories.ts';
import { buildClassroom, HOUR, monday, type Person, person, WEEK } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { readXlsx } from '../../../test/xlsx.ts';

/**
 * The side costs list and its export (issue 28; docs/finance.md "Side costs list"): every live
 * side cost of the students in reach per class, filterable, with the count and sum of the whole
 * filtered set (from the ledger); a consultant sees their consultees' only.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
let otherConsultant: Person;
let teacher: Person;
let mine: Person;
let theirs: Person;
let maths: string;
let physics: string;
const start = monday(1) + 9 * HOUR;

async function upsert(who: Person, classroomId: string, student: Person, sideCosts: { sideCostId?: string; title: string; amount: number }[]) {
  const res = await t.call(contract.sideCosts.upsert, { body: { classroomId, studentPublicKey: student.publicKey, sideCosts } }, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sideCosts as { sideCostId: string; title: string; amount: number }[];
}

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant', { fullName: 'Cora Consultant' });
  otherConsultant = await person(t, 'AcademicConsultant');
  mine = await person(t, 'Student', { fullName: 'Mina Sides', consultantKey: consultant.publicKey });
  theirs = await person(t, 'Student', { fullName: 'Theo Sides', consultantKey: otherConsultant.publicKey });
  const a = await buildClassroom(t, { name: 'Sides maths', students: [mine, theirs], times: [{ start, end: start + HOUR }] });
  maths = a.classroomId;
  teacher = a.teacher;
  const b = await buildClassroom(t, { name: 'Sides physics', students: [mine], times: [{ start: start + WEEK, end: start + WEEK + HOUR }] });
  physics = b.classroomId;
  const first = await upsert(consultant, maths, mine, [{ title: 'Books', amount: 30.5 }, { title: 'Exam fee', amount: 20 }]);
  // A changed amount (reversal and a new charge) and a removed side cost (reversed): only live rows and charges count.
  await upsert(consultant, maths, mine, [{ sideCostId: first[0]!.sideCostId, title: 'Books', amount: 30.5 }, { sideCostId: first[1]!.sideCostId, title: 'Exam fee', amount: 25 }]);
  await upsert(consultant, physics, mine, [{ title: 'Uniform', amount: 12.25 }]);
  await upsert(consultant, physics, mine, [{ title: '=Trip', amount: 40 }]);
  await upsert(otherConsultant, maths, theirs, [{ title: 'Books', amount: 15 }]);
});
afterAll(() => t.close());

const list = (token: string, body: Partial<ListQueryInput> = {}) =>
  t.call(contract.sideCosts.all, { body: { page: { index: 1, size: 10 }, where: [], order: [], ...body } }, { token });
const equal = (column: string, operand: string): WhereCondition[] => [{ column, comparison: 'Equal', operand }];

/** −Σ the ledger's `side_costs` entries of some students: what their side costs charge. */
async function ledgerSideCosts(...students: Person[]) {
  const result = (await t.db.execute(sql`select coalesce(-sum(amount), 0)::numeric(18,2)::text as total from ledger_entries
    where account = 'side_costs' and student_key = any(${sql.param(students.map((s) => s.publicKey))}::uuid[])`)) as unknown as {
    rows: { total: string }[];
  };
  return Number(result.rows[0]!.total);
}

describe('the side costs list', () => {
  it('lists every live side cost per class, newest first, with totals of the whole filtered set equal to the ledger', async () => {
    const res = await list(finance.token, { page: { index: 1, size: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(4);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ studentName: 'Theo Sides', classroomName: 'Sides maths', title: 'Books', amount: 15 });
    expect(body.data[1]).toMatchObject({
      studentName: 'Mina Sides',
      consultantPublicKey: consultant.publicKey,
      consultantName: 'Cora Consultant',
      classroomId: physics,
      title: '=Trip',
      amount: 40,
    });
    // Not the page's sum: every filtered row's, as the ledger holds it.
    expect(body.totals).toEqual({ count: 4, amount: 110.5 });
    expect(body.totals.amount).toBe(await ledgerSideCosts(mine, theirs));
    await expectLedgerBalanced(t.db);
  });

  it('filters by student, class, consultant, title and recorded period; sorts by amount', async () => {
    const byStudent = (await list(finance.token, { where: [equal('studentPublicKey', mine.publicKey)] })).json();
    expect(byStudent.totals).toEqual({ count: 3, amount: 95.5 });
    expect(byStudent.totals.amount).toBe(await ledgerSideCosts(mine));
    const byClass = (await list(finance.token, { where: [equal('classroomId', maths)], order: [{ column: 'amount', descending: false }] })).json();
    expect(byClass.data.map((r: { amount: number }) => r.amount)).toEqual([15, 25, 30.5]);
    expect(byClass.totals).toEqual({ count: 3, amount: 70.5 });
    const byConsultant = (await list(finance.token, { where: [equal('consultantPublicKey', otherConsultant.publicKey)] })).json();
    expect(byConsultant.data.map((r: { studentName: string }) => r.studentName)).toEqual(['Theo Sides']);
    const byTitle = (await list(finance.token, { where: [[{ column: 'title', comparison: 'Contains', operand: 'book' }]] })).json();
    expect(byTitle.totals).toEqual({ count: 2, amount: 45.5 });
    const month = new Intl.DateTimeFormat('sv-SE', { timeZone: t.config.timeZone, year: 'numeric', month: '2-digit' }).format(new Date());
    expect((await list(finance.token, { where: [equal('period', month)] })).json().totals.count).toBe(4);
    expect((await list(finance.token, { where: [equal('period', '2001-01')] })).json()).toMatchObject({ data: [], totalCount: 0, totals: { count: 0, amount: 0 } });
  });

  it("a consultant sees their consultees' side costs only; another's rows are absent", async () => {
    const res = (await list(consultant.token)).json();
    expect(res.data.map((r: { studentName: string }) => r.studentName)).toEqual(['Mina Sides', 'Mina Sides', 'Mina Sides']);
    expect(res.totals).toEqual({ count: 3, amount: 95.5 });
    const asked = (await list(consultant.token, { where: [equal('studentPublicKey', theirs.publicKey)] })).json();
    expect(asked).toMatchObject({ data: [], totalCount: 0, totals: { count: 0, amount: 0 } });
  });

  it('refuses a teacher and a student; refuses an unknown column or field and writes nothing', async () => {
    for (const who of [teacher, mine]) await refusedWithoutWriting(t, () => list(who.token), 'ACCESS_DENIED');
    await refusedWithoutWriting(t, () => list(finance.token, { order: [{ column: 'transactionId', descending: true }] }), 'INVALID_QUERY');
    await refusedWithoutWriting(
      t,
      () => t.call(contract.sideCosts.all, { body: { page: { index: 1, size: 10 }, where: [], order: [], extra: 1 } as never }, { token: finance.token }),
      'FAILED_VALIDATION',
    );
  });
});

const exportBody = (extra: Partial<ListExportInput> = {}): ListExportInput => ({ format: 'xlsx', where: [], order: [], ...extra });
const c = contract.financeExports;

describe('the side costs export', () => {
  it('exports XLSX with Chinese headers and money as number cells, summing to the ledger', async () => {
    const res = await t.call(c.exportSideCosts, { body: exportBody({ order: [{ column: 'amount', descending: true }] }) }, { token: finance.token, language: 'zh' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-total-rows']).toBe('4');
    const [header, ...rows] = readXlsx(res.rawPayload);
    expect(header).toEqual(['学生', '顾问', '班级', '名称', '金额', '录入时间']);
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      ['Mina Sides', 'Cora Consultant', 'Sides physics', '=Trip', 40],
      ['Mina Sides', 'Cora Consultant', 'Sides maths', 'Books', 30.5],
      ['Mina Sides', 'Cora Consultant', 'Sides maths', 'Exam fee', 25],
      ['Theo Sides', otherConsultant.fullName, 'Sides maths', 'Books', 15],
    ]);
    expect(rows.every((r) => typeof r[5] === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(r[5]))).toBe(true);
    const sum = rows.reduce((cents, r) => cents + Math.round((r[4] as number) * 100), 0);
    expect(sum / 100).toBe(await ledgerSideCosts(mine, theirs));
  });

  it("exports CSV of the filtered rows; a consultant only their consultees'; formula-like text is quoted away", async () => {
    const res = await t.call(c.exportSideCosts, { body: exportBody({ format: 'csv', where: [equal('classroomId', physics)] }) }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Student,Consultant,Class,Title,Amount,Recorded at');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).toEqual(["Mina Sides,Cora Consultant,Sides physics,'=Trip,40.00"]);
    const scoped = await t.call(c.exportSideCosts, { body: exportBody({ format: 'csv' }) }, { token: consultant.token });
    expect(scoped.headers['x-total-rows']).toBe('3');
    expect(scoped.rawPayload.toString('utf8')).not.toContain('Theo Sides');
  });

  it('refuses a teacher and a student, and a column the list does not have', async () => {
    for (const who of [teacher, mine]) {
      await refusedWithoutWriting(t, () => t.call(c.exportSideCosts, { body: exportBody() }, { token: who.token }), 'ACCESS_DENIED');
    }
    await refusedWithoutWriting(
      t,
      () => t.call(c.exportSideCosts, { body: exportBody({ where: [equal('password', 'x')] }) }, { token: finance.token }),
      'INVALID_QUERY',
    );
  });
});
