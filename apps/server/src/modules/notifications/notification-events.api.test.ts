import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { notifications, outboxEvents } from '../../db/schema/index.ts';
import { notificationCount, notificationsOf } from '../../../test/notification-factories.ts';
import {
  addSlots,
  buildClassroom,
  centre,
  type Centre,
  createClass,
  HOUR,
  monday,
  person,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const cl = contract.classes;
let t: TestApp;
let staff: Centre;

beforeAll(async () => {
  t = await createTestApp();
  staff = await centre(t);
});
afterAll(() => t.close());

/** Dispatches what was recorded, and what the subscribers recorded in turn. */
async function settle() {
  while ((await t.events.drain()) > 0);
}

/** The notifications made since `since` (a count of rows), as who got which key. */
async function madeSince(since: number) {
  const rows = await t.db.select().from(notifications).orderBy(notifications.seq).offset(since);
  return rows.map((r) => ({
    userKey: r.userKey,
    key: r.messageKey,
    messageType: r.messageType,
    params: r.params,
  }));
}

const future = monday(3) + 9 * HOUR;

describe('notifications made from scheduling’s events, after commit, for exactly the people concerned', () => {
  it('a class created by the scheduler: its teacher and students, not the scheduler; the teacher hears of the slots put in their timetable', async () => {
    await settle();
    const since = await notificationCount(t.db);
    const teacher = await person(t, 'Teacher');
    const students = [await person(t, 'Student'), await person(t, 'Student')];
    await addSlots(t, staff.scheduler.token, [{ start: future, end: future + 4 * HOUR }], {
      teacherPublicKey: teacher.publicKey,
    });
    const created = await createClass(
      t,
      staff.scheduler.token,
      { teacher, students },
      [{ start: future, end: future + HOUR }],
      {
        classroomName: 'Chemistry Evening',
      },
    );
    expect(created.classroomId).toBeDefined();
    expect(await notificationCount(t.db)).toBe(since); // nothing before the events are dispatched
    await settle();
    const made = await madeSince(since);
    expect(made).toEqual(
      expect.arrayContaining([
        {
          userKey: teacher.publicKey,
          key: 'timetable.added',
          messageType: 'TimeTable',
          params: { count: 1 },
        },
        {
          userKey: teacher.publicKey,
          key: 'class.created',
          messageType: 'Classroom',
          params: { classroom: 'Chemistry Evening' },
        },
        ...students.map((s) => ({
          userKey: s.publicKey,
          key: 'class.created',
          messageType: 'Classroom',
          params: { classroom: 'Chemistry Evening' },
        })),
      ]),
    );
    // The sessions booked with the class are part of "created"; nobody else hears anything.
    const others = made.filter(
      (m) => ![teacher.publicKey, ...students.map((s) => s.publicKey)].includes(m.userKey),
    );
    expect(others).toEqual([]);
    expect(made.filter((m) => m.key === 'class.created')).toHaveLength(3);
  });

  it('a session moved: the teacher, the assistant and the students, once each', async () => {
    const built = await buildClassroom(t, {
      times: [{ start: future + 24 * HOUR, end: future + 25 * HOUR }],
      assistant: true,
      name: 'Moved class',
    });
    await addSlots(t, built.teacher.token, [{ start: future + 27 * HOUR, end: future + 30 * HOUR }]); // the teacher's own change: no notification
    await settle();
    const since = await notificationCount(t.db);
    const res = await t.call(
      cl.editTimeDetail,
      { body: { sessionId: built.sessionIds[0]!, start: future + 28 * HOUR, end: future + 29 * HOUR } },
      { token: staff.scheduler.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    const made = await madeSince(since);
    const concerned = [built.teacher, built.assistant!, ...built.students].map((p) => p.publicKey);
    expect(made.map((m) => m.userKey).sort()).toEqual([...concerned].sort());
    expect(new Set(made.map((m) => m.key))).toEqual(new Set(['session.moved']));
    expect(made[0]).toMatchObject({
      messageType: 'TimeTable',
      params: { classroom: 'Moved class', count: 1 },
    });
    const [own] = await notificationsOf(t.db, built.teacher.publicKey);
    const list = await t.call(
      contract.notifications.ownList,
      { body: { page: { index: 1, size: 10 }, where: [], order: [] } },
      { token: built.teacher.token, language: 'zh' },
    );
    expect(list.json().data[0]).toMatchObject({
      messageId: own!.notificationId,
      message: '班级 Moved class 有 1 节课改了时间。',
    });
  });

  it('a session cancelled: its people; a slot the scheduler cancels in a teacher’s timetable: the teacher', async () => {
    const built = await buildClassroom(t, {
      times: [{ start: future + 48 * HOUR, end: future + 49 * HOUR }],
    });
    const [slot] = await addSlots(
      t,
      staff.scheduler.token,
      [{ start: future + 60 * HOUR, end: future + 61 * HOUR }],
      {
        teacherPublicKey: built.teacher.publicKey,
      },
    );
    await settle();
    const since = await notificationCount(t.db);
    expect(
      (
        await t.call(
          cl.cancelSession,
          { body: { sessionId: built.sessionIds[0]! } },
          { token: staff.scheduler.token },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.call(
          contract.timetable.cancelTime,
          { body: { availableTimeId: slot!.availableTimeId } },
          { token: staff.scheduler.token },
        )
      ).statusCode,
    ).toBe(200);
    await settle();
    const made = await madeSince(since);
    expect(
      made
        .filter((m) => m.key === 'session.cancelled')
        .map((m) => m.userKey)
        .sort(),
    ).toEqual([built.teacher, ...built.students].map((p) => p.publicKey).sort());
    expect(made.filter((m) => m.key.startsWith('timetable.'))).toEqual([
      {
        userKey: built.teacher.publicKey,
        key: 'timetable.cancelled',
        messageType: 'TimeTable',
        params: { count: 1 },
      },
    ]);
  });

  it('a refused or rolled-back change creates none', async () => {
    const built = await buildClassroom(t, {
      times: [{ start: future + 72 * HOUR, end: future + 73 * HOUR }],
    });
    await settle();
    const since = await notificationCount(t.db);
    // Outside the teacher's available times: refused, nothing recorded.
    const refused = await t.call(
      cl.editTimeDetail,
      { body: { sessionId: built.sessionIds[0]!, start: future + 90 * HOUR, end: future + 91 * HOUR } },
      { token: staff.scheduler.token },
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await t.db
      .transaction(async (tx) => {
        await t.events.record(tx, 'session.changed', {
          classroomId: built.classroomId,
          classroomName: 'x',
          sessionIds: built.sessionIds,
          action: 'moved',
          actorKey: staff.scheduler.publicKey,
          userKeys: [built.teacher.publicKey],
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await settle();
    expect(await notificationCount(t.db)).toBe(since);
  });

  it('a second delivery of the same event adds nothing (the event id is the key)', async () => {
    const built = await buildClassroom(t, {
      times: [{ start: future + 96 * HOUR, end: future + 97 * HOUR }],
    });
    await settle();
    const since = await notificationCount(t.db);
    await t.call(
      cl.cancelSession,
      { body: { sessionId: built.sessionIds[0]! } },
      { token: staff.scheduler.token },
    );
    await settle();
    const first = await notificationCount(t.db);
    expect(first - since).toBe(3);
    // As if the dispatcher crashed after the subscriber ran but before it was marked done.
    await t.db
      .update(outboxEvents)
      .set({
        dispatchedAt: null,
        doneSubscribers: sql`'{}'::text[]`,
        availableAt: sql`now()`,
        lockedUntil: null,
      })
      .where(
        sql`${outboxEvents.name} = 'session.changed' and ${outboxEvents.payload}->>'classroomId' = ${built.classroomId}`,
      );
    await settle();
    expect(await notificationCount(t.db)).toBe(first);
  });
});
