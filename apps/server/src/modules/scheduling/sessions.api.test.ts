import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { classroomSessions, sessionPresences } from '../../db/schema/index.ts';
import {
  addSlots,
  buildClassroom,
  type BuiltClassroom,
  DAY,
  expectRefused,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
  refusesWithoutWriting,
  text,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A session's life (DESIGN §7): records, the confirmation flow and schedule-change confirmations.
 * Every test builds its own class (own teacher, students, sessions): no test relies on another.
 */
let t: TestApp;
let admin: Person;
let scheduler: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  scheduler = await person(t, 'SchedulingAdmin');
});
afterAll(() => t.close());

const cl = contract.classes;
const past = monday(-1) + 9 * HOUR;
const future = monday(2) + 9 * HOUR;

/** A class of two students with a past session (held, not recorded) and a future one; an assistant. */
const heldAndUpcoming = () =>
  buildClassroom(t, {
    times: [
      { start: past, end: past + HOUR },
      { start: future, end: future + HOUR },
    ],
    assistant: true,
  });

const session = async (built: BuiltClassroom, index = 0) => {
  const res = await t.call(cl.get, { query: { classroomId: built.classroomId } }, { token: admin.token });
  return res.json().times.find((s: { sessionId: string }) => s.sessionId === built.sessionIds[index]);
};
const storedSession = async (sessionId: string) =>
  (await t.db.select().from(classroomSessions).where(eq(classroomSessions.sessionId, sessionId)))[0]!;
const presence = (built: BuiltClassroom, token: string, index = 0) =>
  t.call(
    cl.setPresence,
    {
      body: {
        sessionId: built.sessionIds[index]!,
        presences: [
          { studentPublicKey: built.students[0]!.publicKey, isPresent: true, feedback: 'Great progress' },
          { studentPublicKey: built.students[1]!.publicKey, isPresent: false },
        ],
      },
    },
    { token },
  );
const teachingDay = (built: BuiltClassroom, token: string) =>
  t.call(
    cl.setTeachingDayInfo,
    {
      body: {
        sessionId: built.sessionIds[0]!,
        date: past,
        taughtLessonsDescription: 'Quadratic equations',
        teachingMinutes: 60,
        teachingType: 'offline',
        classroomLessonIds: [built.lessonId],
      },
    },
    { token },
  );
const confirm = (
  endpoint: typeof cl.confirmByTeacher | typeof cl.confirmByAdmin | typeof cl.revertToTeacher,
  built: BuiltClassroom,
  token: string,
  index = 0,
) => t.call(endpoint, { body: { sessionId: built.sessionIds[index]! } }, { token });
/** Every record of the first session, ready for the teacher's confirmation. */
const recorded = (built: BuiltClassroom) =>
  recordSession(t.db, built.sessionIds[0]!, {
    presences: built.students.map((student) => ({ student, isPresent: true })),
    teachingDay: true,
  });

