import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Level, type LessonType, type TeacherWorkloadQuery } from '@tutoria/shared';
import { classrooms } from '../../db/schema/index.ts';
import {
  buildClassroom,
  centre,
  type Centre,
  expectRefused,
  type Person,
  text,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Teacher workload (issue 29) on a hand-computed centre in Asia/Shanghai (UTC+8), the weeks of
 * Monday 3 and Monday 10 March 2025:
 * - Tina's A-Level offline class (Sue): Mon 3 Mar 10:00 local 90 min held; Mon 10 Mar 00:30 local
 *   (Sunday 9 Mar in UTC) 60 min held; Wed 12 Mar 120 min booked; Thu 13 Mar 60 min cancelled
 *   (left out); Mon 17 Mar 60 min (after the period).
 * - Tom's IELTS online class (Sara, the consultant's; an assistant): Tue 4 Mar 45 min held; Tue 11 Mar
 *   60 min booked.
 * - Tina's disabled class: Wed 5 Mar 60 min held (left out).
 * Tina: held 2.5 h (1.5 + 1), booked 4.5 h (1.5 + 3); Tom: held 0.75 h, booked 1.75 h (0.75 + 1).
 */
let t: TestApp;
let c: Centre;
let assistant: Person;
const r = contract.teacherWorkload;
const at = (iso: string) => Date.parse(iso) / 1000;
const span = (iso: string, minutes: number) => ({ start: at(iso), end: at(iso) + minutes * 60 });
const period = { from: '2025-03-03', to: '2025-03-16' };

async function setState(sessionIds: string[], state: string) {
  for (const id of sessionIds)
    await t.db.execute(sql`update classroom_sessions set state = ${state} where session_id = ${id}`);
}

async function setClass(classroomId: string, level: Level, lessonType: LessonType, state?: string) {
  await t.db
    .update(classrooms)
    .set({ classroomLevel: level, lessonType, ...(state ? { state } : {}) })
    .where(sql`${classrooms.classroomId} = ${classroomId}`);
}

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  c = await centre(t);
  const a = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student3],
    times: [
      span('2025-03-03T02:00:00Z', 90),
      span('2025-03-09T16:30:00Z', 60),
      span('2025-03-12T02:00:00Z', 120),
      span('2025-03-13T02:00:00Z', 60),
      span('2025-03-17T02:00:00Z', 60),
    ],
  });
  await setState(a.sessionIds.slice(0, 2), 'haveclass');
  await setState([a.sessionIds[3]!], 'canceled');
  const b = await buildClassroom(t, {
    teacher: c.teacher2,
    students: [c.student],
    assistant: true,
    times: [span('2025-03-04T02:00:00Z', 45), span('2025-03-11T02:00:00Z', 60)],
  });
  assistant = b.assistant!;
  await setClass(b.classroomId, 'IELTS', 'IELTS_Online');
  await setState([b.sessionIds[0]!], 'haveclass');
  const disabled = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student3],
    times: [span('2025-03-05T02:00:00Z', 60)],
  });
  await setState(disabled.sessionIds, 'haveclass');
  await setClass(disabled.classroomId, 'A_LEVEL', 'A_LEVEL_Offline', 'Deleted');
});

afterAll(async () => {
  await t?.close();
});

type Hours = { heldHours: number; bookedHours: number };
type Answer = Hours & {
  weeks: string[];
  teachers: (Hours & {
    teacherName: string;
    teacherPublicKey: string;
    weeks: (Hours & { week: string })[];
  })[];
};
/** Each teacher as [name, held, booked, [week, held, booked]…]. */
const summary = (a: Answer) =>
  a.teachers.map((x) => [
    x.teacherName,
    x.heldHours,
    x.bookedHours,
    x.weeks.map((w) => [w.week, w.heldHours, w.bookedHours]),
  ]);
