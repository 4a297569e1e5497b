import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contract, type StudentMoney, type StudentOverview } from '@tutoria/shared';
import { exams, homeworks, surveyResponses } from '../../db/schema/index.ts';
import { classroomSessions } from '../../db/schema/scheduling.ts';
import { expectLedgerBalanced, setPrice } from '../../../test/finance-factories.ts';
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
import { openRound, writeQuestions } from '../../../test/survey-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A student's page (issue 31): each section as every role that may or may not see it, out-of-reach
 * students answering 404, a teacher seeing no money and only their classes, a consultant only their
 * consultees, a student only their own page, bad input refused by field, and the figures checked
 * against the data and against finance's own answers.
 */
const p = contract.studentPage;
let t: TestApp;
let admin: Person, finance: Person, leader: Person, scheduler: Person;
let consultant: Person, consultant2: Person, teacherT: Person, teacherU: Person;
let sara: Person, sam: Person, sue: Person;
let classA: BuiltClassroom, classB: BuiltClassroom;

const at = (weeks: number, hour: number) => ({ start: monday(weeks) + hour * HOUR, end: monday(weeks) + (hour + 1) * HOUR });
const ok = async (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const asStaff = (caller: Person, endpoint: (typeof p)[keyof typeof p], student: Person, extra = {}) =>
  t.call(endpoint, { query: { studentPublicKey: student.publicKey, ...extra } } as never, { token: caller.token });
const week = { from: monday(-1), to: monday(-1) + 31 * DAY };
const sections = [p.overview, p.money, p.academic, p.progress, p.surveys] as const;

beforeAll(async () => {
  t = await createTestApp();
  [admin, finance, leader, scheduler] = await Promise.all([
    person(t, 'Admin'),
    person(t, 'FinancialAdmin'),
    person(t, 'TeamLeader'),
    person(t, 'SchedulingAdmin'),
  ]);
  consultant = await person(t, 'AcademicConsultant', { fullName: 'Consultant Cat' });
  consultant2 = await person(t, 'AcademicConsultant');
  teacherT = await person(t, 'Teacher', { fullName: 'Teacher Tina' });
  teacherU = await person(t, 'Teacher', { fullName: 'Teacher Uma' });
  sara = await person(t, 'Student', { fullName: 'Student Sara', consultantKey: consultant.publicKey });
  sam = await person(t, 'Student', { fullName: 'Student Sam', consultantKey: consultant2.publicKey });
  sue = await person(t, 'Student', { fullName: 'Student Sue' });
  classA = await buildClassroom(t, { teacher: teacherT, students: [sara, sam], assistant: true, times: [at(-1, 9), at(1, 9)], name: 'Algebra A' });
  classB = await buildClassroom(t, { teacher: teacherU, students: [sara, sue], times: [at(-1, 11), at(1, 11)], name: 'Biology B' });
  await recordSession(t.db, classA.sessionIds[0]!, {
    presences: [{ student: sara, isPresent: true }, { student: sam, isPresent: true }],
    teachingDay: true,
    confirmation: 'confirmedByTeacher',
  });
  await t.db
    .update(classroomSessions)
    .set({ taughtLessonIds: [classA.lessonId] })
    .where(sql`${classroomSessions.sessionId} = ${classA.sessionIds[0]!}`);
  await recordSession(t.db, classB.sessionIds[0]!, {
    presences: [{ student: sara, isPresent: false }, { student: sue, isPresent: true }],
    teachingDay: true,
    confirmation: 'confirmedByTeacher',
  });
  // Money: Sara pays 300 in A and 160.50 in B (confirmed), 50 in A waits; a 500 side cost in B puts her in debt there.
  await setPrice(t.db, classA.classroomId, sara.publicKey, '100');
  await setPrice(t.db, classB.classroomId, sara.publicKey, '80');
  for (const [classroomId, amount, confirm] of [
    [classA.classroomId, 300, true],
    [classB.classroomId, 160.5, true],
    [classA.classroomId, 50, false],
  ] as const) {
    const body = { studentPublicKey: sara.publicKey, classroomId, amount, chargeAt: monday(-2), paymentMethod: 'Cash' as const };
    const { deposit } = await ok(await t.call(contract.deposits.create, { body }, { token: admin.token }));
    if (confirm) await ok(await t.call(contract.deposits.confirm, { body: { depositId: deposit.depositId } }, { token: admin.token }));
  }
  for (const classroom of [classA, classB])
    await ok(await t.call(contract.deposits.fixConfirmation, { body: { classroomId: classroom.classroomId } }, { token: admin.token }));
  await ok(
    await t.call(
      contract.sideCosts.upsert,
      { body: { classroomId: classB.classroomId, studentPublicKey: sara.publicKey, sideCosts: [{ title: 'Books', amount: 500 }] } },
      { token: admin.token },
    ),
  );
  await t.events.drain();
  // Academic records of Sara in A: a homework done and one pending, a scored exam and one pending.
  const record = { sessionId: classA.sessionIds[0]!, classroomId: classA.classroomId, studentKey: sara.publicKey };
  await t.db.insert(homeworks).values([
    { ...record, subtitle: 'Algebra', deadLine: new Date(), form: 'written', state: 'Done' },
    { ...record, subtitle: 'Graphs', deadLine: new Date(), form: 'written', state: 'Pending' },
  ]);
  await t.db.insert(exams).values([
    { ...record, examType: 'TitleExam', score: '80.00', examState: 'Done' },
    { ...record, examType: 'NameExam', examState: 'Pending' },
  ]);
  await ok(
    await t.call(
      contract.progress.createCoursePlan,
      {
        body: {
          studentPublicKey: sara.publicKey,
          lessonType: 'A_LEVEL_Offline',
          sessionPerWeek: 2,
          lessonTopic: 'Algebra',
          suggestedHours: 20,
          classType: 'TwoOrThreePerson',
          status: 'New',
        },
      },
      { token: consultant.token },
    ),
  );
  // A survey round over the held sessions: Sara rated A, not B.
  await writeQuestions(t, leader, ['Explanations']);
  const round = await openRound(t, leader, monday(-2), monday(1), 'Spring survey');
  await t.db.insert(surveyResponses).values({
    roundId: round.roundId,
    classroomId: classA.classroomId,
    teacherKey: teacherT.publicKey,
    studentKey: sara.publicKey,
  });
}, 120_000);
afterAll(() => t.close());

describe('studentPage.overview', () => {
  it("shows the consultant their consultee's card, classes and every section", async () => {
    const body = (await ok(await asStaff(consultant, p.overview, sara))) as StudentOverview;
    expect(body.student).toMatchObject({
      publicKey: sara.publicKey,
      fullName: 'Student Sara',
      status: 'active',
      consultant: { publicKey: consultant.publicKey, fullName: 'Consultant Cat' },
      profile: null,
    });
    expect(body.classes.map((c) => [c.classroomName, c.teacher?.fullName, c.sessionsHeld, c.sessionsTotal, c.nextSessionStart])).toEqual([
      ['Algebra A', 'Teacher Tina', 1, 2, at(1, 9).start],
      ['Biology B', 'Teacher Uma', 1, 2, at(1, 11).start],
    ]);
    expect(body.sections).toEqual({ week: true, money: true, academic: true, progress: true, surveys: true, logins: true });
  });

  it('shows a teacher only the classes they teach, and no money, logins, plan or surveys', async () => {
    const body = (await ok(await asStaff(teacherT, p.overview, sara))) as StudentOverview;
    expect(body.classes.map((c) => c.classroomName)).toEqual(['Algebra A']);
    expect(body.sections).toEqual({ week: true, money: false, academic: true, progress: false, surveys: false, logins: false });
  });

  it('gives each role the sections its screens allow', async () => {
    const seen = async (caller: Person) => ((await ok(await asStaff(caller, p.overview, sara))) as StudentOverview).sections;
    expect(await seen(admin)).toEqual({ week: true, money: true, academic: true, progress: true, surveys: true, logins: true });
    expect(await seen(finance)).toMatchObject({ money: true, progress: false, surveys: false, logins: true });
    expect(await seen(leader)).toMatchObject({ money: false, progress: true, surveys: true, logins: true });
    expect(await seen(scheduler)).toMatchObject({ money: false, progress: false, surveys: false, week: true });
  });

  it('answers 404 for a student out of reach: another consultant’s, a teacher’s non-student, a staff member', async () => {
    for (const [caller, student] of [
      [consultant, sam],
      [consultant, sue],
      [teacherT, sue],
      [teacherU, sam],
      [admin, teacherT],
    ] as const) {
      const res = await asStaff(caller, p.overview, student);
      expect(res.statusCode, `${caller.role} → ${student.fullName}`).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
    }
    expect((await asStaff(consultant2, p.overview, sam)).statusCode).toBe(200);
  });

  it("gives a student their own page, without a key or with their own, minus what staff only see", async () => {
    const own = (await ok(await t.call(p.overview, { query: {} }, { token: sara.token }))) as StudentOverview;
    expect(own.student.publicKey).toBe(sara.publicKey);
    expect(own.classes.map((c) => c.classroomName)).toEqual(['Algebra A', 'Biology B']);
    expect(own.sections).toEqual({ week: true, money: true, academic: true, progress: true, surveys: true, logins: false });
    expect((await ok(await asStaff(sara, p.overview, sara))).student.publicKey).toBe(sara.publicKey);
  });

  it("answers 404 to a student asking for another student's page, on every section", async () => {
    for (const endpoint of [...sections, p.week]) {
      const res = await asStaff(sara, endpoint, sam, endpoint === p.week ? week : {});
      expect(res.statusCode, endpoint.name).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
    }
  });

  it('refuses staff who name no student, on the field', async () => {
    for (const endpoint of sections) {
      const res = await t.call(endpoint, { query: {} } as never, { token: consultant.token });
      expect(res.statusCode, endpoint.name).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'studentPublicKey' }] });
    }
  });

  it('refuses unknown fields and a key that is no key, naming the field', async () => {
    const unknown = await t.call(p.overview, {}, { token: admin.token, path: `${p.overview.path}?studentPublicKey=${sara.publicKey}&extra=1` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('FAILED_VALIDATION');
    const bad = await t.call(p.money, { query: { studentPublicKey: 'not-a-key' } }, { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'studentPublicKey' })]);
  });
});

