import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import {
  buildClassroom,
  centre,
  type Centre,
  expectRefused,
  recordSession,
  text,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A day's roll call (issue 29) on a hand-made day in Asia/Shanghai (UTC+8), 10 March 2025:
 * - Tina's class (Sara, Sue): 10:00 local held, Sara present, Sue absent; 16:00 local scheduled,
 *   nothing recorded; 23:00 local on 9 March and 00:30 local on 11 March (other days).
 * - Tom's class (Sam, Sara, Sue): 11:00 local held, Sam present, Sara and Sue absent (66%, floored);
 *   13:00 local cancelled (left out).
 * - Tina's disabled class: 12:00 local held (left out).
 * The day: 2 present, 3 absent, 60%.
 */
let t: TestApp;
let c: Centre;
const r = contract.rollCall;
const at = (iso: string) => Date.parse(iso) / 1000;
const span = (iso: string, minutes: number) => ({ start: at(iso), end: at(iso) + minutes * 60 });
const ids: Record<string, string> = {};

async function setState(sessionIds: string[], state: string) {
  for (const id of sessionIds)
    await t.db.execute(sql`update classroom_sessions set state = ${state} where session_id = ${id}`);
}

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  c = await centre(t);
  const tina = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student, c.student3],
    name: 'Algebra',
    times: [
      span('2025-03-10T02:00:00Z', 90),
      span('2025-03-10T08:00:00Z', 60),
      span('2025-03-09T15:00:00Z', 60),
      span('2025-03-10T16:30:00Z', 60),
    ],
  });
  ids.a1 = tina.sessionIds[0]!;
  ids.a2 = tina.sessionIds[1]!;
  await recordSession(t.db, ids.a1!, {
    presences: [
      { student: c.student, isPresent: true },
      { student: c.student3, isPresent: false },
    ],
    confirmation: 'confirmedByTeacher',
  });
  await setState(tina.sessionIds.slice(2), 'haveclass');
  const tom = await buildClassroom(t, {
    teacher: c.teacher2,
    students: [c.student2, c.student, c.student3],
    name: 'Biology',
    times: [span('2025-03-10T03:00:00Z', 60), span('2025-03-10T05:00:00Z', 60)],
  });
  ids.b1 = tom.sessionIds[0]!;
  await recordSession(t.db, ids.b1, {
    presences: [
      { student: c.student2, isPresent: true },
      { student: c.student, isPresent: false },
      { student: c.student3, isPresent: false },
    ],
    confirmation: 'confirmedByTeacher',
  });
  await setState([tom.sessionIds[1]!], 'canceled');
  const disabled = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student3],
    times: [span('2025-03-10T04:00:00Z', 60)],
  });
  await setState(disabled.sessionIds, 'haveclass');
  await t.db.execute(
    sql`update classrooms set state = 'Deleted' where classroom_id = ${disabled.classroomId}`,
  );
});

afterAll(async () => {
  await t?.close();
});

type Answer = {
  sessions: {
    sessionId: string;
    held: boolean;
    students: { fullName: string; presence: string }[];
    absencePercent: number | null;
  }[];
  presentCount: number;
  absentCount: number;
  absencePercent: number | null;
};
/** Each session as [id, held, "name: presence"…, percent]. */
const summary = (a: Answer) =>
  a.sessions.map((s) => [
    s.sessionId,
    s.held,
    s.students.map((x) => `${x.fullName}: ${x.presence}`),
    s.absencePercent,
  ]);

describe('the roll call of a day', () => {
  it('lists every live session of the day in time order, each student present, absent or unrecorded', async () => {
    for (const who of [c.admin, c.scheduler, c.leader, c.finance]) {
      const res = await t.call(r.day, { query: { day: '2025-03-10' } }, { token: who.token });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as Answer;
      expect(summary(answer)).toEqual([
        [ids.a1, true, ['Student Sara: present', 'Student Sue: absent'], 50],
        [ids.b1, true, ['Student Sam: present', 'Student Sara: absent', 'Student Sue: absent'], 66],
        [ids.a2, false, ['Student Sara: unrecorded', 'Student Sue: unrecorded'], null],
      ]);
      expect([answer.presentCount, answer.absentCount, answer.absencePercent]).toEqual([2, 3, 60]);
    }
    const res = await t.call(r.day, { query: { day: '2025-03-10' } }, { token: c.admin.token });
    expect(res.json().sessions[0]).toMatchObject({
      classroomName: 'Algebra',
      teacherName: 'Teacher Tina',
      start: at('2025-03-10T02:00:00Z'),
      end: at('2025-03-10T03:30:00Z'),
      presentCount: 1,
      absentCount: 1,
    });
  });

  it('covers a teacher’s classes, and only a consultant’s own students in theirs', async () => {
    const tina = (
      await t.call(r.day, { query: { day: '2025-03-10' } }, { token: c.teacher.token })
    ).json() as Answer;
    expect(summary(tina)).toEqual([
      [ids.a1, true, ['Student Sara: present', 'Student Sue: absent'], 50],
      [ids.a2, false, ['Student Sara: unrecorded', 'Student Sue: unrecorded'], null],
    ]);
    const consultant = (
      await t.call(r.day, { query: { day: '2025-03-10' } }, { token: c.consultant.token })
    ).json() as Answer;
    expect(summary(consultant)).toEqual([
      [ids.a1, true, ['Student Sara: present'], 0],
      [ids.b1, true, ['Student Sam: present', 'Student Sara: absent'], 50],
      [ids.a2, false, ['Student Sara: unrecorded'], null],
    ]);
    expect(consultant.absencePercent).toBe(33);
  });

  it('answers an empty day and refuses students and bad days', async () => {
    const empty = await t.call(r.day, { query: { day: '2025-03-12' } }, { token: c.admin.token });
    expect(empty.json()).toEqual({
      day: '2025-03-12',
      sessions: [],
      presentCount: 0,
      absentCount: 0,
      absencePercent: null,
    });
    expectRefused(
      await t.call(r.day, { query: { day: '2025-03-10' } }, { token: c.student.token }),
      'ACCESS_DENIED',
    );
    for (const day of ['2025-02-30', '10/03/2025', '1999-12-31']) {
      const res = await t.call(r.day, { query: { day } }, { token: c.admin.token });
      expectRefused(res, 'FAILED_VALIDATION');
      expect(res.body).toContain(text('invalidValue', { attribute: 'Day' }));
    }
  });
});
