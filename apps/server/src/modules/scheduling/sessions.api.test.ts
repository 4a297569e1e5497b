import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { classroomSessions } from '../../db/schema/index.ts';
import {
  addSlots,
  type Centre,
  centre,
  createClass,
  DAY,
  HOUR,
  monday,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let c: Centre;
const cl = contract.classes;
const past = monday(-1);
const future = monday(2);
let classroomId: string;
let held: string;
let second: string;
let upcoming: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await centre(t);
  await addSlots(t, c.teacher.token, [
    { start: past + 9 * HOUR, end: past + 17 * HOUR },
    { start: future + 9 * HOUR, end: future + 17 * HOUR },
  ]);
  const made = await createClass(
    t,
    c.scheduler.token,
    { teacher: c.teacher, students: [c.student, c.student2] },
    [
      { start: past + 9 * HOUR, end: past + 10 * HOUR },
      { start: past + 11 * HOUR, end: past + 12 * HOUR },
      { start: future + 9 * HOUR, end: future + 10 * HOUR },
    ],
    { assistantTeacherPublicKey: c.assistant.publicKey },
  );
  classroomId = made.classroomId;
  [held, second, upcoming] = made.sessionIds as [string, string, string];
});
afterAll(() => t.close());

const session = async (id: string) => {
  const res = await t.call(cl.get, { query: { classroomId } }, { token: c.admin.token });
  return res.json().times.find((s: { sessionId: string }) => s.sessionId === id);
};
const presence = (sessionId: string, token: string) =>
  t.call(
    cl.setPresence,
    {
      body: {
        sessionId,
        presences: [
          { studentPublicKey: c.student.publicKey, isPresent: true, feedback: 'Great progress' },
          { studentPublicKey: c.student2.publicKey, isPresent: false },
        ],
      },
    },
    { token },
  );
const teachingDay = (sessionId: string, token: string) =>
  t.call(
    cl.setTeachingDayInfo,
    {
      body: {
        sessionId,
        date: past,
        taughtLessonsDescription: 'Quadratic equations',
        teachingMinutes: 60,
        teachingType: 'offline',
      },
    },
    { token },
  );

