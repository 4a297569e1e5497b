import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { refusedWithoutWriting } from '../../../test/fees-factories.ts';
import { createDeposit, creditOf, depositBody, expectLedgerBalanced, setPrice } from '../../../test/finance-factories.ts';
import { buildClassroom, HOUR, monday, type Person, person, WEEK } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Students' side costs in a class (issue 11; docs/finance.md "Side costs"): set by the student's
 * consultant as a whole list; each is a ledger charge, a change a reversal and a new charge, a
 * removal a reversal; they count in used and remaining and are paid from the credit before sessions.
 */
let t: TestApp;
let admin: Person;
let finance: Person;
let consultant: Person;
let otherConsultant: Person;
let teacher: Person;
let student: Person;
let stranger: Person;
let classroomId: string;
const c = contract.sideCosts;
const start = monday(1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  otherConsultant = await person(t, 'AcademicConsultant');
  student = await person(t, 'Student', { consultantKey: consultant.publicKey });
  stranger = await person(t, 'Student', { consultantKey: otherConsultant.publicKey });
  const built = await buildClassroom(t, {
    students: [student, stranger],
    times: [
      { start, end: start + HOUR },
      { start: start + WEEK, end: start + WEEK + HOUR },
    ],
  });
  classroomId = built.classroomId;
  teacher = built.teacher;
  // 100/h: two sessions cost 200; a confirmed deposit of 200 covers both.
  await setPrice(t.db, classroomId, student.publicKey, '100');
  // The classmate costs nothing, so only our student's credit decides whether a session is formal.
  await setPrice(t.db, classroomId, stranger.publicKey, '0');
  const depositId = await createDeposit(t, finance.token, depositBody(student, classroomId, { amount: 200 }));
  const confirmed = await t.call(contract.deposits.confirm, { body: { depositId } }, { token: finance.token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
});
afterAll(() => t.close());

const body = (who: Person, sideCosts: { sideCostId?: string; title: string; amount: number }[]) => ({
  classroomId,
  studentPublicKey: who.publicKey,
  sideCosts,
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const formal = () =>
  rows<{ n: number }>(sql`select count(*)::int as n from classroom_sessions where classroom_id = ${classroomId} and financial_confirmation`).then((r) => r[0]!.n);

describe('side costs', () => {
  let booksId: string;

  it('the consultant adds side costs: charged to the credit in the ledger, counted in used, paid before sessions', async () => {
    expect(await formal()).toBe(2);
    const res = await t.call(c.upsert, { body: body(student, [{ title: 'Books', amount: 30.5 }, { title: 'Exam fee', amount: 20 }]) }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Side costs saved.');
    expect(res.json().sideCosts).toMatchObject([
      { title: 'Books', amount: 30.5 },
      { title: 'Exam fee', amount: 20 },
    ]);
    booksId = res.json().sideCosts[0].sideCostId;
    expect(res.json().balances).toEqual([expect.objectContaining({ studentPublicKey: student.publicKey, paid: 200, used: 50.5, remaining: 149.5, reservedSessions: 1 })]);
    expect(await creditOf(t.db, student.publicKey, classroomId)).toBe('149.50');
    // 200 − 50.50 leaves 149.50 for sessions: the first (100) is covered, the second not.
    expect(await formal()).toBe(1);
    const charges = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where kind = 'charge.sideCost'`);
    expect(charges[0]!.n).toBe(2);
    await expectLedgerBalanced(t.db);
    const audit = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'prices.sideCosts' and entity_id = ${classroomId}`);
    expect(audit[0]!.n).toBe(1);
  });

  it('a changed amount reverses the charge and posts the new one; a title change moves no money; a missing one is removed', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_transactions`);
    const res = await t.call(c.upsert, { body: body(student, [{ sideCostId: booksId, title: 'Textbooks', amount: 30.5 }]) }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sideCosts).toMatchObject([{ sideCostId: booksId, title: 'Textbooks', amount: 30.5 }]);
    // The exam fee was removed: one reversal, nothing for the title.
    const after = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_transactions`);
    expect(after[0]!.n - before[0]!.n).toBe(1);
    expect(await creditOf(t.db, student.publicKey, classroomId)).toBe('169.50');
    const changed = await t.call(c.upsert, { body: body(student, [{ sideCostId: booksId, title: 'Textbooks', amount: 12 }]) }, { token: admin.token });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await creditOf(t.db, student.publicKey, classroomId)).toBe('188.00');
    const books = await rows<{ kind: string }>(sql`select kind from ledger_transactions where memo = ${booksId} order by create_moment, kind`);
    expect(books.map((b) => b.kind).sort()).toEqual(['charge.sideCost', 'charge.sideCost', 'charge.sideCostReversed']);
    const removed = await rows<{ n: number }>(sql`select count(*)::int as n from student_side_costs where student_key = ${student.publicKey} and removed_at is not null`);
    expect(removed[0]!.n).toBe(1);
    await expectLedgerBalanced(t.db);
  });

  it('lists the live side costs of the students in reach only', async () => {
    const res = await t.call(c.list, { query: { classroomId } }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sideCosts).toEqual([expect.objectContaining({ sideCostId: booksId, title: 'Textbooks', amount: 12, studentName: student.fullName })]);
    const theirs = await t.call(c.list, { query: { classroomId } }, { token: otherConsultant.token });
    expect(theirs.json().sideCosts).toEqual([]);
    await refusedWithoutWriting(t, () => t.call(c.list, { query: { classroomId } }, { token: teacher.token }), 'ACCESS_DENIED');
  });

  it('removing all of them reverses every charge and gives the sessions back their credit', async () => {
    const res = await t.call(c.upsert, { body: body(student, []) }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sideCosts).toEqual([]);
    expect(await creditOf(t.db, student.publicKey, classroomId)).toBe('200.00');
    // With the side costs gone, 200 covers both sessions again.
    expect(await formal()).toBe(2);
    await expectLedgerBalanced(t.db);
  });

  it("answers 404 for another consultant's student and for an unknown side cost", async () => {
    await refusedWithoutWriting(t, () => t.call(c.upsert, { body: body(stranger, [{ title: 'Books', amount: 5 }]) }, { token: consultant.token }), 'FETCH_DATA_FAILED');
    await refusedWithoutWriting(
      t,
      () => t.call(c.upsert, { body: body(student, [{ sideCostId: '00000000-0000-4000-8000-000000000000', title: 'Books', amount: 5 }]) }, { token: consultant.token }),
      'FETCH_DATA_FAILED',
    );
  });

  it('refuses a student who is not in that class', async () => {
    const other = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const res = await refusedWithoutWriting(t, () => t.call(c.upsert, { body: body(other, [{ title: 'Books', amount: 5 }]) }, { token: consultant.token }), 'FAILED_VALIDATION');
    expect(res.json().details[0]).toMatchObject({ field: 'studentPublicKey', message: 'This student is not in that class.' });
  });

  it.each([
    ['a zero amount', { title: 'Books', amount: 0 }, 'sideCosts.0.amount'],
    ['a negative amount', { title: 'Books', amount: -3 }, 'sideCosts.0.amount'],
    ['three decimals', { title: 'Books', amount: 1.005 }, 'sideCosts.0.amount'],
    ['an empty title', { title: '  ', amount: 5 }, 'sideCosts.0.title'],
  ])('refuses %s without writing', async (_name, item, field) => {
    const res = await refusedWithoutWriting(t, () => t.call(c.upsert, { body: body(student, [item]) }, { token: consultant.token }), 'FAILED_VALIDATION');
    expect(res.json().details[0].field).toBe(field);
  });

  it('refuses roles without prices.setStudentCost (financial admin, teacher, student)', async () => {
    for (const who of [finance, teacher, student]) {
      await refusedWithoutWriting(t, () => t.call(c.upsert, { body: body(student, [{ title: 'Books', amount: 5 }]) }, { token: who.token }), 'ACCESS_DENIED');
    }
  });
});
