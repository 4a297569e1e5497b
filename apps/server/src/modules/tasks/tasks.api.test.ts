import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contract, type StaffTaskKey, type StaffTasks } from '@tutoria/shared';
import { coursePlanEntries, deposits, homeworks, transfers } from '../../db/schema/index.ts';
import { classroomSessions } from '../../db/schema/scheduling.ts';
import { setPrice } from '../../../test/finance-factories.ts';
import {
  type BuiltClassroom,
  buildClassroom,
  expectRefused,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import { setSalary } from '../../../test/settlement-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The staff tasks (issue 29): each role's groups and exact counts over a small hand-built centre,
 * a teacher counting only their classes, a consultant only their consultees, a Student refused,
 * and a recorded session leaving the teacher's list.
 */
let t: TestApp;
let admin: Person, scheduler: Person, leader: Person, finance: Person;
let cat: Person, carl: Person, tina: Person, uma: Person, assistant: Person;
let sara: Person, sam: Person, sue: Person, sid: Person;
let classA: BuiltClassroom, classB: BuiltClassroom;

const at = (weeks: number, hour: number) => ({
  start: monday(weeks) + hour * HOUR,
  end: monday(weeks) + (hour + 1) * HOUR,
});
const tasksOf = async (
  caller: Person,
): Promise<Partial<Record<StaffTaskKey, number>> & { total: number }> => {
  const res = await t.call(contract.reports.staffTasks, {}, { token: caller.token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as StaffTasks;
  return { ...Object.fromEntries(body.groups.map((g) => [g.key, g.count])), total: body.total };
};
const recorded = { presences: [] as { student: Person; isPresent: boolean }[], teachingDay: true };

beforeAll(async () => {
  t = await createTestApp();
  [admin, scheduler, leader, finance] = await Promise.all([
    person(t, 'Admin'),
    person(t, 'SchedulingAdmin'),
    person(t, 'TeamLeader'),
    person(t, 'FinancialAdmin'),
  ]);
  cat = await person(t, 'AcademicConsultant');
  carl = await person(t, 'AcademicConsultant');
  tina = await person(t, 'Teacher');
  uma = await person(t, 'Teacher');
  sara = await person(t, 'Student', { consultantKey: cat.publicKey });
  sid = await person(t, 'Student', { consultantKey: cat.publicKey });
  sam = await person(t, 'Student', { consultantKey: carl.publicKey });
  sue = await person(t, 'Student');
  // Class A (Tina, an assistant): a held session unrecorded, one recorded, one the teacher
  // confirmed, one ten weeks back (out of the window), one ahead whose change the admin has not accepted.
  classA = await buildClassroom(t, {
    teacher: tina,
    students: [sara, sam],
    assistant: true,
    times: [at(-1, 9), at(-1, 11), at(-1, 13), at(-10, 9), at(1, 9)],
  });
  assistant = classA.assistant!;
  const both = [sara, sam].map((student) => ({ student, isPresent: true }));
  await recordSession(t.db, classA.sessionIds[1]!, { ...recorded, presences: both });
  await recordSession(t.db, classA.sessionIds[2]!, {
    ...recorded,
    presences: both,
    confirmation: 'confirmedByTeacher',
  });
  await t.db
    .update(classroomSessions)
    .set({ changesConfirmedBySchedulingAdmin: false })
    .where(sql`${classroomSessions.sessionId} = ${classA.sessionIds[4]!}`);
  // Class B (Uma): one held session unrecorded, one ahead.
  classB = await buildClassroom(t, { teacher: uma, students: [sara, sue], times: [at(-1, 9), at(1, 9)] });
  // Homework: Sara's done and ungraded in A, Sam's graded, Sara's pending; Sue's done and ungraded in B.
  const homework = (
    c: BuiltClassroom,
    student: Person,
    state: string,
    correctPercentation: string | null,
  ) => ({
    sessionId: c.sessionIds[0]!,
    classroomId: c.classroomId,
    studentKey: student.publicKey,
    subtitle: 'Exercises',
    deadLine: new Date(),
    form: 'written',
    state,
    correctPercentation,
  });
  await t.db
    .insert(homeworks)
    .values([
      homework(classA, sara, 'Done', null),
      homework(classA, sam, 'Done', '80'),
      homework(classA, sara, 'Pending', null),
      homework(classB, sue, 'Done', null),
    ]);
  // Class D (its own teacher): a held, confirmed session charging Sara and Sam and earning the teacher.
  const classD = await buildClassroom(t, { students: [sara, sam], times: [at(-3, 9)] });
  await recordSession(t.db, classD.sessionIds[0]!, {
    ...recorded,
    presences: [sara, sam].map((student) => ({ student, isPresent: true })),
    confirmation: 'confirmedByAdmin',
  });
  await setPrice(t.db, classD.classroomId, sara.publicKey, '100');
  await setPrice(t.db, classD.classroomId, sam.publicKey, '50');
  await setSalary(t, finance.token, classD.classroomId, 30);
  const fixed = await t.call(
    contract.deposits.fixConfirmation,
    { body: { classroomId: classD.classroomId } },
    { token: finance.token },
  );
  expect(fixed.statusCode, fixed.body).toBe(200);
  // Money waiting: Sara's (no one confirmed), Sam's, Sara's the consultant confirmed, Sue's the financial admin confirmed.
  const now = new Date();
  const deposit = (student: Person, side: { consultant?: boolean; financial?: boolean } = {}) => ({
    studentKey: student.publicKey,
    classroomId: classA.classroomId,
    amount: '100',
    depositType: 'Classroom',
    paymentMethod: 'Cash',
    chargeAt: now,
    createdBy: admin.publicKey,
    consultantConfirmedAt: side.consultant ? now : null,
    financialConfirmedAt: side.financial ? now : null,
  });
  await t.db
    .insert(deposits)
    .values([
      deposit(sara),
      deposit(sam),
      deposit(sara, { consultant: true }),
      deposit(sue, { financial: true }),
    ]);
  const transfer = (student: Person, side: { financial?: boolean } = {}) => ({
    studentKey: student.publicKey,
    sourceClassroomId: classA.classroomId,
    destinationClassroomId: classB.classroomId,
    amount: '50',
    createdBy: admin.publicKey,
    financialConfirmedAt: side.financial ? now : null,
  });
  await t.db.insert(transfers).values([transfer(sara), transfer(sam, { financial: true })]);
  // Course plans: Sid has one; Sara, Sam and Sue have none.
  await t.db.insert(coursePlanEntries).values({
    studentKey: sid.publicKey,
    lessonType: 'IELTS_Online',
    sessionPerWeek: 2,
    lessonTopic: 'Reading',
    suggestedHours: '20',
    classType: 'Private',
  });
});
afterAll(() => t.close());

describe('staff tasks', () => {
  it('a teacher: their held sessions to record and to confirm, homework to grade — their classes only', async () => {
    expect(await tasksOf(tina)).toEqual({
      sessionsToRecord: 1,
      sessionsToConfirm: 1,
      homeworkToGrade: 1,
      total: 3,
    });
    expect(await tasksOf(uma)).toEqual({
      sessionsToRecord: 1,
      sessionsToConfirm: 0,
      homeworkToGrade: 1,
      total: 2,
    });
  });

  it('an assistant: the records of the classes they assist, nothing to confirm', async () => {
    expect(await tasksOf(assistant)).toEqual({ sessionsToRecord: 1, homeworkToGrade: 1, total: 2 });
  });

  it('a scheduling admin: sessions the teacher confirmed, schedule changes not accepted', async () => {
    expect(await tasksOf(scheduler)).toEqual({
      sessionsToConfirmAsAdmin: 1,
      scheduleChangesToConfirm: 1,
      total: 2,
    });
  });

  it('a consultant: money waiting for them, debtors and students without a plan — their consultees only', async () => {
    expect(await tasksOf(cat)).toEqual({
      depositsWaiting: 1,
      transfersWaiting: 1,
      debtors: 1,
      studentsWithoutPlan: 1,
      total: 4,
    });
    expect(await tasksOf(carl)).toEqual({
      depositsWaiting: 1,
      transfersWaiting: 1,
      debtors: 1,
      studentsWithoutPlan: 1,
      total: 4,
    });
  });

  it('a financial admin: money waiting for their side, teachers with unpaid earnings', async () => {
    expect(await tasksOf(finance)).toEqual({
      depositsWaiting: 3,
      transfersWaiting: 1,
      teachersUnpaid: 1,
      total: 5,
    });
  });

  it('the admin: the union of the admins’ and the consultant’s, over everyone; the team leader: the plans', async () => {
    expect(await tasksOf(admin)).toEqual({
      sessionsToConfirmAsAdmin: 1,
      scheduleChangesToConfirm: 1,
      depositsWaiting: 4,
      transfersWaiting: 2,
      debtors: 2,
      studentsWithoutPlan: 3,
      teachersUnpaid: 1,
      total: 14,
    });
    expect(await tasksOf(leader)).toEqual({ studentsWithoutPlan: 3, total: 3 });
  });

  it('refuses a Student and an anonymous caller', async () => {
    expectRefused(await t.call(contract.reports.staffTasks, {}, { token: sara.token }), 'ACCESS_DENIED');
    const anonymous = await t.call(contract.reports.staffTasks, {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('a session the teacher records leaves "to record" and waits for their confirmation', async () => {
    const sessionId = classA.sessionIds[0]!;
    const presences = await t.call(
      contract.classes.setPresence,
      {
        body: {
          sessionId,
          presences: [sara, sam].map((s) => ({
            studentPublicKey: s.publicKey,
            isPresent: true,
            feedback: '',
          })),
        },
      },
      { token: tina.token },
    );
    expect(presences.statusCode, presences.body).toBe(200);
    expect(await tasksOf(tina)).toMatchObject({ sessionsToRecord: 1, total: 3 });
    const day = await t.call(
      contract.classes.setTeachingDayInfo,
      {
        body: {
          sessionId,
          date: at(-1, 9).start,
          taughtLessonsDescription: 'Functions',
          teachingMinutes: 60,
          teachingType: 'offline',
        },
      },
      { token: tina.token },
    );
    expect(day.statusCode, day.body).toBe(200);
    expect(await tasksOf(tina)).toEqual({
      sessionsToRecord: 0,
      sessionsToConfirm: 2,
      homeworkToGrade: 1,
      total: 3,
    });
  });
});
