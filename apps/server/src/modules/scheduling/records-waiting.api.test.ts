import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { classroomSessions } from '../../db/schema/index.ts';
import {
  buildClassroom,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Sessions waiting for their records (issue #13): the "not recorded" display state and the staff's
 * list filter agree — the SQL condition picks exactly the sessions the shared rule calls not recorded.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
});
afterAll(() => t.close());

const cl = contract.classes;
const past = monday(-2) + 9 * HOUR;
const future = monday(2) + 9 * HOUR;

describe('sessions waiting for records', () => {
  it('the filter lists exactly the sessions shown "not recorded"', async () => {
    const at = (hours: number) => ({ start: past + hours * HOUR, end: past + (hours + 1) * HOUR });
    const built = await buildClassroom(t, {
      times: [at(0), at(2), at(4), at(6), at(8), { start: future, end: future + HOUR }],
    });
    const [nothing, teachingOnly, onePresence, complete, cancelled, upcoming] = built.sessionIds as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await t.db
      .update(classroomSessions)
      .set({ financialConfirmation: true, changesConfirmedByTeacher: true })
      .where(eq(classroomSessions.classroomId, built.classroomId));
    const [first, second] = built.students as [Person, Person];
    await recordSession(t.db, teachingOnly, { teachingDay: true, confirmation: 'confirmedByTeacher' });
    await recordSession(t.db, onePresence, {
      teachingDay: true,
      presences: [{ student: first, isPresent: true }],
    });
    await recordSession(t.db, complete, {
      teachingDay: true,
      presences: [
        { student: first, isPresent: true },
        { student: second, isPresent: false },
      ],
    });
    await t.db
      .update(classroomSessions)
      .set({ state: 'canceled' })
      .where(eq(classroomSessions.sessionId, cancelled));

    const range = {
      start: past - HOUR,
      end: future + 2 * HOUR,
      teachersPublicKey: [built.teacher.publicKey],
    };
    const all = await t.call(cl.filteredByDate, { body: range }, { token: admin.token });
    expect(all.statusCode, all.body).toBe(200);
    const stateOf = new Map(
      all.json().data.map((s: { sessionId: string; displayState: string }) => [s.sessionId, s.displayState]),
    );
    expect(Object.fromEntries(stateOf)).toEqual({
      [nothing]: 'notRecorded',
      [teachingOnly]: 'notRecorded',
      [onePresence]: 'notRecorded',
      [complete]: 'waitingForClass',
      [cancelled]: 'cancelled',
      [upcoming]: 'waitingForClass',
    });

    const waiting = await t.call(
      cl.filteredByDate,
      { body: { ...range, waitingForRecords: true } },
      { token: admin.token },
    );
    expect(waiting.json().data.map((s: { sessionId: string }) => s.sessionId)).toEqual([
      nothing,
      teachingOnly,
      onePresence,
    ]);
    expect(waiting.json().totalCount).toBe(3);

    // The class details read the same state for the same sessions.
    const details = await t.call(
      cl.get,
      { query: { classroomId: built.classroomId } },
      { token: admin.token },
    );
    const detailState = new Map(
      details
        .json()
        .times.map((s: { sessionId: string; displayState: string }) => [s.sessionId, s.displayState]),
    );
    expect(detailState).toEqual(stateOf);

    // The schedule flags the same sessions (cancelled ones are not on it).
    const timetable = await t.call(
      contract.timetable.getForAdmin,
      { query: { start: range.start, end: range.end } },
      { token: admin.token },
    );
    const flagged = (
      timetable.json() as {
        availableTimes: { sessions: { sessionId: string; waitingForRecords: boolean }[] }[];
      }[]
    )
      .flatMap((x) => x.availableTimes.flatMap((slot) => slot.sessions))
      .filter((s) => built.sessionIds.includes(s.sessionId));
    expect(Object.fromEntries(flagged.map((s) => [s.sessionId, s.waitingForRecords]))).toEqual({
      [nothing]: true,
      [teachingOnly]: true,
      [onePresence]: true,
      [complete]: false,
      [upcoming]: false,
    });
  });

  it('a class without students has no presence information: its ended sessions wait', async () => {
    const built = await buildClassroom(t, { times: [{ start: past, end: past + HOUR }], students: [] });
    await recordSession(t.db, built.sessionIds[0]!, { teachingDay: true });
    const body = {
      start: past - HOUR,
      end: past + 2 * HOUR,
      teachersPublicKey: [built.teacher.publicKey],
      waitingForRecords: true,
    };
    const res = await t.call(cl.filteredByDate, { body }, { token: admin.token });
    expect(res.json().data).toMatchObject([{ sessionId: built.sessionIds[0], displayState: 'notRecorded' }]);
  });

  it('refuses a filter that is not a boolean', async () => {
    const res = await t.call(
      cl.filteredByDate,
      { body: { start: past, end: future, waitingForRecords: 'yes' as unknown as boolean } },
      { token: admin.token },
    );
    expect(res.statusCode).toBe(400);
  });
});
