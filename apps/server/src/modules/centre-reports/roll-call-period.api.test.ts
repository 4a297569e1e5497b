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
 * A class's and a student's roll call over March 2025 (issue 29), in Asia/Shanghai (UTC+8):
 * - Algebra (Tina; Sara, Sue, A_LEVEL_Offline): a0 1 March 00:30 local, both present; a1 3 March
 *   10:00, Sara present, Sue absent; a2 10 March, both absent; a3 17 March, scheduled; a cancelled
 *   session on 24 March and one on 1 April 00:30 local (left out).
 * - Biology (Tom; Sam, Sara, A_LEVEL_Online): b0 3 March 13:00 held, nothing recorded; b1 5 March,
 *   Sam present, Sara absent.
 * Algebra: sessions 2/0/0 (0%), 1/1/0 (50%), 0/2/0 (100%), 0/0/2; Sara 2/1/1 (33%), Sue 1/2/1 (66%);
 * total 3/3/2 (50%). Sara: a0 present, a1 present, b0 unrecorded, b1 absent, a2 absent,
 * a3 unrecorded; Algebra 2/1/1 (33%), Biology 0/1/1 (100%); total 2/2/2 (50%).
 */
let t: TestApp;
let c: Centre;
const r = contract.rollCall;
const at = (iso: string) => Date.parse(iso) / 1000;
const span = (iso: string, minutes: number) => ({ start: at(iso), end: at(iso) + minutes * 60 });
const ids = {} as Record<'algebra' | 'biology' | 'a0' | 'a1' | 'a2' | 'a3' | 'b0' | 'b1', string>;
const march = { from: '2025-03-01', to: '2025-03-31' };

async function setState(sessionIds: string[], state: string) {
  for (const id of sessionIds)
    await t.db.execute(sql`update classroom_sessions set state = ${state} where session_id = ${id}`);
}

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  c = await centre(t);
  const algebra = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student, c.student3],
    name: 'Algebra',
    times: [
      span('2025-02-28T16:30:00Z', 60),
      span('2025-03-03T02:00:00Z', 60),
      span('2025-03-10T02:00:00Z', 60),
      span('2025-03-17T02:00:00Z', 60),
      span('2025-03-24T02:00:00Z', 60),
      span('2025-03-31T16:30:00Z', 60),
    ],
  });
  ids.algebra = algebra.classroomId;
  algebra.sessionIds.slice(0, 4).forEach((id, i) => (ids[`a${i}` as 'a0'] = id));
  const presences = (sara: boolean, sue: boolean) => [
    { student: c.student, isPresent: sara },
    { student: c.student3, isPresent: sue },
  ];
  for (const [id, sara, sue] of [
    [ids.a0, true, true],
    [ids.a1, true, false],
    [ids.a2, false, false],
  ] as const)
    await recordSession(t.db, id, { presences: presences(sara, sue), confirmation: 'confirmedByTeacher' });
  await setState([algebra.sessionIds[4]!], 'canceled');
  await setState([algebra.sessionIds[5]!], 'haveclass');
  const biology = await buildClassroom(t, {
    teacher: c.teacher2,
    students: [c.student2, c.student],
    name: 'Biology',
    times: [span('2025-03-03T05:00:00Z', 60), span('2025-03-05T03:00:00Z', 60)],
  });
  ids.biology = biology.classroomId;
  biology.sessionIds.forEach((id, i) => (ids[`b${i}` as 'b0'] = id));
  await t.db.execute(
    sql`update classrooms set lesson_type = 'A_LEVEL_Online' where classroom_id = ${biology.classroomId}`,
  );
  await setState([ids.b0], 'haveclass');
  await recordSession(t.db, ids.b1, {
    presences: [
      { student: c.student2, isPresent: true },
      { student: c.student, isPresent: false },
    ],
    confirmation: 'confirmedByTeacher',
  });
});

afterAll(async () => {
  await t?.close();
});

