import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import {
  addSlots,
  buildClassroom,
  type BuiltClassroom,
  person,
  type Person,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { classrooms, classroomSessions } from '../../db/schema/scheduling.ts';
import { reminderKey } from './reminders.service.ts';

const LINK = 'https://meet.example.com/tutoria-42';
const MINUTE = 60;
let t: TestApp;
/** A second server process on the same database: its own job worker and event bus. */
let second: FastifyInstance;
let scheduler: Person;

beforeAll(async () => {
  t = await createTestApp({ SESSION_REMINDER_MINUTES: '60' });
  second = await buildApp({
    config: t.config,
    database: t.database,
    store: t.store,
    logger: false,
    eventDispatch: 'manual',
  });
  await second.ready();
  scheduler = await person(t, 'SchedulingAdmin');
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** Whole minutes from now, as epoch seconds. */
const fromNow = (minutes: number) => Math.ceil(Date.now() / 1000 / MINUTE) * MINUTE + minutes * MINUTE;
/** A twenty-minute session starting in `startInMinutes`. */
const session = (startInMinutes: number) => ({
  start: fromNow(startInMinutes),
  end: fromNow(startInMinutes + 20),
});

async function onlineClass(times: { start: number; end: number }[], link: string | null = LINK) {
  const built = await buildClassroom(t, { times, assistant: true });
  await t.db
    .update(classrooms)
    .set({ lessonType: 'IELTS_Online', meetingLink: link, classroomName: 'Online IELTS' })
    .where(eq(classrooms.classroomId, built.classroomId));
  return built;
}

/** Both processes run what is due, at once. */
const runBoth = () => Promise.all([t.jobs.drain(), second.jobs.drain()]);

/** The reminders stored, per recipient, for the people of a class. */
async function remindersOf(built: BuiltClassroom) {
  const rows = await t.db
    .select({
      userKey: notifications.userKey,
      key: notifications.messageKey,
      params: notifications.params,
      type: notifications.messageType,
    })
    .from(notifications)
    .where(like(notifications.messageKey, 'session.reminder%'));
  const people = new Set([
    built.teacher.publicKey,
    built.assistant!.publicKey,
    ...built.students.map((s) => s.publicKey),
  ]);
  return rows.filter((r) => people.has(r.userKey));
}

/** The next plan run comes due (the plan runs every ten minutes), and both processes run what is due. */
async function planRuns() {
  await t.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, 'reminders.plan'), eq(jobs.state, 'pending')));
  await runBoth();
}

/** Time passes: every waiting job comes due now. */
const timePasses = () =>
  t.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.state, 'pending'));

describe('session reminders', () => {
  it('remind the teacher, assistant and students once, with the meeting link, with two processes running', async () => {
    const built = await onlineClass([session(30), session(5 * 60)]);
    await runBoth();
    const sent = await remindersOf(built);
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((r) => r.userKey)).size).toBe(4);
    expect(sent.every((r) => r.key === 'session.reminderOnline' && r.type === 'Classroom')).toBe(true);
    expect(sent[0]!.params).toMatchObject({ classroom: 'Online IELTS', link: LINK });

    // Rendered in the reader's language, with the link.
    const page = { page: { index: 1, size: 50 }, where: [], order: [] } as never;
    for (const language of ['en', 'zh'] as const) {
      const res = await t.call(
        contract.notifications.ownList,
        { body: page },
        { token: built.students[0]!.token, language },
      );
      const message = res.json().data[0].message as string;
      expect(message).toContain(LINK);
      expect(message).toContain(language === 'en' ? 'Reminder' : '提醒');
    }

    // The session in five hours is not planned yet: the plan looks only at the next window.
    const planned = await t.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(like(jobs.key, `reminder:${built.sessionIds[1]}:%`));
    expect(planned).toEqual([]);

    // Running again, or a worker taking over a reminder it thinks unfinished, adds nothing.
    await runBoth();
    await t.db
      .update(jobs)
      .set({ state: 'pending', runAt: sql`now()` })
      .where(eq(jobs.key, reminderKey({ sessionId: built.sessionIds[0]!, start: session(30).start })));
    await runBoth();
    expect(await remindersOf(built)).toHaveLength(4);
  });

  it('says no link for a class taught in a room, and is not sent before its time', async () => {
    const built = await buildClassroom(t, { times: [session(80)], assistant: true, room: 'R7' });
    await planRuns();
    expect(await remindersOf(built)).toEqual([]);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `reminder:${built.sessionIds[0]}:%`));
    expect(job?.state).toBe('pending');
    expect(Math.round(job!.runAt.getTime() / 1000)).toBe(session(80).start - 60 * MINUTE);
    await timePasses();
    await runBoth();
    const sent = await remindersOf(built);
    expect(sent).toHaveLength(4);
    expect(sent.every((r) => r.key === 'session.reminder' && !('link' in (r.params as object)))).toBe(true);
  });

  it('moves with a moved session and is dropped for a cancelled one', async () => {
    const built = await onlineClass([session(65), session(86)]);
    await planRuns();
    const keys = async () =>
      (await t.db.select({ key: jobs.key, state: jobs.state }).from(jobs).where(like(jobs.key, `reminder:%`)))
        .filter((j) => built.sessionIds.some((id) => j.key!.includes(id)))
        .map((j) => `${j.key}=${j.state}`)
        .sort();
    const [moved, cancelled] = built.sessionIds as [string, string];
    expect(await keys()).toEqual(
      [
        `${reminderKey({ sessionId: moved, start: session(65).start })}=pending`,
        `${reminderKey({ sessionId: cancelled, start: session(86).start })}=pending`,
      ].sort(),
    );

    // The scheduler moves the first 25 minutes earlier and cancels the second.
    const earlier = session(40);
    await addSlots(t, built.teacher.token, [earlier]);
    const move = await t.call(
      contract.classes.editTimeDetail,
      { body: { sessionId: moved, ...earlier } },
      { token: scheduler.token },
    );
    expect(move.statusCode, move.body).toBe(200);
    const cancel = await t.call(
      contract.classes.cancelSession,
      { body: { sessionId: cancelled } },
      { token: scheduler.token },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.events.drain();
    expect(await keys()).toContain(`${reminderKey({ sessionId: moved, start: earlier.start })}=pending`);

    await timePasses();
    await runBoth();
    const sent = await remindersOf(built);
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((r) => (r.params as { time: string }).time)).size).toBe(1);
    const [row] = await t.db
      .select({ start: classroomSessions.startAt })
      .from(classroomSessions)
      .where(and(eq(classroomSessions.sessionId, moved)));
    expect(row!.start.getTime() / 1000).toBe(earlier.start);
    // Every reminder job ran: the stale and the cancelled one said nothing.
    expect((await keys()).every((k) => k.endsWith('=done'))).toBe(true);
  });
});