describe('session records', () => {
  it('a future session can not be recorded yet', async () => {
    const res = await presence(upcoming, c.teacher.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This session has not started yet.');
  });

  it('another teacher can not record or confirm: the session does not exist for them', async () => {
    for (const res of [
      await presence(held, c.teacher2.token),
      await t.call(cl.confirmByTeacher, { body: { sessionId: held } }, { token: c.teacher2.token }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
    }
  });

  it('presence only for students of the class', async () => {
    const res = await t.call(
      cl.setPresence,
      { body: { sessionId: held, presences: [{ studentPublicKey: c.student3.publicKey, isPresent: true }] } },
      { token: c.teacher.token },
    );
    expect(res.statusCode).toBe(400);
  });

  it('the teacher can not confirm before every record is there', async () => {
    await presence(held, c.teacher.token);
    const res = await t.call(cl.confirmByTeacher, { body: { sessionId: held } }, { token: c.teacher.token });
    expect(res.json().message).toBe(
      'Record the presence of every student and the teaching-day information before confirming.',
    );
  });

  it('the assistant records teaching-day information; the records show on the session', async () => {
    const res = await teachingDay(held, c.assistant.token);
    expect(res.statusCode, res.body).toBe(200);
    const s = await session(held);
    expect(s.teachingDayInformation).toMatchObject({
      taughtLessonsDescription: 'Quadratic equations',
      teachingMinutes: 60,
      teachingType: 'offline',
    });
    expect(s.presences).toEqual([
      expect.objectContaining({ studentName: 'Student Sam', isPresent: false, feedback: null }),
      expect.objectContaining({ studentName: 'Student Sara', isPresent: true, feedback: 'Great progress' }),
    ]);
  });

  it('the assistant may not confirm as teacher', async () => {
    const res = await t.call(
      cl.confirmByTeacher,
      { body: { sessionId: held } },
      { token: c.assistant.token },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('confirmation flow: noConfirmation → confirmedByTeacher → confirmedByAdmin, with revert', () => {
  it('the admin can not confirm before the teacher', async () => {
    const res = await t.call(cl.confirmByAdmin, { body: { sessionId: held } }, { token: c.scheduler.token });
    expect(res.json().message).toBe('The teacher has not confirmed this session yet.');
  });

  it('the teacher confirms: the session is held and its records are locked', async () => {
    const res = await t.call(cl.confirmByTeacher, { body: { sessionId: held } }, { token: c.teacher.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await session(held)).toMatchObject({ confirmation: 'confirmedByTeacher', state: 'haveclass' });
    const edit = await presence(held, c.teacher.token);
    expect(edit.json().message).toBe(
      'This session is confirmed: an admin must revert it to the teacher first.',
    );
    const again = await t.call(
      cl.confirmByTeacher,
      { body: { sessionId: held } },
      { token: c.teacher.token },
    );
    expect(again.statusCode).toBe(400);
  });

  it('a held session can not be moved or cancelled', async () => {
    const cancel = await t.call(
      cl.cancelSession,
      { body: { sessionId: held } },
      { token: c.scheduler.token },
    );
    expect(cancel.statusCode).toBe(400);
  });

  it('the admin reverts it to the teacher, who can correct and confirm again', async () => {
    const revert = await t.call(
      cl.revertToTeacher,
      { body: { sessionId: held } },
      { token: c.scheduler.token },
    );
    expect(revert.json().message).toBe('The session was sent back to the teacher.');
    expect(await session(held)).toMatchObject({ confirmation: 'noConfirmation', state: 'haveclass' });
    expect((await presence(held, c.teacher.token)).statusCode).toBe(200);
    expect(
      (await t.call(cl.confirmByTeacher, { body: { sessionId: held } }, { token: c.teacher.token }))
        .statusCode,
    ).toBe(200);
  });

  it('the admin confirms: "Class confirmed"; revert works from there too', async () => {
    const res = await t.call(cl.confirmByAdmin, { body: { sessionId: held } }, { token: c.scheduler.token });
    expect(res.json().message).toBe('Class confirmed');
    expect(await session(held)).toMatchObject({ confirmation: 'confirmedByAdmin' });
    const twice = await t.call(cl.confirmByAdmin, { body: { sessionId: held } }, { token: c.admin.token });
    expect(twice.statusCode).toBe(400);
    const zh = await t.call(
      cl.revertToTeacher,
      { body: { sessionId: held } },
      { token: c.admin.token, language: 'zh' },
    );
    expect(zh.json().message).toBe('这节课已退回给老师。');
    await t.call(cl.confirmByTeacher, { body: { sessionId: held } }, { token: c.teacher.token });
    await t.call(cl.confirmByAdmin, { body: { sessionId: held } }, { token: c.admin.token });
  });

  it('a teacher may not reset a confirmed session; an admin may', async () => {
    const teacher = await t.call(
      cl.resetSessionInfo,
      { body: { sessionId: held } },
      { token: c.teacher.token },
    );
    expect(teacher.statusCode).toBe(403);
    expect(teacher.json().message).toBe('Only an admin can reset a confirmed session.');
    await presence(second, c.teacher.token);
    const own = await t.call(
      cl.resetSessionInfo,
      { body: { sessionId: second } },
      { token: c.teacher.token },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect((await session(second)).presences).toEqual([]);
  });

  it('only sessions.confirmAsAdmin confirms and reverts', async () => {
    for (const endpoint of [cl.confirmByAdmin, cl.revertToTeacher]) {
      const res = await t.call(endpoint, { body: { sessionId: held } }, { token: c.teacher.token });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('schedule-change confirmations and the display state', () => {
  it("a change by the scheduling admin clears the teacher's confirmation; each side confirms", async () => {
    const move = await t.call(
      cl.editTimeDetail,
      { body: { sessionId: upcoming, start: future + 13 * HOUR, end: future + 14 * HOUR } },
      { token: c.scheduler.token },
    );
    expect(move.statusCode, move.body).toBe(200);
    expect(await session(upcoming)).toMatchObject({
      start: future + 13 * HOUR,
      changesConfirmedByTeacher: false,
      changesConfirmedBySchedulingAdmin: true,
    });
    const other = await t.call(
      cl.confirmChangesByTeacher,
      { body: { classroomId } },
      { token: c.teacher2.token },
    );
    expect(other.statusCode).toBe(404);
    const teacher = await t.call(
      cl.confirmChangesByTeacher,
      { body: { classroomId, sessionIds: [upcoming] } },
      { token: c.teacher.token },
    );
    expect(teacher.json().sessionIds).toEqual([upcoming]);
    expect(await session(upcoming)).toMatchObject({
      changesConfirmedByTeacher: true,
      changesConfirmedBySchedulingAdmin: true,
    });
  });

  it("a move outside the teacher's availability or onto a student's other class is refused", async () => {
    const outside = await t.call(
      cl.editTimeDetail,
      { body: { sessionId: upcoming, start: future + 20 * HOUR, end: future + 21 * HOUR } },
      { token: c.scheduler.token },
    );
    expect(outside.statusCode).toBe(409);
    await addSlots(t, c.teacher2.token, [{ start: future + DAY + 9 * HOUR, end: future + DAY + 12 * HOUR }]);
    await createClass(t, c.scheduler.token, { teacher: c.teacher2, students: [c.student] }, [
      { start: future + DAY + 9 * HOUR, end: future + DAY + 10 * HOUR },
    ]);
    await addSlots(t, c.teacher.token, [{ start: future + DAY + 9 * HOUR, end: future + DAY + 12 * HOUR }]);
    const clash = await t.call(
      cl.editTimeDetail,
      {
        body: {
          sessionId: upcoming,
          start: future + DAY + 9 * HOUR + 1800,
          end: future + DAY + 10 * HOUR + 1800,
        },
      },
      { token: c.scheduler.token },
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Student Sara already has');
  });

  it('the display state follows SPEC §4 as finance and the records change', async () => {
    // Finance confirms the sessions (the finance area sets this flag; here straight in the database).
    await t.db
      .update(classroomSessions)
      .set({ financialConfirmation: true })
      .where(eq(classroomSessions.classroomId, classroomId));
    expect((await session(upcoming)).displayState).toBe('waitingForClass');
    // Booked by the scheduling admin and not yet accepted by the teacher: rule 6, passed.
    expect((await session(held)).displayState).toBe('passed');
    expect((await session(second)).displayState).toBe('passed');
    await t.call(cl.confirmChangesByTeacher, { body: { classroomId } }, { token: c.teacher.token });
    expect((await session(held)).displayState).toBe('waitingForClass');
    await t.call(cl.cancelSession, { body: { sessionId: second } }, { token: c.scheduler.token });
    expect((await session(second)).displayState).toBe('cancelled');
    // A change by the teacher after the records: new (yellow) until the scheduling admin confirms it.
    await t.db
      .update(classroomSessions)
      .set({ changesConfirmedBySchedulingAdmin: false })
      .where(eq(classroomSessions.sessionId, held));
    expect(await session(held)).toMatchObject({ displayState: 'new', displayColour: '#FBC02D' });
    await t.call(cl.confirmChangesBySchedulingAdmin, { body: { classroomId } }, { token: c.scheduler.token });
    expect((await session(held)).displayState).toBe('waitingForClass');
    const state = await t.call(cl.timesState, { query: { classroomId } }, { token: c.teacher.token });
    expect(state.json()).toMatchObject({
      total: 3,
      haveclass: 1,
      canceled: 1,
      confirmedByAdmin: 1,
      minutesHeld: 60,
    });
    const passed = await t.call(cl.passedLessons, { query: { classroomId } }, { token: c.student.token });
    expect(passed.json().data.map((s: { sessionId: string }) => s.sessionId)).toEqual([held]);
  });

  it('sessions of a lesson are those whose teaching day names it', async () => {
    const details = (await t.call(cl.get, { query: { classroomId } }, { token: c.admin.token })).json();
    const lessonId = details.lessons[0].classroomLessonId;
    const none = await t.call(
      cl.sessionsOfLesson,
      { query: { classroomId, classroomLessonId: lessonId } },
      { token: c.teacher.token },
    );
    expect(none.json().data).toEqual([]);
  });

  it('changes emit events for the notifications area, naming the people concerned', async () => {
    await t.events.drain(); // what earlier tests recorded
    const seen: unknown[] = [];
    const off = t.events.subscribe('session.changed', 'test', ({ payload }) => {
      seen.push(payload);
    });
    await t.call(
      cl.editTimeDetail,
      { body: { sessionId: upcoming, start: future + 14 * HOUR, end: future + 15 * HOUR } },
      { token: c.scheduler.token },
    );
    await t.events.drain();
    off();
    expect(seen).toEqual([
      expect.objectContaining({
        classroomId,
        sessionIds: [upcoming],
        action: 'moved',
        actorKey: c.scheduler.publicKey,
        userKeys: expect.arrayContaining([
          c.teacher.publicKey,
          c.assistant.publicKey,
          c.student.publicKey,
          c.student2.publicKey,
        ]),
      }),
    ]);
  });
});