describe('session records', () => {
  it('a future session can not be recorded yet', async () => {
    const built = await heldAndUpcoming();
    await refusesWithoutWriting(
      t,
      () => presence(built, built.teacher.token, 1),
      'FAILED_VALIDATION',
      'sessionNotStarted',
    );
  });

  it('another teacher can not record or confirm: the session does not exist for them', async () => {
    const built = await heldAndUpcoming();
    const other = await person(t, 'Teacher');
    await refusesWithoutWriting(t, () => presence(built, other.token), 'FETCH_DATA_FAILED');
    await refusesWithoutWriting(
      t,
      () => confirm(cl.confirmByTeacher, built, other.token),
      'FETCH_DATA_FAILED',
    );
  });

  it('presence only for students of the class', async () => {
    const built = await heldAndUpcoming();
    const stranger = await person(t, 'Student');
    const res = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.setPresence,
          {
            body: {
              sessionId: built.sessionIds[0]!,
              presences: [{ studentPublicKey: stranger.publicKey, isPresent: true }],
            },
          },
          { token: built.teacher.token },
        ),
      'FAILED_VALIDATION',
    );
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['presences']);
  });

  it('records every student in one call; naming a student twice keeps the last entry', async () => {
    const built = await heldAndUpcoming();
    const [sara, sam] = built.students as [Person, Person];
    const res = await t.call(
      cl.setPresence,
      {
        body: {
          sessionId: built.sessionIds[0]!,
          presences: [
            { studentPublicKey: sara.publicKey, isPresent: false },
            { studentPublicKey: sam.publicKey, isPresent: true, feedback: 'Good' },
            { studentPublicKey: sara.publicKey, isPresent: true, feedback: 'Late but fine' },
          ],
        },
      },
      { token: built.teacher.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db
      .select({
        student: sessionPresences.studentKey,
        isPresent: sessionPresences.isPresent,
        feedback: sessionPresences.feedback,
      })
      .from(sessionPresences)
      .where(eq(sessionPresences.sessionId, built.sessionIds[0]!));
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { student: sara.publicKey, isPresent: true, feedback: 'Late but fine' },
        { student: sam.publicKey, isPresent: true, feedback: 'Good' },
      ]),
    );
  });

  it('the teacher can not confirm before every record is there', async () => {
    const built = await heldAndUpcoming();
    await recordSession(t.db, built.sessionIds[0]!, {
      presences: [{ student: built.students[0]!, isPresent: true }],
      teachingDay: true,
    });
    await refusesWithoutWriting(
      t,
      () => confirm(cl.confirmByTeacher, built, built.teacher.token),
      'FAILED_VALIDATION',
      'sessionNeedsRecords',
    );
  });

  it('the teacher and the assistant record; the records show on the session', async () => {
    const built = await heldAndUpcoming();
    expect((await presence(built, built.teacher.token)).statusCode).toBe(200);
    const res = await teachingDay(built, built.assistant!.token);
    expect(res.statusCode, res.body).toBe(200);
    const s = await session(built);
    expect(s.teachingDayInformation).toMatchObject({
      taughtLessonsDescription: 'Quadratic equations',
      teachingMinutes: 60,
      teachingType: 'offline',
      classroomLessonIds: [built.lessonId],
    });
    const [first, second] = built.students as [Person, Person];
    expect(s.presences).toEqual(
      [
        {
          studentPublicKey: first.publicKey,
          studentName: first.fullName,
          isPresent: true,
          feedback: 'Great progress',
        },
        {
          studentPublicKey: second.publicKey,
          studentName: second.fullName,
          isPresent: false,
          feedback: null,
        },
      ].sort((a, b) => a.studentName.localeCompare(b.studentName)),
    );
  });

  it('the assistant may not confirm as teacher', async () => {
    const built = await heldAndUpcoming();
    await recorded(built);
    await refusesWithoutWriting(
      t,
      () => confirm(cl.confirmByTeacher, built, built.assistant!.token),
      'ACCESS_DENIED',
    );
  });
});

