import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClassesExamScoresQuery, contract } from '@tutoria/shared';
import { classroomLessons, classrooms, exams } from '../../db/schema/index.ts';
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
 * Exam scores compared between classes (issue 29) on a hand-computed centre in Asia/Shanghai
 * (UTC+8), period 1–31 March 2025 (local days). Class lesson Mathematics (title Pure Mathematics 1,
 * subtitle Algebra); Algebra also has Physics.
 * - Algebra (Tina, A-Level offline; Sara, Sue): 10 Mar Sara Name/Mathematics 80, Sue 60, Sue
 *   SubTitle of the whole session 55; 20 Mar Sara Name/Physics 90, Sue Title/Pure Mathematics 1 70,
 *   Sara Name/Mathematics pending; 1 Mar 01:00 local (28 Feb UTC) Sue Name/Mathematics 75;
 *   1 Apr 00:30 local (31 Mar UTC) Sara 10 (outside).
 *   → 430 / 6 = 71.67 over 2 students; Name/Mathematics 215 / 3 = 71.67, Physics 90, SubTitle 55,
 *   Title 70.
 * - Biology (Tom, IELTS online; Sam, Sara, Sue): 15 Mar Name/Mathematics 100, 85, 40 → 75.00.
 * - A deleted class with a 50 (left out).
 * The consultant reaches Sara and Sam: Algebra 80, 90 → 85.00 over 1; Biology 100, 85 → 92.50 over 2.
 */
let t: TestApp;
let c: Centre;
const r = contract.examScores;
const at = (iso: string) => Date.parse(iso) / 1000;
const span = (iso: string) => ({ start: at(iso), end: at(iso) + 3600 });
const march = { from: '2025-03-01', to: '2025-03-31' };
let algebra: string;
let biology: string;

async function exam(
  classroomId: string,
  sessionId: string,
  student: Person,
  examType: string,
  classroomLessonId: string | null,
  score: number | null,
) {
  await t.db.insert(exams).values({
    classroomId,
    sessionId,
    studentKey: student.publicKey,
    examType,
    classroomLessonId,
    score: score === null ? null : String(score),
    examState: score === null ? 'Pending' : 'Done',
  });
}

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  c = await centre(t);
  const a = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student, c.student3],
    name: 'Algebra',
    times: [
      span('2025-03-10T02:00:00Z'),
      span('2025-03-20T02:00:00Z'),
      span('2025-02-28T17:00:00Z'),
      span('2025-03-31T16:30:00Z'),
    ],
  });
  algebra = a.classroomId;
  const [physics] = await t.db
    .insert(classroomLessons)
    .values({
      classroomId: algebra,
      lessonName: 'Physics',
      lessonTitle: 'Mechanics',
      lessonSubTitle: 'Forces',
      lessonLevel: 'A_LEVEL',
      teachingLessonTimeInHour: '1.50',
      description: 'Forces',
      position: 1,
    })
    .returning();
  const [a1, a2, a3, a4] = a.sessionIds as [string, string, string, string];
  await exam(algebra, a1, c.student, 'NameExam', a.lessonId, 80);
  await exam(algebra, a1, c.student3, 'NameExam', a.lessonId, 60);
  await exam(algebra, a1, c.student3, 'SubTitleExam', null, 55);
  await exam(algebra, a2, c.student, 'NameExam', physics!.classroomLessonId, 90);
  await exam(algebra, a2, c.student3, 'TitleExam', a.lessonId, 70);
  await exam(algebra, a2, c.student, 'NameExam', a.lessonId, null);
  await exam(algebra, a3, c.student3, 'NameExam', a.lessonId, 75);
  await exam(algebra, a4, c.student, 'NameExam', a.lessonId, 10);

  const b = await buildClassroom(t, {
    teacher: c.teacher2,
    students: [c.student2, c.student, c.student3],
    name: 'Biology',
    times: [span('2025-03-15T03:00:00Z')],
  });
  biology = b.classroomId;
  await t.db
    .update(classrooms)
    .set({ classroomLevel: 'IELTS', lessonType: 'IELTS_Online' })
    .where(sql`${classrooms.classroomId} = ${biology}`);
  for (const [student, score] of [
    [c.student2, 100],
    [c.student, 85],
    [c.student3, 40],
  ] as const)
    await exam(biology, b.sessionIds[0]!, student, 'NameExam', b.lessonId, score);

  const deleted = await buildClassroom(t, {
    teacher: c.teacher,
    students: [c.student3],
    times: [span('2025-03-12T02:00:00Z')],
  });
  await exam(deleted.classroomId, deleted.sessionIds[0]!, c.student3, 'NameExam', deleted.lessonId, 50);
  await t.db
    .update(classrooms)
    .set({ state: 'Deleted' })
    .where(sql`${classrooms.classroomId} = ${deleted.classroomId}`);
});

afterAll(async () => {
  await t?.close();
});

type Answer = {
  classes: {
    classroomName: string;
    average: number;
    examCount: number;
    studentCount: number;
    exams: {
      examType: string;
      examName: string | null;
      average: number;
      examCount: number;
      studentCount: number;
    }[];
  }[];
};
const call = (query: ClassesExamScoresQuery, token = c.admin.token) =>
  t.call(r.classes, { query }, { token });