describe('studentPage.week', () => {
  it("gives the consultant every session of the student's classes in the range, with presence and lessons", async () => {
    const { data } = await ok(await asStaff(consultant, p.week, sara, week));
    expect(data.map((s: { sessionId: string }) => s.sessionId)).toEqual([
      classA.sessionIds[0],
      classB.sessionIds[0],
      classA.sessionIds[1],
      classB.sessionIds[1],
    ]);
    expect(data[0]).toMatchObject({
      classroomName: 'Algebra A',
      start: at(-1, 9).start,
      end: at(-1, 9).end,
      state: 'haveclass',
      teacher: { publicKey: teacherT.publicKey, fullName: 'Teacher Tina' },
      lessonNames: ['Mathematics'],
      presence: 'present',
    });
    expect(data[1]).toMatchObject({ classroomName: 'Biology B', presence: 'absent', lessonNames: [] });
    expect(data[2]).toMatchObject({ state: 'waitingforclass', presence: null, displayState: expect.any(String) });
  });

  it('gives a teacher only the sessions of the classes they teach', async () => {
    const { data } = await ok(await asStaff(teacherT, p.week, sara, week));
    expect(data.map((s: { classroomName: string }) => s.classroomName)).toEqual(['Algebra A', 'Algebra A']);
  });

  it('gives the student their own week without a key', async () => {
    const { data } = await ok(await t.call(p.week, { query: week }, { token: sara.token }));
    expect(data).toHaveLength(4);
  });

  it('refuses a range over 31 days, or one that ends before it starts, on `to`', async () => {
    for (const range of [
      { from: week.from, to: week.from + 40 * DAY },
      { from: week.from, to: week.from - 1 },
    ]) {
      const res = await asStaff(admin, p.week, sara, range);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'to' }] });
    }
    const missing = await asStaff(admin, p.week, sara);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['from', 'to']);
  });
});