describe('confirmation flow: noConfirmation → confirmedByTeacher → confirmedByAdmin, with revert', () => {
  it('the admin can not confirm before the teacher', async () => {
    const built = await heldAndUpcoming();
    await recorded(built);
    await refusesWithoutWriting(
      t,
      () => confirm(cl.confirmByAdmin, built, scheduler.token),
      'FAILED_VALIDATION',
      'sessionNotConfirmedByTeacher',
    );
  });

  it('the teacher confirms: the session is held and its records are locked', async () => {
    const built = await heldAndUpcoming();
    await recorded(built);
    const res = await confirm(cl.confirmByTeacher, built, built.teacher.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await session(built)).toMatchObject({ confirmation: 'confirmedByTeacher', state: 'haveclass' });
    await refusesWithoutWriting(
      t,
      () => presence(built, built.teacher.token),
      'FAILED_VALIDATION',
      'sessionLocked',
    );
    await refusesWithoutWriting(
      t,
      () => confirm(cl.confirmByTeacher, built, built.teacher.token),
      'FAILED_VALIDATION',
    );
  });

  it('a held session can not be moved or cancelled', async () => {
    const built = await heldAndUpcoming();
    await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByTeacher' });
    await refusesWithoutWriting(
      t,
      () =>
        t.call(cl.cancelSession, { body: { sessionId: built.sessionIds[0]! } }, { token: scheduler.token }),
      'FAILED_VALIDATION',
      'sessionLocked',
    );
  });

  it('the admin reverts it to the teacher, who can correct and confirm again', async () => {
    const built = await heldAndUpcoming();
    await recorded(built);
    await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByTeacher' });
    const revert = await confirm(cl.revertToTeacher, built, scheduler.token);
    expect(revert.json()).toMatchObject({ isSuccess: true, message: text('sessionReverted') });
    expect(await session(built)).toMatchObject({ confirmation: 'noConfirmation', state: 'haveclass' });
    expect((await session(built)).presences).toHaveLength(2);
    expect((await presence(built, built.teacher.token)).statusCode).toBe(200);
    expect((await confirm(cl.confirmByTeacher, built, built.teacher.token)).statusCode).toBe(200);
  });

  it('the admin confirms: "Class confirmed" (SPEC §8, in both languages); revert works from there too', async () => {
    const built = await heldAndUpcoming();
    await recorded(built);
    await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByTeacher' });
    const res = await confirm(cl.confirmByAdmin, built, scheduler.token);
    expect(res.json().message).toBe('Class confirmed');
    expect(await session(built)).toMatchObject({ confirmation: 'confirmedByAdmin' });
    await refusesWithoutWriting(
      t,
      () => confirm(cl.confirmByAdmin, built, admin.token),
      'FAILED_VALIDATION',
      'sessionLocked',
    );
    expect((await confirm(cl.revertToTeacher, built, admin.token)).statusCode).toBe(200);
    expect((await storedSession(built.sessionIds[0]!)).confirmation).toBe('noConfirmation');
    await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByTeacher' });
    const zh = await t.call(
      cl.confirmByAdmin,
      { body: { sessionId: built.sessionIds[0]! } },
      { token: admin.token, language: 'zh' },
    );
    expect(zh.json().message).toBe(text('classConfirmed', {}, 'zh'));
    expect(zh.json().message).not.toBe('Class confirmed');
  });

  it('a teacher may not reset a confirmed session; an admin may; a teacher resets an open one', async () => {
    const built = await heldAndUpcoming();
    await recorded(built);
    await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.resetSessionInfo,
          { body: { sessionId: built.sessionIds[0]! } },
          { token: built.teacher.token },
        ),
      'ACCESS_DENIED',
      'sessionResetNeedsAdmin',
    );
    const byAdmin = await t.call(
      cl.resetSessionInfo,
      { body: { sessionId: built.sessionIds[0]! } },
      { token: admin.token },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await session(built)).toMatchObject({
      confirmation: 'noConfirmation',
      state: 'waitingforclass',
      presences: [],
      teachingDayInformation: null,
    });
    await presence(built, built.teacher.token);
    const own = await t.call(
      cl.resetSessionInfo,
      { body: { sessionId: built.sessionIds[0]! } },
      { token: built.teacher.token },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect((await session(built)).presences).toEqual([]);
  });

  it('only sessions.confirmAsAdmin confirms and reverts', async () => {
    const built = await heldAndUpcoming();
    await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByTeacher' });
    for (const endpoint of [cl.confirmByAdmin, cl.revertToTeacher]) {
      await refusesWithoutWriting(t, () => confirm(endpoint, built, built.teacher.token), 'ACCESS_DENIED');
    }
  });
});