/** Each class as "name: average / exams / students". */
const figures = (a: Answer) =>
  a.classes.map((x) => `${x.classroomName}: ${x.average} / ${x.examCount} / ${x.studentCount}`);

describe('exam scores compared between classes', () => {
  it('averages each class and, inside it, each kind and examined name over the local days', async () => {
    for (const who of [c.admin, c.scheduler, c.leader, c.finance]) {
      const res = await call(march, who.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(figures(res.json())).toEqual(['Algebra: 71.67 / 6 / 2', 'Biology: 75 / 3 / 3']);
    }
    const answer = (await call(march)).json() as Answer;
    expect(answer.classes[0]).toMatchObject({
      classroomId: algebra,
      teacherName: 'Teacher Tina',
      level: 'A_LEVEL',
      lessonType: 'A_LEVEL_Offline',
    });
    expect(answer.classes[0]!.exams).toEqual([
      { examType: 'NameExam', examName: 'Mathematics', average: 71.67, examCount: 3, studentCount: 2 },
      { examType: 'NameExam', examName: 'Physics', average: 90, examCount: 1, studentCount: 1 },
      { examType: 'SubTitleExam', examName: null, average: 55, examCount: 1, studentCount: 1 },
      { examType: 'TitleExam', examName: 'Pure Mathematics 1', average: 70, examCount: 1, studentCount: 1 },
    ]);
    expect(answer.classes[1]).toMatchObject({
      classroomId: biology,
      level: 'IELTS',
      lessonType: 'IELTS_Online',
    });
    const early = await call({ from: '2025-03-01', to: '2025-03-10' });
    expect(figures(early.json())).toEqual(['Algebra: 67.5 / 4 / 2']);
    const empty = await call({ from: '2025-04-02', to: '2025-04-30' });
    expect(empty.json()).toEqual({ classes: [] });
  });

  it('filters by exam kind, examined names, teacher, class, level and lesson type', async () => {
    expect(figures((await call({ ...march, examType: 'NameExam' })).json())).toEqual([
      'Algebra: 76.25 / 4 / 2',
      'Biology: 75 / 3 / 3',
    ]);
    expect(figures((await call({ ...march, examsNames: 'Physics' })).json())).toEqual([
      'Algebra: 90 / 1 / 1',
    ]);
    expect(
      figures((await call({ ...march, examsNames: ' Mathematics, Pure Mathematics 1' })).json()),
    ).toEqual(['Algebra: 71.25 / 4 / 2', 'Biology: 75 / 3 / 3']);
    const biologyOnly = ['Biology: 75 / 3 / 3'];
    expect(figures((await call({ ...march, teacherPublicKey: c.teacher2.publicKey })).json())).toEqual(
      biologyOnly,
    );
    expect(figures((await call({ ...march, classroomId: biology })).json())).toEqual(biologyOnly);
    expect(figures((await call({ ...march, level: 'IELTS' })).json())).toEqual(biologyOnly);
    expect(figures((await call({ ...march, lessonType: 'A_LEVEL_Offline' })).json())).toEqual([
      'Algebra: 71.67 / 6 / 2',
    ]);
  });

  it('covers a teacher’s classes, and a consultant’s own students only', async () => {
    expect(figures((await call(march, c.teacher.token)).json())).toEqual(['Algebra: 71.67 / 6 / 2']);
    expect(figures((await call(march, c.teacher2.token)).json())).toEqual(['Biology: 75 / 3 / 3']);
    const consultant = (await call(march, c.consultant.token)).json() as Answer;
    expect(figures(consultant)).toEqual(['Algebra: 85 / 2 / 1', 'Biology: 92.5 / 2 / 2']);
    expect(consultant.classes[0]!.exams.map((e) => `${e.examName} ${e.average}`)).toEqual([
      'Mathematics 80',
      'Physics 90',
    ]);
    // another teacher's filter inside a teacher's reach answers nothing more
    expect(
      (await call({ ...march, teacherPublicKey: c.teacher2.publicKey }, c.teacher.token)).json(),
    ).toEqual({
      classes: [],
    });
  });

  it('refuses students and bad filters with field errors', async () => {
    expectRefused(await call(march, c.student.token), 'ACCESS_DENIED');
    const bad = async (query: Record<string, string>, message: string, language?: 'zh') => {
      const res = await t.call(
        r.classes,
        { query: query as ClassesExamScoresQuery },
        {
          token: c.admin.token,
          ...(language ? { language } : {}),
        },
      );
      expectRefused(res, 'FAILED_VALIDATION');
      expect(res.body).toContain(message);
    };
    await bad({ to: '2025-03-31' }, text('required', { attribute: 'From' }));
    await bad({ ...march, from: '2025-02-30' }, text('invalidValue', { attribute: 'From' }));
    await bad({ from: '2025-03-31', to: '2025-03-01' }, text('endAfterStart'));
    await bad({ from: '2025-01-01', to: '2026-01-02' }, text('rangeTooLong', { days: 366 }));
    await bad({ ...march, examType: 'Pending' }, text('invalidValue', { attribute: 'Exam type' }));
    await bad({ ...march, level: 'Nursery' }, text('invalidValue', { attribute: '级别' }, 'zh'), 'zh');
    await bad({ ...march, lessonType: 'Knitting' }, text('invalidValue', { attribute: 'Lesson type' }));
    expect((await call({ from: '2024-03-01', to: '2025-02-28' })).statusCode).toBe(200);
  });
});
