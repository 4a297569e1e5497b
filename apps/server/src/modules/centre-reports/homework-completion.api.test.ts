import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type HomeworkCompletionQuery, type Level, type LessonType } from '@tutoria/shared';
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
 * Homework completion (issue 29) on a hand-computed centre in Asia/Shanghai (UTC+8), March 2025.
 * Homework per session (D: done, O: not done past its deadline, P: not done, deadline ahead):
 * - Algebra (Tina, A-Level offline; Sara, Sue): 1 Mar 01:00 local (28 Feb UTC) Sara D; 3 Mar Sara D,
 *   Sue O; 10 Mar Sara P, Sue D; 1 Apr 00:30 local (31 Mar UTC) Sue D (April: left out).
 *   → 5 assigned, 3 done, 1 overdue, 60%.
 * - Biology (Tom, IELTS online; Sam, Sara, Sue): 12 Mar Sam D, Sara O, Sue O → 3, 1, 2, 33%.
 * - Chemistry (Tina, A-Level offline; Sam): 20 Mar Sam D → 1, 1, 0, 100%.
 * - Tina's disabled class (Sue): 5 Mar Sue D (left out).
 * Tina: 2 classes, 6, 4, 1, 66%; Tom: 3, 1, 2, 33%; in all 9, 5, 3, 55%.
 * The consultant's students are Sara and Sam.
 */
let t: TestApp;
let c: Centre;
const r = contract.homeworkCompletion;
const at = (iso: string) => Date.parse(iso) / 1000;
const span = (iso: string) => ({ start: at(iso), end: at(iso) + 3600 });
const ids: Record<string, string> = {};
const march = { from: '2025-03-01', to: '2025-03-31' };

type Mark = 'D' | 'O' | 'P';
async function homework(classroomId: string, sessionId: string, marks: [Person, Mark][]) {
  for (const [student, mark] of marks) {
    const deadLine = mark === 'O' ? '2025-03-14T00:00:00Z' : '2099-01-01T00:00:00Z';
    await t.db
      .execute(sql`insert into homeworks (session_id, classroom_id, student_key, subtitle, dead_line, form, state)
      values (${sessionId}, ${classroomId}, ${student.publicKey}, 'Exercises', ${deadLine}, 'written', ${mark === 'D' ? 'Done' : 'Pending'})`);
  }
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
    students: [c.student, c.student3],
    name: 'Algebra',
    times: [
      span('2025-02-28T17:00:00Z'),
      span('2025-03-03T02:00:00Z'),
      span('2025-03-10T02:00:00Z'),
      span('2025-03-31T16:30:00Z'),
    ],
  });
  const [a0, a1, a2, a3] = a.sessionIds as [string, string, string, string];
  ids.algebra = a.classroomId;
  await homework(a.classroomId, a0, [[c.student, 'D']]);
  await homework(a.classroomId, a1, [
    [c.student, 'D'],
    [c.student3, 'O'],
  ]);
  await homework(a.classroomId, a2, [
    [c.student, 'P'],
    [c.student3, 'D'],
  ]);
  await homework(a.classroomId, a3, [[c.student3, 'D']]);
  const b = await buildClassroom(t, {
    teacher: c.teacher2,
    students: [c.student2, c.student, c.student3],
    name: 'Biology',
    times: [span('2025-03-12T03:00:00Z')],
  });
  ids.biology = b.classroomId;
  await setClass(b.classroomId, 'IELTS', 'IELTS_Online');
  await homework(b.classroomId, b.sessionIds[0]!, [
    [c.student2, 'D'],
    [c.student, 'O'],
    [c.student3, 'O'],
  ]);
  const ch = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student2],
    name: 'Chemistry',
    times: [span('2025-03-20T02:00:00Z')],
  });
  ids.chemistry = ch.classroomId;
  await homework(ch.classroomId, ch.sessionIds[0]!, [[c.student2, 'D']]);
  const disabled = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student3],
    times: [span('2025-03-05T02:00:00Z')],
  });
  await homework(disabled.classroomId, disabled.sessionIds[0]!, [[c.student3, 'D']]);
  await setClass(disabled.classroomId, 'A_LEVEL', 'A_LEVEL_Offline', 'Deleted');
});

afterAll(async () => {
  await t?.close();
});

type Counts = { assigned: number; done: number; overdue: number; completionPercent: number | null };
type Answer = Counts & {
  classes: (Counts & { classroomName: string; teacherName: string })[];
  teachers: (Counts & { teacherName: string; classCount: number })[];
};
const figures = (x: Counts) => [x.assigned, x.done, x.overdue, x.completionPercent];
/** Classes as [name, teacher, assigned, done, overdue, percent]; teachers as [name, classes, …]. */
const summary = (a: Answer) => ({
  classes: a.classes.map((x) => [x.classroomName, x.teacherName, ...figures(x)]),
  teachers: a.teachers.map((x) => [x.teacherName, x.classCount, ...figures(x)]),
  all: figures(a),
});

