import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Level, type LessonType } from '@tutoria/shared';
import { classrooms } from '../../db/schema/index.ts';
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
 * The teaching-hours report (issue 29) on a small hand-computed centre in Asia/Shanghai (UTC+8):
 * exact hours per month, level, lesson type and the sessions behind them; each role's scope; bad
 * filters refused with field errors.
 *
 * Held sessions of 2025 in live classes (local months):
 * - Tina's A-Level offline class: 10 Mar 90 min, 12 Mar 120 min, 1 Feb 01:00 local (31 Jan UTC) 60 min;
 *   14 Mar 60 min not held (left out).
 * - Tom's A-Level online class (Sara, the consultant's student): 11 Mar 45 min.
 * - Tom's IELTS online class (with an assistant): 20 Mar 60 min; 31 Dec 2024 23:00 local 60 min (2024).
 * - Tina's disabled class: 15 Mar 60 min (left out).
 * March: 315 min = 5.25 h in 4 sessions; February: 1 h; the year: 6.25 h in 5 sessions.
 */
let t: TestApp;
let c: Centre;
let assistantToken: string;
const r = contract.teachingHours;
const at = (iso: string) => Date.parse(iso) / 1000;
const span = (iso: string, minutes: number) => ({ start: at(iso), end: at(iso) + minutes * 60 });
let marchOffline: string[];
let ieltsClassId: string;

async function setClass(classroomId: string, level: Level, lessonType: LessonType, state?: string) {
  await t.db
    .update(classrooms)
    .set({ classroomLevel: level, lessonType, ...(state ? { state } : {}) })
    .where(sql`${classrooms.classroomId} = ${classroomId}`);
}

async function held(sessionIds: string[]) {
  for (const id of sessionIds)
    await t.db.execute(sql`update classroom_sessions set state = 'haveclass' where session_id = ${id}`);
}

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  c = await centre(t);
  const a = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student3],
    times: [
      span('2025-03-10T02:00:00Z', 90),
      span('2025-03-12T02:00:00Z', 120),
      span('2025-03-14T02:00:00Z', 60),
      span('2025-01-31T17:00:00Z', 60),
    ],
  });
  marchOffline = a.sessionIds.slice(0, 2);
  await held([a.sessionIds[0]!, a.sessionIds[1]!, a.sessionIds[3]!]);
  const b = await buildClassroom(t, {
    teacher: c.teacher2,
    students: [c.student],
    times: [span('2025-03-11T10:00:00Z', 45)],
  });
  await setClass(b.classroomId, 'A_LEVEL', 'A_LEVEL_Online');
  await recordSession(t.db, b.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
  const ielts = await buildClassroom(t, {
    teacher: c.teacher2,
    students: [c.student3],
    assistant: true,
    times: [span('2025-03-20T10:00:00Z', 60), span('2024-12-31T15:00:00Z', 60)],
  });
  assistantToken = ielts.assistant!.token;
  ieltsClassId = ielts.classroomId;
  await setClass(ielts.classroomId, 'IELTS', 'IELTS_Online');
  await held(ielts.sessionIds);
  const disabled = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student3],
    times: [span('2025-03-15T02:00:00Z', 60)],
  });
  await held(disabled.sessionIds);
  await setClass(disabled.classroomId, 'A_LEVEL', 'A_LEVEL_Offline', 'Deleted');
});

afterAll(async () => {
  await t?.close();
});

const zeroMonths = (figures: Record<number, [number, number]>) =>
  Array.from({ length: 12 }, (_, i) => {
    const [hours, sessionCount] = figures[i + 1] ?? [0, 0];
    return { month: i + 1, hours, sessionCount };
  });

