import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { refusedWithoutWriting } from '../../../test/fees-factories.ts';
import { setPrice } from '../../../test/finance-factories.ts';
import { buildClassroom, HOUR, monday, type Person, person, recordSession, WEEK } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Debtor students (issue 11): whose held sessions and side costs in a class cost more than their
 * credit, with the amount and hours owed, from the ledger; sortable, filterable by consultant;
 * a consultant sees their consultees only; teachers and students are refused.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
let otherConsultant: Person;
let teacher: Person;
let mine: Person;
let theirs: Person;
const list = contract.debtors.list;
const held = monday(-1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  otherConsultant = await person(t, 'AcademicConsultant');
  mine = await person(t, 'Student', { consultantKey: consultant.publicKey });
  theirs = await person(t, 'Student', { consultantKey: otherConsultant.publicKey });
  const built = await buildClassroom(t, {
    students: [mine, theirs],
    times: [
      { start: held, end: held + 2 * HOUR },
      { start: held + 2 * WEEK, end: held + 2 * WEEK + HOUR },
    ],
  });
  teacher = built.teacher;
  await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
  await setPrice(t.db, built.classroomId, mine.publicKey, '100', '10');
  await setPrice(t.db, built.classroomId, theirs.publicKey, '50');
  const fixed = await t.call(contract.deposits.fixConfirmation, { body: { classroomId: built.classroomId } }, { token: finance.token });
  expect(fixed.statusCode, fixed.body).toBe(200);
});
afterAll(() => t.close());

const page = (extra: Record<string, unknown> = {}) => ({ page: { index: 1, size: 10 }, ...extra });

describe('debtor students', () => {
  it('lists who owes, most first: the amount (2 held hours × net price) and the hours', async () => {
    const res = await t.call(list, { body: page() }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      totalCount: 2,
      data: [
        { studentPublicKey: mine.publicKey, consultantName: consultant.fullName, paid: 0, used: 180, amountOwed: 180, hoursOwed: 2 },
        { studentPublicKey: theirs.publicKey, amountOwed: 100, hoursOwed: 2 },
      ],
    });
    const ascending = await t.call(list, { body: page({ order: [{ column: 'amountOwed', descending: false }] }) }, { token: finance.token });
    expect(ascending.json().data[0].studentPublicKey).toBe(theirs.publicKey);
  });

  it('filters by consultant; a consultant sees only their consultees', async () => {
    const byConsultant = page({ where: [[{ column: 'consultantPublicKey', comparison: 'Equal' as const, operand: otherConsultant.publicKey }]] });
    const filtered = await t.call(list, { body: byConsultant }, { token: finance.token });
    expect(filtered.json()).toMatchObject({ totalCount: 1, data: [{ studentPublicKey: theirs.publicKey }] });
    const own = await t.call(list, { body: page() }, { token: consultant.token });
    expect(own.json()).toMatchObject({ totalCount: 1, data: [{ studentPublicKey: mine.publicKey }] });
  });

  it('refuses a teacher and a student, and an unknown column', async () => {
    for (const who of [teacher, mine]) {
      await refusedWithoutWriting(t, () => t.call(list, { body: page() }, { token: who.token }), 'ACCESS_DENIED');
    }
    await refusedWithoutWriting(
      t,
      () => t.call(list, { body: page({ order: [{ column: 'password', descending: true }] }) }, { token: finance.token }),
      'INVALID_QUERY',
    );
  });
});