describe('studentPage.money', () => {
  it("answers deposits.studentBalance's balances, their sums from the ledger, the deposits and transfers", async () => {
    const money = (await ok(await asStaff(consultant, p.money, sara))) as StudentMoney;
    const { balances } = await ok(
      await t.call(contract.deposits.studentBalance, { query: { studentPublicKey: sara.publicKey } }, { token: consultant.token }),
    );
    expect(money.balances.map(({ amountOwed: _owed, ...b }) => b)).toEqual(balances);
    expect(money.balances.map((b) => [b.classroomName, b.paid, b.used, b.remaining, b.amountOwed])).toEqual([
      ['Algebra A', 300, 100, 200, 0],
      ['Biology B', 160.5, 580, -419.5, 419.5],
    ]);
    expect(money.totals).toEqual({ paid: 460.5, used: 680, remaining: -219.5, debt: 419.5 });
    const debtors = await ok(
      await t.call(
        contract.debtors.list,
        { body: { where: [[{ column: 'studentPublicKey', comparison: 'Equal', operand: sara.publicKey }]] } },
        { token: finance.token },
      ),
    );
    expect(debtors.data.map((d: { amountOwed: number }) => d.amountOwed)).toEqual([money.totals.debt]);
    expect(money.deposits.map((d) => [d.amount, d.state])).toEqual(
      expect.arrayContaining([
        [300, 'confirmed'],
        [160.5, 'confirmed'],
        [50, 'waiting'],
      ]),
    );
    expect(money.depositCount).toBe(3);
    expect(money.transfers).toEqual([]);
    expect(money.transferCount).toBe(0);
    await expectLedgerBalanced(t.db);
  });

  it('answers the same to finance, the admin and the student themself (as deposits.ownBalance)', async () => {
    const reference = await ok(await asStaff(consultant, p.money, sara));
    expect(await ok(await asStaff(finance, p.money, sara))).toEqual(reference);
    expect(await ok(await asStaff(admin, p.money, sara))).toEqual(reference);
    const own = (await ok(await t.call(p.money, { query: {} }, { token: sara.token }))) as StudentMoney;
    const { balances } = await ok(await t.call(contract.deposits.ownBalance, {}, { token: sara.token }));
    expect(own.balances.map(({ amountOwed: _owed, ...b }) => b)).toEqual(balances);
  });

  it('refuses money to teachers, assistants, and staff without finance.read: 404 as if absent', async () => {
    for (const caller of [teacherT, classA.assistant!, leader, scheduler]) {
      const res = await asStaff(caller, p.money, sara);
      expect(res.statusCode, caller.role).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
    }
    expect((await asStaff(consultant, p.money, sam)).statusCode).toBe(404);
  });
});