describe('teaching hours', () => {
  it('gives the hours held per month of the year, months in the centre’s time zone', async () => {
    for (const who of [c.admin, c.scheduler, c.leader, c.finance]) {
      const res = await t.call(r.year, { query: { year: 2025 } }, { token: who.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        year: 2025,
        hours: 6.25,
        sessionCount: 5,
        months: zeroMonths({ 2: [1, 1], 3: [5.25, 4] }),
      });
    }
    const before = await t.call(r.year, { query: { year: 2024 } }, { token: c.admin.token });
    expect(before.json().hours).toBe(1);
    expect(before.json().months[11]).toEqual({ month: 12, hours: 1, sessionCount: 1 });
  });

  it('answers by the spec’s spelling', async () => {
    const res = await t.call(
      r.year,
      { query: { year: 2025 } },
      { token: c.admin.token, path: 'getTotalTeachingHourReport' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hours).toBe(6.25);
  });

  it('splits a month by level, most hours first', async () => {
    const res = await t.call(r.levels, { query: { year: 2025, month: 3 } }, { token: c.admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      year: 2025,
      month: 3,
      hours: 5.25,
      sessionCount: 4,
      levels: [
        { level: 'A_LEVEL', hours: 4.25, sessionCount: 3 },
        { level: 'IELTS', hours: 1, sessionCount: 1 },
      ],
    });
    const empty = await t.call(r.levels, { query: { year: 2025, month: 4 } }, { token: c.admin.token });
    expect(empty.json()).toEqual({ year: 2025, month: 4, hours: 0, sessionCount: 0, levels: [] });
  });

  it('splits a level by lesson type', async () => {
    const res = await t.call(
      r.lessons,
      { query: { year: 2025, month: 3, level: 'A_LEVEL' } },
      { token: c.admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      year: 2025,
      month: 3,
      level: 'A_LEVEL',
      hours: 4.25,
      sessionCount: 3,
      lessons: [
        { lessonType: 'A_LEVEL_Offline', hours: 3.5, sessionCount: 2 },
        { lessonType: 'A_LEVEL_Online', hours: 0.75, sessionCount: 1 },
      ],
    });
  });

  it('lists the sessions behind a figure a page at a time, in time order', async () => {
    const query = { year: 2025, month: 3, level: 'A_LEVEL' as const, lessonType: 'A_LEVEL_Offline' as const };
    const first = await t.call(r.sessions, { query: { ...query, size: 1 } }, { token: c.admin.token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      totalCount: 2,
      data: [
        {
          sessionId: marchOffline[0],
          classroomId: expect.any(String),
          classroomName: expect.any(String),
          teacherPublicKey: c.teacher.publicKey,
          teacherName: 'Teacher Tina',
          start: at('2025-03-10T02:00:00Z'),
          end: at('2025-03-10T03:30:00Z'),
          hours: 1.5,
        },
      ],
    });
    const second = await t.call(
      r.sessions,
      { query: { ...query, size: 1, index: 2 } },
      { token: c.admin.token },
    );
    expect(
      second.json().data.map((s: { sessionId: string; hours: number }) => [s.sessionId, s.hours]),
    ).toEqual([[marchOffline[1], 2]]);
  });

  it('covers only the classes a teacher, an assistant or a consultant reaches', async () => {
    const tina = await t.call(r.year, { query: { year: 2025 } }, { token: c.teacher.token });
    expect(tina.json()).toEqual({
      year: 2025,
      hours: 4.5,
      sessionCount: 3,
      months: zeroMonths({ 2: [1, 1], 3: [3.5, 2] }),
    });
    const tom = await t.call(r.levels, { query: { year: 2025, month: 3 } }, { token: c.teacher2.token });
    expect(tom.json().levels).toEqual([
      { level: 'IELTS', hours: 1, sessionCount: 1 },
      { level: 'A_LEVEL', hours: 0.75, sessionCount: 1 },
    ]);
    const tomLessons = await t.call(
      r.sessions,
      {
        query: { year: 2025, month: 3, level: 'A_LEVEL', lessonType: 'A_LEVEL_Offline' },
      },
      { token: c.teacher2.token },
    );
    expect(tomLessons.json()).toEqual({ data: [], totalCount: 0 });
    const assistant = await t.call(r.year, { query: { year: 2025 } }, { token: assistantToken });
    expect(assistant.json().months[2]).toEqual({ month: 3, hours: 1, sessionCount: 1 });
    expect(assistant.json().hours).toBe(1);
    const consultant = await t.call(
      r.lessons,
      { query: { year: 2025, month: 3, level: 'A_LEVEL' } },
      { token: c.consultant.token },
    );
    expect(consultant.json().lessons).toEqual([
      { lessonType: 'A_LEVEL_Online', hours: 0.75, sessionCount: 1 },
    ]);
  });

  it('narrows every step to one teacher or one class, within the caller’s reach', async () => {
    const tom = await t.call(
      r.year,
      { query: { year: 2025, teacherPublicKey: c.teacher2.publicKey } },
      { token: c.admin.token },
    );
    expect(tom.json()).toEqual({
      year: 2025,
      hours: 1.75,
      sessionCount: 2,
      months: zeroMonths({ 3: [1.75, 2] }),
    });
    const ielts = await t.call(
      r.levels,
      { query: { year: 2025, month: 3, classroomId: ieltsClassId } },
      { token: c.admin.token },
    );
    expect(ielts.json().levels).toEqual([{ level: 'IELTS', hours: 1, sessionCount: 1 }]);
    const tinaLessons = await t.call(
      r.lessons,
      { query: { year: 2025, month: 3, level: 'A_LEVEL', teacherPublicKey: c.teacher.publicKey } },
      { token: c.admin.token },
    );
    expect(tinaLessons.json().lessons).toEqual([
      { lessonType: 'A_LEVEL_Offline', hours: 3.5, sessionCount: 2 },
    ]);
    const sessions = await t.call(
      r.sessions,
      {
        query: {
          year: 2025,
          month: 3,
          level: 'IELTS',
          lessonType: 'IELTS_Online',
          classroomId: ieltsClassId,
        },
      },
      { token: c.admin.token },
    );
    expect(sessions.json().totalCount).toBe(1);
    // Tina's filter on Tom's class finds nothing: a filter never widens the caller's reach.
    const outOfReach = await t.call(
      r.year,
      { query: { year: 2025, classroomId: ieltsClassId } },
      { token: c.teacher.token },
    );
    expect(outOfReach.json()).toEqual({ year: 2025, hours: 0, sessionCount: 0, months: zeroMonths({}) });
  });

  it('refuses students', async () => {
    for (const call of [
      t.call(r.year, { query: { year: 2025 } }, { token: c.student.token }),
      t.call(r.levels, { query: { year: 2025, month: 3 } }, { token: c.student.token }),
    ]) {
      expectRefused(await call, 'ACCESS_DENIED');
    }
  });

  it('refuses bad filters with field errors in the caller’s language', async () => {
    const month = await t.call(r.levels, { query: { year: 2025, month: 13 } }, { token: c.admin.token });
    expectRefused(month, 'FAILED_VALIDATION');
    expect(month.body).toContain(text('maxValue', { attribute: 'Month', max: 12 }));
    const year = await t.call(r.year, { query: { year: 0 } }, { token: c.admin.token });
    expectRefused(year, 'FAILED_VALIDATION');
    expect(year.body).toContain(text('minValue', { attribute: 'Year', min: 2000 }));
    const level = await t.call(
      r.lessons,
      { query: { year: 2025, month: 3, level: 'Nursery' as Level } },
      { token: c.admin.token, language: 'zh' },
    );
    expectRefused(level, 'FAILED_VALIDATION');
    expect(level.body).toContain(text('invalidValue', { attribute: '级别' }, 'zh'));
    const lessonType = await t.call(
      r.sessions,
      {
        query: { year: 2025, month: 3, level: 'A_LEVEL', lessonType: 'Knitting' as LessonType },
      },
      { token: c.admin.token },
    );
    expectRefused(lessonType, 'FAILED_VALIDATION');
    const teacher = await t.call(
      r.year,
      { query: { year: 2025, teacherPublicKey: 'tina' } },
      { token: c.admin.token },
    );
    expectRefused(teacher, 'FAILED_VALIDATION');
  });
});