const tina = [
  'Teacher Tina',
  2.5,
  4.5,
  [
    ['2025-03-03', 1.5, 1.5],
    ['2025-03-10', 1, 3],
  ],
];
const tom = [
  'Teacher Tom',
  0.75,
  1.75,
  [
    ['2025-03-03', 0.75, 0.75],
    ['2025-03-10', 0, 1],
  ],
];

async function report(who: Person, query: Partial<TeacherWorkloadQuery> = {}) {
  const res = await t.call(r.report, { query: { ...period, ...query } }, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
}

describe('teacher workload', () => {
  it('gives held and booked hours per teacher per week, weeks from Monday in the centre’s time zone', async () => {
    for (const who of [c.admin, c.scheduler, c.leader, c.finance]) {
      const answer = await report(who);
      expect(answer.weeks).toEqual(['2025-03-03', '2025-03-10']);
      expect(summary(answer)).toEqual([tina, tom]);
      expect([answer.heldHours, answer.bookedHours]).toEqual([3.25, 6.25]);
    }
    const answer = await report(c.admin);
    expect(answer).toMatchObject({ from: '2025-03-03', to: '2025-03-16' });
    expect(answer.teachers[0]!.teacherPublicKey).toBe(c.teacher.publicKey);
  });

  it('lists every week a period touches, zeros included', async () => {
    const answer = await report(c.admin, { from: '2025-03-05', to: '2025-03-18' });
    expect(answer.weeks).toEqual(['2025-03-03', '2025-03-10', '2025-03-17']);
    expect(summary(answer)).toEqual([
      [
        'Teacher Tina',
        1,
        4,
        [
          ['2025-03-03', 0, 0],
          ['2025-03-10', 1, 3],
          ['2025-03-17', 0, 1],
        ],
      ],
      [
        'Teacher Tom',
        0,
        1,
        [
          ['2025-03-03', 0, 0],
          ['2025-03-10', 0, 1],
          ['2025-03-17', 0, 0],
        ],
      ],
    ]);
    const empty = await report(c.admin, { from: '2025-05-01', to: '2025-05-01' });
    expect(empty).toEqual({
      from: '2025-05-01',
      to: '2025-05-01',
      weeks: ['2025-04-28'],
      teachers: [],
      heldHours: 0,
      bookedHours: 0,
    });
  });

  it('filters by teacher and lesson type', async () => {
    expect(summary(await report(c.admin, { teacherPublicKey: c.teacher.publicKey }))).toEqual([tina]);
    expect(summary(await report(c.admin, { lessonType: 'IELTS_Online' }))).toEqual([tom]);
  });

  it('shows a teacher or an assistant themself only, a consultant their students’ classes', async () => {
    expect(summary(await report(c.teacher))).toEqual([tina]);
    expect(summary(await report(c.teacher, { teacherPublicKey: c.teacher2.publicKey }))).toEqual([]);
    expect(summary(await report(c.teacher2))).toEqual([tom]);
    expect((await report(assistant)).teachers).toEqual([]);
    expect(summary(await report(c.consultant))).toEqual([tom]);
  });

  it('refuses students and bad filters', async () => {
    expectRefused(await t.call(r.report, { query: period }, { token: c.student.token }), 'ACCESS_DENIED');
    const bad = async (query: Record<string, string>) => {
      const res = await t.call(
        r.report,
        { query: { ...period, ...query } as TeacherWorkloadQuery },
        { token: c.admin.token },
      );
      expectRefused(res, 'FAILED_VALIDATION');
      return res.body;
    };
    expect(await bad({ to: '2025-13-01' })).toContain(text('invalidValue', { attribute: 'To' }));
    expect(await bad({ from: '2025-03-17' })).toContain(text('endAfterStart', { attribute: 'To' }));
    expect(await bad({ to: '2025-09-01' })).toContain(text('rangeTooLong', { days: 182 }));
    await bad({ lessonType: 'Knitting' });
    await bad({ teacherPublicKey: 'nobody' });
  });
});