describe('studentPage.academic', () => {
  it('counts sessions, presence, homework and exams per class', async () => {
    const { classes } = await ok(await asStaff(consultant, p.academic, sara));
    const byName = Object.fromEntries(classes.map((c: { classroomName: string }) => [c.classroomName, c]));
    expect(byName['Algebra A']).toMatchObject({
      teacherName: 'Teacher Tina',
      held: 1,
      upcoming: 1,
      present: 1,
      absent: 0,
      homeworks: 2,
      homeworksDone: 1,
      homeworksPending: 1,
      exams: 2,
      averageScore: 80,
      lastHeldSessionId: classA.sessionIds[0],
    });
    expect(byName['Biology B']).toMatchObject({ present: 0, absent: 1, homeworks: 0, exams: 0, averageScore: null });
  });

  it("gives a teacher only their classes' lines, and the same figures the reports give", async () => {
    const { classes } = await ok(await asStaff(teacherT, p.academic, sara));
    expect(classes.map((c: { classroomName: string }) => c.classroomName)).toEqual(['Algebra A']);
    const report = await ok(
      await t.call(contract.reports.classroomReportOfStudent, { query: { publicKey: sara.publicKey } }, { token: teacherT.token }),
    );
    const { teachingPercent: _p, ...line } = report.classrooms[0];
    expect(classes[0]).toMatchObject(line);
  });
});

describe('studentPage.progress', () => {
  it("answers progress.studentCoursePlan's plan and applications to course-plan readers and the student", async () => {
    const reference = await ok(
      await t.call(contract.progress.studentCoursePlan, { body: { publicKey: sara.publicKey } }, { token: consultant.token }),
    );
    const body = await ok(await asStaff(consultant, p.progress, sara));
    expect(body).toEqual({ coursePlan: reference.coursePlan, applications: reference.applications });
    expect(body.coursePlan).toHaveLength(1);
    expect(await ok(await t.call(p.progress, { query: {} }, { token: sara.token }))).toEqual(body);
    for (const caller of [teacherT, finance, scheduler]) expect((await asStaff(caller, p.progress, sara)).statusCode).toBe(404);
  });
});

describe('studentPage.surveys', () => {
  it('tells participation per round, never the ratings', async () => {
    const { rounds } = await ok(await asStaff(leader, p.surveys, sara));
    expect(rounds).toEqual([
      expect.objectContaining({ title: 'Spring survey', isOpen: true, items: 2, answeredItems: 1, answered: false }),
    ]);
    expect(rounds[0].answeredAt).toEqual(expect.any(Number));
    expect(JSON.stringify(rounds)).not.toContain('rating');
    const sue_ = await ok(await asStaff(leader, p.surveys, sue));
    expect(sue_.rounds).toEqual([expect.objectContaining({ items: 1, answeredItems: 0, answered: false, answeredAt: null })]);
    expect(await ok(await t.call(p.surveys, { query: {} }, { token: sara.token }))).toEqual({ rounds });
    for (const caller of [teacherT, finance, scheduler]) expect((await asStaff(caller, p.surveys, sara)).statusCode).toBe(404);
  });
});
