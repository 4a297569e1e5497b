import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { refusedWithoutWriting } from '../../../test/fees-factories.ts';
import { createDeposit, depositBody, setPrice } from '../../../test/finance-factories.ts';
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
let paidUp: Person;
const list = contract.debtors.list;
const balances = contract.debtors.balances;
const held = monday(-1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  otherConsultant = await person(t, 'AcademicConsultant');
  mine = await person(t, 'Student', { consultantKey: consultant.publicKey });
  theirs = await person(t, 'Student', { consultantKey: otherConsultant.publicKey });
  paidUp = await person(t, 'Student', { consultantKey: consultant.publicKey });
  const built = await buildClassroom(t, {
    students: [mine, theirs, paidUp],
    times: [
      { start: held, end: held + 2 * HOUR },
      { start: held + 2 * WEEK, end: held + 2 * WEEK + HOUR },
    ],
  });
  teacher = built.teacher;
  await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
  await setPrice(t.db, built.classroomId, mine.publicKey, '100', '10');
  await setPrice(t.db, built.classroomId, theirs.publicKey, '50');
  await setPrice(t.db, built.classroomId, paidUp.publicKey, '40');
  const deposit = await createDeposit(t, finance.token, depositBody(paidUp, built.classroomId, { amount: 300 }));
  const confirmed = await t.call(contract.deposits.confirm, { body: { depositId: deposit } }, { token: finance.token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
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

  it('sorts by hours owed and by name, and filters by class name, each page joining only what it reads', async () => {
    const byHours = await t.call(list, { body: page({ order: [{ column: 'hoursOwed', descending: false }] }) }, { token: finance.token });
    expect(byHours.json().data.map((r: { hoursOwed: number }) => r.hoursOwed)).toEqual([2, 2]);
    const byName = await t.call(list, { body: page({ order: [{ column: 'studentName', descending: true }] }) }, { token: finance.token });
    const names = byName.json().data.map((r: { studentName: string }) => r.studentName);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? 1 : -1)));
    const className = byName.json().data[0].classroomName;
    const inClass = page({ where: [[{ column: 'classroomName', comparison: 'Equal' as const, operand: className }]], page: { index: 1, size: 1 } });
    expect((await t.call(list, { body: inClass }, { token: finance.token })).json()).toMatchObject({ totalCount: 2 });
    expect((await t.call(list, { body: inClass }, { token: consultant.token })).json()).toMatchObject({
      totalCount: 1,
      data: [{ studentPublicKey: mine.publicKey }],
    });
    const second = await t.call(balances, { body: { ...inClass, page: { index: 2, size: 1 } } }, { token: finance.token });
    expect(second.json()).toMatchObject({ totalCount: 3, data: [{ classroomName: className }] });
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

describe("students' balances", () => {
  const owes = (operand: unknown) => [[{ column: 'owes', comparison: 'Equal' as const, operand }]];

  it('lists every credit account, least remaining first: one in credit has a positive remaining, nothing owed', async () => {
    const res = await t.call(balances, { body: page() }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      totalCount: 3,
      data: [
        { studentPublicKey: mine.publicKey, remaining: -180, amountOwed: 180, hoursOwed: 2, balanceInHour: -2 },
        { studentPublicKey: theirs.publicKey, remaining: -100, amountOwed: 100, hoursOwed: 2, balanceInHour: -2 },
        { studentPublicKey: paidUp.publicKey, paid: 300, used: 80, remaining: 220, amountOwed: 0, hoursOwed: 0, balanceInHour: 5.5 },
      ],
    });
    const mostLeft = await t.call(balances, { body: page({ order: [{ column: 'remaining', descending: true }] }) }, { token: finance.token });
    expect(mostLeft.json().data[0].studentPublicKey).toBe(paidUp.publicKey);
  });

  it('with owes on lists the debtors only, as the debtor list does; off, those not owing', async () => {
    const owing = await t.call(balances, { body: page({ where: owes(true) }) }, { token: finance.token });
    const debtors = await t.call(list, { body: page() }, { token: finance.token });
    expect(owing.json()).toEqual(debtors.json());
    const notOwing = await t.call(balances, { body: page({ where: owes('false') }) }, { token: finance.token });
    expect(notOwing.json()).toMatchObject({ totalCount: 1, data: [{ studentPublicKey: paidUp.publicKey }] });
  });

  it('scopes a consultant to their consultees, filters by name, and refuses others', async () => {
    const own = await t.call(balances, { body: page() }, { token: consultant.token });
    expect(own.json().data.map((d: { studentPublicKey: string }) => d.studentPublicKey)).toEqual([mine.publicKey, paidUp.publicKey]);
    const byName = page({ where: [[{ column: 'studentName', comparison: 'Contains' as const, operand: paidUp.fullName }]] });
    expect((await t.call(balances, { body: byName }, { token: finance.token })).json()).toMatchObject({ totalCount: 1 });
    for (const who of [teacher, paidUp]) {
      await refusedWithoutWriting(t, () => t.call(balances, { body: page() }, { token: who.token }), 'ACCESS_DENIED');
    }
  });

  it('refuses an unknown column, an owes that is not a boolean, and a malformed body', async () => {
    await refusedWithoutWriting(
      t,
      () => t.call(balances, { body: page({ where: [[{ column: 'password', comparison: 'Equal', operand: 'x' }]] }) }, { token: finance.token }),
      'INVALID_QUERY',
    );
    await refusedWithoutWriting(t, () => t.call(balances, { body: page({ where: owes('maybe') }) }, { token: finance.token }), 'INVALID_QUERY');
    await refusedWithoutWriting(t, () => t.call(balances, { body: page({ order: [{ column: 'owes' }] }) }, { token: finance.token }), 'INVALID_QUERY');
    await refusedWithoutWriting(t, () => t.call(balances, { body: page({ extra: 1 }) }, { token: finance.token }), 'FAILED_VALIDATION');
  });
});
