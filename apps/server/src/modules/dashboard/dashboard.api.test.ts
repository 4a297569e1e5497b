import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contract, type Dashboard } from '@tutoria/shared';
import { classroomSessions } from '../../db/schema/scheduling.ts';
import { createDeposit, depositBody, expectLedgerBalanced } from '../../../test/finance-factories.ts';
import {
  type BuiltClassroom,
  buildClassroom,
  DAY,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The dashboard (issue 29) on a hand-built centre (the test centre's zone is UTC): every figure
 * checked exactly per role and scope — a teacher counts their classes only, a consultant their
 * consultees' classes and money — finance only for finance roles, a Student refused.
 */
let t: TestApp;
let admin: Person, finance: Person, leader: Person, scheduler: Person;
let consultant: Person, consultant2: Person, teacherT: Person, teacherU: Person, assistant: Person;
let sara: Person, sam: Person, sue: Person;
let classA: BuiltClassroom, classB: BuiltClassroom;

const now = () => Math.floor(Date.now() / 1000);
const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
const hourAt = (start: number) => ({ start, end: start + HOUR });
const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
// Class A (Tina): today 01:00 held and confirmed by the teacher, today 03:00 cancelled, today 20:00, next week.
const startsA = [today + HOUR, today + 3 * HOUR, today + 20 * HOUR, monday(1) + 9 * HOUR];
// Class B (Uma): last week confirmed by the teacher, today 05:00, today 22:00, next week.
const startsB = [monday(-1) + 9 * HOUR, today + 5 * HOUR, today + 22 * HOUR, monday(1) + 11 * HOUR];

async function dashboardOf(caller: Person): Promise<Dashboard> {
  const res = await t.call(contract.dashboard.get, {}, { token: caller.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

/** Today's live sessions not held yet, split by whether they have started. */
const split = (starts: number[]) => ({
  toRecord: starts.filter((s) => s <= now()).length,
  upcoming: starts.filter((s) => s > now()).length,
});

beforeAll(async () => {
  t = await createTestApp();
  [admin, finance, leader, scheduler] = await Promise.all([
    person(t, 'Admin'),
    person(t, 'FinancialAdmin'),
    person(t, 'TeamLeader'),
    person(t, 'SchedulingAdmin'),
  ]);
  consultant = await person(t, 'AcademicConsultant');
  consultant2 = await person(t, 'AcademicConsultant');
  teacherT = await person(t, 'Teacher');
  teacherU = await person(t, 'Teacher');
  sara = await person(t, 'Student', { consultantKey: consultant.publicKey });
  sam = await person(t, 'Student', { consultantKey: consultant2.publicKey });
  sue = await person(t, 'Student');
  classA = await buildClassroom(t, { teacher: teacherT, students: [sara], assistant: true, times: startsA.map(hourAt) });
  assistant = classA.assistant!;
  classB = await buildClassroom(t, { teacher: teacherU, students: [sam, sue], times: startsB.map(hourAt) });
  await recordSession(t.db, classA.sessionIds[0]!, { teachingDay: true, confirmation: 'confirmedByTeacher' });
  await recordSession(t.db, classB.sessionIds[0]!, { teachingDay: true, confirmation: 'confirmedByTeacher' });
  await t.db
    .update(classroomSessions)
    .set({ state: 'canceled' })
    .where(sql`${classroomSessions.sessionId} = ${classA.sessionIds[1]!}`);
  // Money in a class without sessions (no allocation touches A's or B's sessions): Sara 300 and
  // 160.50, Sam 200 confirmed, Sam 50 waiting; Sue's 500 side cost makes her the one debtor.
  const classC = await buildClassroom(t, { teacher: teacherU, students: [sara, sam, sue], times: [] });
  for (const [student, amount, confirm] of [
    [sara, 300, true],
    [sara, 160.5, true],
    [sam, 200, true],
    [sam, 50, false],
  ] as const) {
    const depositId = await createDeposit(t, admin.token, depositBody(student, classC.classroomId, { amount }));
    if (confirm) {
      const res = await t.call(contract.deposits.confirm, { body: { depositId } }, { token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const side = await t.call(
    contract.sideCosts.upsert,
    { body: { classroomId: classC.classroomId, studentPublicKey: sue.publicKey, sideCosts: [{ title: 'Books', amount: 500 }] } },
    { token: admin.token },
  );
  expect(side.statusCode, side.body).toBe(200);
  await t.events.drain();
});

afterAll(async () => {
  await expectLedgerBalanced(t.db);
  await t.close();
});

describe('the dashboard', () => {
  it('gives an admin every class of the day, the week, the waiting and reserved sessions, students and money', async () => {
    const d = await dashboardOf(admin);
    expect(d.today).toEqual({
      date: dateOf(today),
      held: 1,
      cancelled: 1,
      ...split([startsA[2]!, startsB[1]!, startsB[2]!]),
    });
    // This week: A's held hour; booked: A's 20:00, B's 05:00 and 22:00 (B's last-week session is not in it).
    expect(d.week.from).toBe(dateOf(monday(0)));
    expect(d.week.to).toBe(dateOf(monday(0) + 6 * DAY));
    expect(d.week.days).toHaveLength(7);
    expect(d.week.heldHours).toBe(1);
    expect(d.week.bookedHours).toBe(3);
    expect(d.week.days.find((day) => day.date === dateOf(today))).toEqual({ date: dateOf(today), heldHours: 1, bookedHours: 3 });
    expect(d.waitingForAdmin).toBe(2);
    // From today on, not cancelled, no financial confirmation: A's three, B's three.
    expect(d.reserved).toBe(6);
    expect(d.students).toEqual({ newThisMonth: 3 });
    expect(d.finance).toEqual({ month: dateOf(today).slice(0, 7), moneyIn: 660.5, debtors: 1 });
  });

  it('gives a teacher and their assistant only their classes, without money', async () => {
    const tina = await dashboardOf(teacherT);
    expect(tina.today).toEqual({ date: dateOf(today), held: 1, cancelled: 1, ...split([startsA[2]!]) });
    expect([tina.week.heldHours, tina.week.bookedHours]).toEqual([1, 1]);
    expect([tina.waitingForAdmin, tina.reserved]).toEqual([1, 3]);
    expect(tina.students).toEqual({ newThisMonth: 1 });
    expect(tina.finance).toBeUndefined();
    expect(await dashboardOf(assistant)).toEqual(tina);

    const uma = await dashboardOf(teacherU);
    expect(uma.today).toEqual({ date: dateOf(today), held: 0, cancelled: 0, ...split([startsB[1]!, startsB[2]!]) });
    expect([uma.week.heldHours, uma.week.bookedHours]).toEqual([0, 2]);
    expect([uma.waitingForAdmin, uma.reserved]).toEqual([1, 3]);
    // Uma teaches Sam and Sue (B), and Sara too in C.
    expect(uma.students).toEqual({ newThisMonth: 3 });
    expect(uma.finance).toBeUndefined();
  });

  it("gives a consultant their consultees' classes and money only", async () => {
    const cat = await dashboardOf(consultant);
    expect(cat.today).toEqual({ date: dateOf(today), held: 1, cancelled: 1, ...split([startsA[2]!]) });
    expect([cat.waitingForAdmin, cat.reserved]).toEqual([1, 3]);
    expect(cat.students).toEqual({ newThisMonth: 1 });
    expect(cat.finance).toEqual({ month: dateOf(today).slice(0, 7), moneyIn: 460.5, debtors: 0 });

    const dan = await dashboardOf(consultant2);
    expect(dan.today).toEqual({ date: dateOf(today), held: 0, cancelled: 0, ...split([startsB[1]!, startsB[2]!]) });
    expect(dan.finance).toEqual({ month: dateOf(today).slice(0, 7), moneyIn: 200, debtors: 0 });
  });

  it('shows money to the financial admin and none to the scheduling admin or team leader', async () => {
    const everyone = await dashboardOf(admin);
    const money = await dashboardOf(finance);
    expect(money.finance).toEqual(everyone.finance);
    expect(money.today).toEqual(everyone.today);
    for (const caller of [scheduler, leader]) {
      const d = await dashboardOf(caller);
      expect(d.finance).toBeUndefined();
      expect(d.today).toEqual(everyone.today);
      expect(d.students).toEqual({ newThisMonth: 3 });
    }
  });

  it('refuses a student and an anonymous caller', async () => {
    expect((await t.call(contract.dashboard.get, {}, { token: sara.token })).statusCode).toBe(403);
    expect((await t.call(contract.dashboard.get, {})).statusCode).toBe(401);
  });
});