type Tally = {
  presentCount: number;
  absentCount: number;
  unrecordedCount: number;
  absencePercent: number | null;
};
const counts = (x: Tally) => [x.presentCount, x.absentCount, x.unrecordedCount, x.absencePercent];

describe("a class's roll call over a period", () => {
  it('counts each live session and each student of the class, with the totals', async () => {
    for (const who of [c.admin, c.scheduler, c.leader, c.finance, c.teacher]) {
      const res = await t.call(
        r.classroom,
        { query: { classroomId: ids.algebra, ...march } },
        { token: who.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({ classroomName: 'Algebra', teacherName: 'Teacher Tina', ...march });
      expect(answer.sessions.map((s: Tally & { sessionId: string }) => [s.sessionId, ...counts(s)])).toEqual([
        [ids.a0, 2, 0, 0, 0],
        [ids.a1, 1, 1, 0, 50],
        [ids.a2, 0, 2, 0, 100],
        [ids.a3, 0, 0, 2, null],
      ]);
      expect(answer.sessions[0]).toMatchObject({ start: at('2025-02-28T16:30:00Z'), held: true });
      expect(answer.sessions[3].held).toBe(false);
      expect(answer.students.map((s: Tally & { fullName: string }) => [s.fullName, ...counts(s)])).toEqual([
        ['Student Sara', 2, 1, 1, 33],
        ['Student Sue', 1, 2, 1, 66],
      ]);
      expect(counts(answer)).toEqual([3, 3, 2, 50]);
    }
  });

  it('takes whole days of the centre’s time zone', async () => {
    const res = await t.call(
      r.classroom,
      { query: { classroomId: ids.algebra, from: '2025-03-01', to: '2025-03-01' } },
      { token: c.admin.token },
    );
    expect(res.json().sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([ids.a0]);
    expect(counts(res.json())).toEqual([2, 0, 0, 0]);
  });

  it('counts only a consultant’s own students, and refuses a class out of reach', async () => {
    const res = await t.call(
      r.classroom,
      { query: { classroomId: ids.algebra, ...march } },
      { token: c.consultant.token },
    );
    const answer = res.json();
    expect(answer.sessions.map(counts)).toEqual([
      [1, 0, 0, 0],
      [1, 0, 0, 0],
      [0, 1, 0, 100],
      [0, 0, 1, null],
    ]);
    expect(answer.students.map((s: { fullName: string }) => s.fullName)).toEqual(['Student Sara']);
    expect(counts(answer)).toEqual([2, 1, 1, 33]);
    for (const [who, classroomId] of [
      [c.teacher2, ids.algebra],
      [c.teacher, ids.biology],
      [c.admin, '00000000-0000-4000-8000-000000000000'],
    ] as const)
      expectRefused(
        await t.call(r.classroom, { query: { classroomId: classroomId!, ...march } }, { token: who.token }),
        'FETCH_DATA_FAILED',
      );
    expectRefused(
      await t.call(
        r.classroom,
        { query: { classroomId: ids.algebra, ...march } },
        { token: c.student.token },
      ),
      'ACCESS_DENIED',
    );
  });
});

describe("a student's roll call over a period", () => {
  it('lists their sessions with their presence and counts per class', async () => {
    const res = await t.call(
      r.student,
      { query: { studentPublicKey: c.student.publicKey, ...march } },
      { token: c.admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ fullName: 'Student Sara', ...march });
    expect(
      answer.sessions.map((s: { sessionId: string; classroomName: string; presence: string }) => [
        s.sessionId,
        s.classroomName,
        s.presence,
      ]),
    ).toEqual([
      [ids.a0, 'Algebra', 'present'],
      [ids.a1, 'Algebra', 'present'],
      [ids.b0, 'Biology', 'unrecorded'],
      [ids.b1, 'Biology', 'absent'],
      [ids.a2, 'Algebra', 'absent'],
      [ids.a3, 'Algebra', 'unrecorded'],
    ]);
    expect(
      answer.classes.map((x: Tally & { classroomName: string }) => [x.classroomName, ...counts(x)]),
    ).toEqual([
      ['Algebra', 2, 1, 1, 33],
      ['Biology', 0, 1, 1, 100],
    ]);
    expect(counts(answer)).toEqual([2, 2, 2, 50]);
  });

  it('covers a teacher’s own classes, and refuses a student out of reach', async () => {
    const tina = (
      await t.call(
        r.student,
        { query: { studentPublicKey: c.student.publicKey, ...march } },
        { token: c.teacher.token },
      )
    ).json();
    expect(tina.classes.map((x: { classroomName: string }) => x.classroomName)).toEqual(['Algebra']);
    expect(tina.sessions).toHaveLength(4);
    expect(counts(tina)).toEqual([2, 1, 1, 33]);
    for (const [who, key] of [
      [c.teacher, c.student2.publicKey],
      [c.consultant, c.student3.publicKey],
      [c.admin, c.teacher.publicKey],
      [c.admin, '00000000-0000-4000-8000-000000000000'],
    ] as const)
      expectRefused(
        await t.call(r.student, { query: { studentPublicKey: key, ...march } }, { token: who.token }),
        'FETCH_DATA_FAILED',
      );
    expectRefused(
      await t.call(
        r.student,
        { query: { studentPublicKey: c.student.publicKey, ...march } },
        { token: c.student.token },
      ),
      'ACCESS_DENIED',
    );
  });
});

describe('periods', () => {
  it('takes up to 366 days, the end not before the start', async () => {
    const leap = await t.call(
      r.student,
      { query: { studentPublicKey: c.student.publicKey, from: '2024-01-01', to: '2024-12-31' } },
      { token: c.admin.token },
    );
    expect(leap.statusCode, leap.body).toBe(200);
    const refusals = [
      [{ from: '2025-03-02', to: '2025-03-01' }, text('endAfterStart')],
      [{ from: '2025-01-01', to: '2026-01-02' }, text('rangeTooLong', { days: 366 })],
      [{ from: '2025-02-30', to: '2025-03-01' }, text('invalidValue', { attribute: 'From' })],
    ] as const;
    for (const [period, message] of refusals) {
      for (const res of [
        await t.call(
          r.classroom,
          { query: { classroomId: ids.algebra, ...period } },
          { token: c.admin.token },
        ),
        await t.call(
          r.student,
          { query: { studentPublicKey: c.student.publicKey, ...period } },
          { token: c.admin.token },
        ),
      ]) {
        expectRefused(res, 'FAILED_VALIDATION');
        expect(res.body).toContain(message);
      }
    }
    expectRefused(
      await t.call(r.classroom, { query: { classroomId: 'nope', ...march } }, { token: c.admin.token }),
      'FAILED_VALIDATION',
    );
  });
});

describe("the day's roll call, filtered", () => {
  const day = async (filters: Record<string, string>) =>
    (await t.call(r.day, { query: { day: '2025-03-03', ...filters } }, { token: c.admin.token }))
      .json()
      .sessions.map((s: { sessionId: string }) => s.sessionId);

  it('narrows to a teacher, a class or a lesson type', async () => {
    expect(await day({})).toEqual([ids.a1, ids.b0]);
    expect(await day({ teacherPublicKey: c.teacher2.publicKey })).toEqual([ids.b0]);
    expect(await day({ classroomId: ids.algebra })).toEqual([ids.a1]);
    expect(await day({ lessonType: 'A_LEVEL_Online' })).toEqual([ids.b0]);
    expect(await day({ teacherPublicKey: c.teacher.publicKey, lessonType: 'A_LEVEL_Online' })).toEqual([]);
    expectRefused(
      await t.call(
        r.day,
        { query: { day: '2025-03-03', lessonType: 'Chess' as 'GCSE_Online' } },
        { token: c.admin.token },
      ),
      'FAILED_VALIDATION',
    );
  });
});