async function report(who: Person, query: Partial<HomeworkCompletionQuery> = {}) {
  const res = await t.call(r.report, { query: { ...march, ...query } }, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
}

describe('homework completion', () => {
  it('counts per class (lowest completion first), per teacher and in all, percentages floored', async () => {
    for (const who of [c.admin, c.scheduler, c.leader, c.finance]) {
      expect(summary(await report(who))).toEqual({
        classes: [
          ['Biology', 'Teacher Tom', 3, 1, 2, 33],
          ['Algebra', 'Teacher Tina', 5, 3, 1, 60],
          ['Chemistry', 'Teacher Tina', 1, 1, 0, 100],
        ],
        teachers: [
          ['Teacher Tina', 2, 6, 4, 1, 66],
          ['Teacher Tom', 1, 3, 1, 2, 33],
        ],
        all: [9, 5, 3, 55],
      });
    }
    const answer = await report(c.admin);
    expect(answer).toMatchObject({ from: '2025-03-01', to: '2025-03-31' });
    expect(answer.classes[0]).toMatchObject({
      classroomId: ids.biology,
      level: 'IELTS',
      lessonType: 'IELTS_Online',
      teacherPublicKey: c.teacher2.publicKey,
    });
  });

  it('dates homework by its session in the centre’s time zone', async () => {
    const rest = await report(c.admin, { from: '2025-03-02', classroomId: ids.algebra });
    expect(summary(rest)).toEqual({
      classes: [['Algebra', 'Teacher Tina', 4, 2, 1, 50]],
      teachers: [['Teacher Tina', 1, 4, 2, 1, 50]],
      all: [4, 2, 1, 50],
    });
    const april = await report(c.admin, { from: '2025-04-01', to: '2025-04-01' });
    expect(figures(april)).toEqual([1, 1, 0, 100]);
    const empty = await report(c.admin, { from: '2025-05-01', to: '2025-05-31' });
    expect(empty).toEqual({
      from: '2025-05-01',
      to: '2025-05-31',
      classes: [],
      teachers: [],
      assigned: 0,
      done: 0,
      overdue: 0,
      completionPercent: null,
    });
  });

  it('filters by teacher, class, lesson type and level', async () => {
    const names = async (query: Partial<HomeworkCompletionQuery>) =>
      (await report(c.admin, query)).classes.map((x) => x.classroomName);
    expect(await names({ teacherPublicKey: c.teacher2.publicKey })).toEqual(['Biology']);
    expect(await names({ classroomId: ids.chemistry })).toEqual(['Chemistry']);
    expect(await names({ lessonType: 'IELTS_Online' })).toEqual(['Biology']);
    expect(await names({ level: 'A_LEVEL' })).toEqual(['Algebra', 'Chemistry']);
    expect(await names({ level: 'A_LEVEL', teacherPublicKey: c.teacher2.publicKey })).toEqual([]);
  });

  it('covers a teacher’s classes, and a consultant’s own students in their classes', async () => {
    expect(summary(await report(c.teacher))).toEqual({
      classes: [
        ['Algebra', 'Teacher Tina', 5, 3, 1, 60],
        ['Chemistry', 'Teacher Tina', 1, 1, 0, 100],
      ],
      teachers: [['Teacher Tina', 2, 6, 4, 1, 66]],
      all: [6, 4, 1, 66],
    });
    expect(summary(await report(c.teacher, { teacherPublicKey: c.teacher2.publicKey })).all).toEqual([
      0,
      0,
      0,
      null,
    ]);
    expect(summary(await report(c.consultant))).toEqual({
      classes: [
        ['Biology', 'Teacher Tom', 2, 1, 1, 50],
        ['Algebra', 'Teacher Tina', 3, 2, 0, 66],
        ['Chemistry', 'Teacher Tina', 1, 1, 0, 100],
      ],
      teachers: [
        ['Teacher Tina', 2, 4, 3, 0, 75],
        ['Teacher Tom', 1, 2, 1, 1, 50],
      ],
      all: [6, 4, 1, 66],
    });
  });

  it('refuses students and bad filters', async () => {
    expectRefused(await t.call(r.report, { query: march }, { token: c.student.token }), 'ACCESS_DENIED');
    const bad = async (query: Record<string, string>, language: 'en' | 'zh' = 'en') => {
      const res = await t.call(
        r.report,
        { query: { ...march, ...query } as HomeworkCompletionQuery },
        { token: c.admin.token, language },
      );
      expectRefused(res, 'FAILED_VALIDATION');
      return res.body;
    };
    expect(await bad({ from: '2025-02-30' })).toContain(text('invalidValue', { attribute: 'From' }));
    expect(await bad({ from: '2025-04-01' })).toContain(text('endAfterStart', { attribute: 'To' }));
    expect(await bad({ from: '2024-01-01', to: '2025-01-01' })).toContain(
      text('rangeTooLong', { days: 366 }),
    );
    expect(await bad({ level: 'Nursery' }, 'zh')).toContain(
      text('invalidValue', { attribute: '级别' }, 'zh'),
    );
    await bad({ lessonType: 'Knitting' });
    await bad({ classroomId: 'not-a-class' });
  });
});