describe('schedule-change confirmations and the display state', () => {
  it("a change by the scheduling admin clears the teacher's confirmation; each side confirms", async () => {
    const built = await heldAndUpcoming();
    const upcoming = built.sessionIds[1]!;
    await addSlots(t, built.teacher.token, [{ start: future + 3 * HOUR, end: future + 6 * HOUR }]);
    const move = await t.call(
      cl.editTimeDetail,
      { body: { sessionId: upcoming, start: future + 4 * HOUR, end: future + 5 * HOUR } },
      { token: scheduler.token },
    );
    expect(move.statusCode, move.body).toBe(200);
    expect(await session(built, 1)).toMatchObject({
      start: future + 4 * HOUR,
      changesConfirmedByTeacher: false,
      changesConfirmedBySchedulingAdmin: true,
    });
    const other = await person(t, 'Teacher');
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.confirmChangesByTeacher,
          { body: { classroomId: built.classroomId } },
          { token: other.token },
        ),
      'FETCH_DATA_FAILED',
    );
    const teacher = await t.call(
      cl.confirmChangesByTeacher,
      { body: { classroomId: built.classroomId, sessionIds: [upcoming] } },
      { token: built.teacher.token },
    );
    expect(teacher.json().sessionIds).toEqual([upcoming]);
    expect(await session(built, 1)).toMatchObject({
      changesConfirmedByTeacher: true,
      changesConfirmedBySchedulingAdmin: true,
    });
    expect((await session(built, 0)).changesConfirmedByTeacher).toBe(false);
    const none = await t.call(
      cl.confirmChangesByTeacher,
      { body: { classroomId: built.classroomId, sessionIds: [] } },
      { token: built.teacher.token },
    );
    expect(none.json().sessionIds).toEqual([]);
  });

  it("a move outside the teacher's availability or onto a student's other class is refused", async () => {
    const built = await heldAndUpcoming();
    const upcoming = built.sessionIds[1]!;
    const outside = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.editTimeDetail,
          { body: { sessionId: upcoming, start: future + 11 * HOUR, end: future + 12 * HOUR } },
          { token: scheduler.token },
        ),
      'CONFLICT',
    );
    expect(outside.json().details.map((d: { field: string }) => d.field)).toEqual(['times.0']);
    const [sara] = built.students as [Person];
    await buildClassroom(t, { students: [sara], times: [{ start: future + DAY, end: future + DAY + HOUR }] });
    await addSlots(t, built.teacher.token, [{ start: future + DAY, end: future + DAY + 3 * HOUR }]);
    const clash = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.editTimeDetail,
          { body: { sessionId: upcoming, start: future + DAY + 1800, end: future + DAY + HOUR + 1800 } },
          { token: scheduler.token },
        ),
      'CONFLICT',
    );
    expect(clash.json().message).toContain(sara.fullName);
  });

  it('the display state follows SPEC §4 as finance and the records change', async () => {
    const built = await buildClassroom(t, {
      times: [
        { start: past, end: past + HOUR },
        { start: past + 2 * HOUR, end: past + 3 * HOUR },
        { start: future, end: future + HOUR },
      ],
    });
    const [held, second, upcoming] = built.sessionIds as [string, string, string];
    const display = async (sessionId: string) =>
      (await session(built, built.sessionIds.indexOf(sessionId))).displayState;
    expect(await display(upcoming)).toBe('reserved');
    // Finance confirms the sessions (the finance area sets this flag; here straight in the database).
    await t.db
      .update(classroomSessions)
      .set({ financialConfirmation: true })
      .where(eq(classroomSessions.classroomId, built.classroomId));
    // Booked by the scheduling admin and not yet accepted by the teacher: rule 6, passed.
    expect(await display(upcoming)).toBe('passed');
    await recorded(built);
    await recordSession(t.db, held, { confirmation: 'confirmedByAdmin' });
    await recordSession(t.db, second, { confirmation: 'confirmedByTeacher' });
    // Ended, confirmed without the records: not recorded (docs/decisions.md, before rule 3).
    expect(await display(second)).toBe('notRecorded');
    await t.call(
      cl.confirmChangesByTeacher,
      { body: { classroomId: built.classroomId } },
      { token: built.teacher.token },
    );
    expect(await display(held)).toBe('waitingForClass');
    expect(await display(upcoming)).toBe('waitingForClass');
    await t.call(cl.cancelSession, { body: { sessionId: upcoming } }, { token: scheduler.token });
    expect(await display(upcoming)).toBe('cancelled');
    // A change by the teacher after the records: new (yellow) until the scheduling admin confirms it.
    await t.db
      .update(classroomSessions)
      .set({ changesConfirmedBySchedulingAdmin: false })
      .where(eq(classroomSessions.sessionId, held));
    expect(await session(built)).toMatchObject({ displayState: 'new', displayColour: '#FBC02D' });
    await t.call(
      cl.confirmChangesBySchedulingAdmin,
      { body: { classroomId: built.classroomId } },
      { token: scheduler.token },
    );
    expect(await display(held)).toBe('waitingForClass');
    const state = await t.call(
      cl.timesState,
      { query: { classroomId: built.classroomId } },
      { token: built.teacher.token },
    );
    expect(state.json()).toEqual({
      classroomId: built.classroomId,
      total: 3,
      waitingforclass: 0,
      haveclass: 2,
      canceled: 1,
      noConfirmation: 0,
      confirmedByTeacher: 1,
      confirmedByAdmin: 1,
      reserved: 0,
      minutesHeld: 120,
      nextSessionStart: null,
    });
    const passed = await t.call(
      cl.passedLessons,
      { query: { classroomId: built.classroomId } },
      { token: built.students[0]!.token },
    );
    expect(passed.json().data.map((s: { sessionId: string }) => s.sessionId)).toEqual([held, second]);
  });

  it('sessions of a lesson are those whose teaching day names it', async () => {
    const built = await heldAndUpcoming();
    const query = { classroomId: built.classroomId, classroomLessonId: built.lessonId };
    const none = await t.call(cl.sessionsOfLesson, { query }, { token: built.teacher.token });
    expect(none.json().data).toEqual([]);
    await teachingDay(built, built.teacher.token);
    const one = await t.call(cl.sessionsOfLesson, { query }, { token: built.teacher.token });
    expect(one.json().data.map((s: { sessionId: string }) => s.sessionId)).toEqual([built.sessionIds[0]]);
  });

  it('changes record events for the notifications area, naming the people concerned', async () => {
    const built = await heldAndUpcoming();
    const upcoming = built.sessionIds[1]!;
    await addSlots(t, built.teacher.token, [{ start: future + 3 * HOUR, end: future + 6 * HOUR }]);
    await t.events.drain(); // what earlier tests recorded
    const seen: unknown[] = [];
    const off = t.events.subscribe('session.changed', 'test', ({ payload }) => {
      seen.push(payload);
    });
    await t.call(
      cl.editTimeDetail,
      { body: { sessionId: upcoming, start: future + 4 * HOUR, end: future + 5 * HOUR } },
      { token: scheduler.token },
    );
    // A refused change records nothing.
    await t.call(
      cl.editTimeDetail,
      { body: { sessionId: upcoming, start: future + 11 * HOUR, end: future + 12 * HOUR } },
      { token: scheduler.token },
    );
    await t.events.drain();
    off();
    expect(seen).toEqual([
      {
        classroomId: built.classroomId,
        classroomName: expect.any(String),
        sessionIds: [upcoming],
        action: 'moved',
        actorKey: scheduler.publicKey,
        userKeys: expect.arrayContaining([
          built.teacher.publicKey,
          built.assistant!.publicKey,
          ...built.students.map((s) => s.publicKey),
        ]),
      },
    ]);
  });
});

describe('refusals by role', () => {
  it('a student may not record', async () => {
    const built = await heldAndUpcoming();
    expectRefused(await presence(built, built.students[0]!.token), 'ACCESS_DENIED');
  });
});
