import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { refusedUnchanged } from '../../../test/academic-factories.ts';
import {
  buildClassroom,
  type BuiltClassroom,
  DAY,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The student-level reports (SPEC §7 Reports, issue 10), checked against records made through the
 * record calls: Sara sits in class A (teacher A, an assistant, with Sam) and class B (teacher B).
 * Each report answers the student's records in the caller's classes only, and 404 out of reach.
 */
const a = contract.academic;
const r = contract.reports;
let t: TestApp;
let admin: Person;
let leader: Person;
let consultant: Person;
let otherConsultant: Person;
let otherTeacher: Person;
let sara: Person;
let sam: Person;
let sue: Person;
let classA: BuiltClassroom;
let classB: BuiltClassroom;
const now = Math.floor(Date.now() / 1000);
const first = monday(-2) + 9 * HOUR;
const second = monday(-1) + 9 * HOUR;
const third = monday(-1) + 14 * HOUR;
const gradedAt = second + 2 * DAY;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  leader = await person(t, 'TeamLeader');
  consultant = await person(t, 'AcademicConsultant');
  otherConsultant = await person(t, 'AcademicConsultant');
  otherTeacher = await person(t, 'Teacher');
  sara = await person(t, 'Student', { fullName: 'Sara Report', consultantKey: consultant.publicKey });
  sam = await person(t, 'Student', { fullName: 'Sam Report', consultantKey: otherConsultant.publicKey });
  sue = await person(t, 'Student', { fullName: 'Sue Report' });
  classA = await buildClassroom(t, {
    times: [
      { start: first, end: first + HOUR },
      { start: second, end: second + HOUR },
    ],
    students: [sara, sam],
    assistant: true,
    name: 'Report class A',
  });
  classB = await buildClassroom(t, {
    times: [{ start: third, end: third + HOUR }],
    students: [sara, sue],
    name: 'Report class B',
  });
  const ok = async (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  const tokenA = classA.teacher.token;
  const tokenB = classB.teacher.token;
  const give = async (
    token: string,
    sessionId: string,
    students: Person[],
    subtitle: string,
    deadLine: number,
  ) =>
    (
      await ok(
        await t.call(
          a.addHomework,
          {
            body: {
              sessionId,
              studentsPublicKey: students.map((s) => s.publicKey),
              subtitle,
              deadLine,
              form: 'written',
            },
          },
          { token },
        ),
      )
    ).homeworkIds as string[];
  await give(tokenA, classA.sessionIds[0]!, [sara], 'Overdue worksheet', first + DAY);
  const [h1] = await give(tokenA, classA.sessionIds[0]!, [sara, sam], 'Read chapter 1', first + DAY);
  await give(tokenA, classA.sessionIds[1]!, [sara], 'Exercise 2', now + 5 * DAY);
  await give(tokenB, classB.sessionIds[0]!, [sara], 'Essay', now + 2 * DAY);
  await ok(
    await t.call(
      a.setHomework,
      { body: { homeworkId: h1!, state: 'Done', correctPercentation: 90, doneMoment: gradedAt } },
      { token: tokenA },
    ),
  );
  const exam = (token: string, sessionId: string, examType: string, score: number | null, lessonId: string) =>
    t.call(
      a.setExam,
      {
        body: {
          sessionId,
          studentPublicKey: sara.publicKey,
          examType: examType as 'NameExam',
          classroomLessonId: lessonId,
          score,
          examState: score === null ? 'Pending' : 'Done',
        },
      },
      { token },
    );
  await ok(await exam(tokenA, classA.sessionIds[0]!, 'NameExam', 80.5, classA.lessonId));
  await ok(await exam(tokenA, classA.sessionIds[1]!, 'TitleExam', 91.25, classA.lessonId));
  await ok(await exam(tokenA, classA.sessionIds[1]!, 'SubTitleExam', null, classA.lessonId));
  await ok(await exam(tokenB, classB.sessionIds[0]!, 'NameExam', 60, classB.lessonId));
  // Class A: one hour of its 1.5-hour lesson taught, the lesson reviewed; class B: taught to the end.
  await ok(
    await t.call(
      a.setTeaching,
      {
        body: {
          sessionId: classA.sessionIds[0]!,
          classroomLessonId: classA.lessonId,
          teachState: 'Pending',
          teachedTimeInHour: 1,
        },
      },
      { token: tokenA },
    ),
  );
  await ok(
    await t.call(
      a.setReview,
      { body: { sessionId: classA.sessionIds[1]!, classroomLessonId: classA.lessonId, reviewState: 'Done' } },
      { token: tokenA },
    ),
  );
  await ok(
    await t.call(
      a.setTeaching,
      { body: { sessionId: classB.sessionIds[0]!, classroomLessonId: classB.lessonId, teachState: 'Done' } },
      { token: tokenB },
    ),
  );
  await recordSession(t.db, classA.sessionIds[0]!, {
    teachingDay: true,
    presences: [
      { student: sara, isPresent: true },
      { student: sam, isPresent: true },
    ],
  });
  await recordSession(t.db, classA.sessionIds[1]!, {
    teachingDay: true,
    presences: [
      { student: sara, isPresent: false },
      { student: sam, isPresent: true },
    ],
  });
  await recordSession(t.db, classB.sessionIds[0]!, {
    teachingDay: true,
    presences: [{ student: sara, isPresent: true }],
  });
});
afterAll(() => t.close());

const subtitles = (body: { homeworks: { subtitle: string }[] }) => body.homeworks.map((h) => h.subtitle);

describe('homework reports', () => {
  it('lists pending homework by deadline, overdue first, with class and lessons', async () => {
    const res = await t.call(
      r.pendingHomeworks,
      { query: { studentPublicKey: sara.publicKey } },
      { token: admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(subtitles(body)).toEqual(['Overdue worksheet', 'Essay', 'Exercise 2']);
    expect(body.homeworks[0]).toMatchObject({
      overdue: true,
      state: 'Pending',
      classroomName: 'Report class A',
      lessonNames: ['Mathematics'],
    });
    expect(body.homeworks[1].overdue).toBe(false);
    // Filters: one class, a lesson name taught at the homework's session.
    const inB = await t.call(
      r.pendingHomeworks,
      { query: { studentPublicKey: sara.publicKey, classroomId: classB.classroomId } },
      { token: admin.token },
    );
    expect(subtitles(inB.json())).toEqual(['Essay']);
    const physics = await t.call(
      r.pendingHomeworks,
      { query: { studentPublicKey: sara.publicKey, lessonName: 'Physics' } },
      { token: admin.token },
    );
    expect(subtitles(physics.json())).toEqual([]);
  });

  it('lists completed homework in a period, with its grade', async () => {
    const call = (query: { from?: number; to?: number }) =>
      t.call(
        r.completedHomeworks,
        { query: { studentPublicKey: sara.publicKey, ...query } },
        { token: leader.token },
      );
    const all = (await call({})).json();
    expect(all.homeworks).toHaveLength(1);
    expect(all.homeworks[0]).toMatchObject({
      subtitle: 'Read chapter 1',
      state: 'Done',
      correctPercentation: 90,
      doneMoment: gradedAt,
    });
    expect((await call({ from: gradedAt + 1 })).json().homeworks).toEqual([]);
    expect((await call({ from: gradedAt - DAY, to: gradedAt })).json().homeworks).toHaveLength(1);
  });

  it('gives a timeline of finished homework per day', async () => {
    const res = await t.call(
      r.completedHomeworkTimeline,
      { query: { publicKey: sara.publicKey } },
      { token: admin.token },
    );
    expect(res.json()).toEqual({
      days: [
        { day: new Date(gradedAt * 1000).toISOString().slice(0, 10), count: 1, averagePercentation: 90 },
      ],
    });
  });

  it('is served under the spec spelling too', async () => {
    const res = await t.call(
      r.pendingHomeworks,
      { query: { studentPublicKey: sara.publicKey } },
      { token: admin.token, path: 'pending_homeworks' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().homeworks).toHaveLength(3);
  });
});

describe('exam reports', () => {
  const scores = (body: { exams: { score: number | null }[] }) => body.exams.map((e) => e.score);

  it('lists exams in session order by kind, state and class', async () => {
    const call = (examType?: string, extra: Record<string, unknown> = {}) =>
      t.call(
        r.studentExamsScore,
        { query: { studentPublicKey: sara.publicKey, ...(examType ? { examType } : {}), ...extra } as never },
        { token: admin.token },
      );
    expect(scores((await call()).json())).toEqual([80.5, 91.25, null, 60]);
    expect(scores((await call('All')).json())).toEqual([80.5, 91.25, null, 60]);
    expect(scores((await call('Total')).json())).toEqual([80.5, 91.25, 60]);
    expect(scores((await call('Pending')).json())).toEqual([null]);
    expect(scores((await call('NameExam')).json())).toEqual([80.5, 60]);
    expect(scores((await call('All', { classroomId: classB.classroomId })).json())).toEqual([60]);
    expect(scores((await call('All', { from: second, to: second + HOUR })).json())).toEqual([91.25, null]);
    const exam = (await call('TitleExam')).json().exams[0];
    expect(exam).toMatchObject({
      classroomName: 'Report class A',
      lessonName: 'Mathematics',
      examState: 'Done',
    });
  });

  it('averages scored exams per kind and overall in SQL', async () => {
    const res = await t.call(
      r.studentAvgExamsScore,
      { query: { studentPublicKey: sara.publicKey } },
      { token: admin.token },
    );
    expect(res.json()).toEqual({
      kinds: [
        { examType: 'TitleExam', average: 91.25, count: 1 },
        // (80.5 + 60) / 2
        { examType: 'NameExam', average: 70.25, count: 2 },
        { examType: 'SubTitleExam', average: null, count: 0 },
      ],
      // (80.5 + 91.25 + 60) / 3
      overall: { average: 77.25, count: 3 },
    });
  });

  it("averages every student in reach; a teacher's only over their own class", async () => {
    const all = (await t.call(r.studentsAverageExamsScore, { query: {} }, { token: admin.token })).json();
    expect(
      all.students.find((s: { studentPublicKey: string }) => s.studentPublicKey === sara.publicKey),
    ).toEqual({
      studentPublicKey: sara.publicKey,
      studentName: 'Sara Report',
      average: 77.25,
      count: 3,
    });
    const ofA = (
      await t.call(r.studentsAverageExamsScore, { query: {} }, { token: classA.teacher.token })
    ).json();
    // (80.5 + 91.25) / 2 = 85.875
    expect(ofA.students).toEqual([
      { studentPublicKey: sara.publicKey, studentName: 'Sara Report', average: 85.88, count: 2 },
    ]);
    // examsNames: the examined lessons (a NameExam examines the lesson's name).
    const named = await t.call(
      r.studentsAverageExamsScore,
      { query: { examsNames: 'Mathematics, Geography' } },
      { token: consultant.token },
    );
    expect(named.json().students).toEqual([
      { studentPublicKey: sara.publicKey, studentName: 'Sara Report', average: 70.25, count: 2 },
    ]);
    const other = await t.call(r.studentsAverageExamsScore, { query: {} }, { token: otherConsultant.token });
    expect(other.json().students).toEqual([]);
  });

  it('a student reads only their own average, never a classmate', async () => {
    for (const student of [sara, sam]) {
      const res = await t.call(r.studentsAverageExamsScore, { query: {} }, { token: student.token });
      expect(res.statusCode, res.body).toBe(200);
      const keys = res.json().students.map((s: { studentPublicKey: string }) => s.studentPublicKey);
      expect(keys.every((key: string) => key === student.publicKey)).toBe(true);
    }
  });
});

describe('lesson progress', () => {
  it('teaching per lesson name: hours taught over hours, a finished lesson whole, floored', async () => {
    const res = await t.call(
      r.lessonNameTeachingProgress,
      { query: { publicKey: sara.publicKey } },
      { token: admin.token },
    );
    // Class A: 1 of 1.5 hours; class B: finished after 1 hour, counted whole (1.5): 2.5 / 3 = 83.3 %.
    // Issue 27: the hours taught are the hours recorded, as the session records say (was 2.5).
    expect(res.json()).toEqual({
      groups: [{ name: 'Mathematics', lessons: 2, done: 1, hours: 3, taughtHours: 2, percent: 83 }],
    });
    const byTitle = await t.call(
      r.lessonTitleTeachingProgress,
      { query: { publicKey: sara.publicKey, classroomId: classA.classroomId } },
      { token: admin.token },
    );
    expect(byTitle.json().groups).toEqual([
      { name: 'Pure Mathematics 1', lessons: 1, done: 0, hours: 1.5, taughtHours: 1, percent: 66 },
    ]);
  });

  it('review: lessons reviewed over lessons, floored', async () => {
    const byName = await t.call(
      r.lessonNameReviewProgress,
      { query: { publicKey: sara.publicKey } },
      { token: sara.token },
    );
    expect(byName.json().groups).toMatchObject([{ name: 'Mathematics', lessons: 2, done: 1, percent: 50 }]);
    const byTitle = await t.call(
      r.lessonTitleReviewProgress,
      { query: { publicKey: sara.publicKey, lessonName: 'Physics' } },
      { token: sara.token },
    );
    expect(byTitle.json().groups).toEqual([]);
  });
});

describe('class and presence reports', () => {
  it('one line per class of the student: sessions, presence, homework, average, teaching', async () => {
    const res = await t.call(
      r.classroomReportOfStudent,
      { query: { publicKey: sara.publicKey } },
      { token: admin.token },
    );
    const lines = res.json().classrooms as { classroomName: string }[];
    const byName = Object.fromEntries(lines.map((l) => [l.classroomName, l]));
    expect(byName['Report class A']).toMatchObject({
      held: 2,
      upcoming: 0,
      present: 1,
      absent: 1,
      homeworks: 3,
      homeworksDone: 1,
      averageScore: 85.88,
      teachingPercent: 66,
      teacherName: classA.teacher.fullName,
    });
    expect(byName['Report class B']).toMatchObject({
      held: 1,
      present: 1,
      absent: 0,
      homeworks: 1,
      homeworksDone: 0,
      averageScore: 60,
      teachingPercent: 100,
    });
    const ofB = await t.call(
      r.classroomReportOfStudent,
      { query: { publicKey: sara.publicKey } },
      { token: classB.teacher.token },
    );
    expect(ofB.json().classrooms.map((l: { classroomName: string }) => l.classroomName)).toEqual([
      'Report class B',
    ]);
  });

  it("presence per student of a teacher's classes; the caller's own by default", async () => {
    const own = await t.call(r.studentPresentationReport, { query: {} }, { token: classA.teacher.token });
    expect(own.json().students).toEqual([
      { studentPublicKey: sam.publicKey, studentName: 'Sam Report', present: 2, absent: 0, percent: 100 },
      { studentPublicKey: sara.publicKey, studentName: 'Sara Report', present: 1, absent: 1, percent: 50 },
    ]);
    const asAssistant = await t.call(
      r.studentPresentationReport,
      { query: { teacherPublicKey: classA.teacher.publicKey } },
      { token: classA.assistant!.token },
    );
    expect(asAssistant.json().students).toHaveLength(2);
    // A consultant sees only their consultee; a student only themself; another teacher nothing.
    const ofConsultant = await t.call(
      r.studentPresentationReport,
      { query: { teacherPublicKey: classA.teacher.publicKey } },
      { token: consultant.token },
    );
    expect(ofConsultant.json().students.map((s: { studentName: string }) => s.studentName)).toEqual([
      'Sara Report',
    ]);
    const ofSam = await t.call(
      r.studentPresentationReport,
      { query: { teacherPublicKey: classA.teacher.publicKey } },
      { token: sam.token },
    );
    expect(ofSam.json().students.map((s: { studentName: string }) => s.studentName)).toEqual(['Sam Report']);
    const ofOther = await t.call(
      r.studentPresentationReport,
      { query: { teacherPublicKey: classA.teacher.publicKey } },
      { token: otherTeacher.token },
    );
    expect(ofOther.json().students).toEqual([]);
  });
});

describe('tasks', () => {
  it("the student's own to-dos: pending homework by deadline, overdue first, and exams not scored", async () => {
    const res = await t.call(r.studentTasks, { body: {} }, { token: sara.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(subtitles(body)).toEqual(['Overdue worksheet', 'Essay', 'Exercise 2']);
    expect(body.homeworks.map((h: { overdue: boolean }) => h.overdue)).toEqual([true, false, false]);
    expect(body.exams).toMatchObject([{ examType: 'SubTitleExam', examState: 'Pending', score: null }]);
    const spec = await t.call(
      r.studentTasks,
      { body: { publicKey: sara.publicKey } },
      {
        token: classB.teacher.token,
        path: 'get_tasks_by_public_key',
      },
    );
    expect(subtitles(spec.json())).toEqual(['Essay']);
  });
});

describe('scope', () => {
  const reports = [
    (key: string, token: string) =>
      t.call(r.pendingHomeworks, { query: { studentPublicKey: key } }, { token }),
    (key: string, token: string) =>
      t.call(r.completedHomeworks, { query: { studentPublicKey: key } }, { token }),
    (key: string, token: string) =>
      t.call(r.lessonNameTeachingProgress, { query: { publicKey: key } }, { token }),
    (key: string, token: string) =>
      t.call(r.lessonNameReviewProgress, { query: { publicKey: key } }, { token }),
    (key: string, token: string) =>
      t.call(r.lessonTitleTeachingProgress, { query: { publicKey: key } }, { token }),
    (key: string, token: string) =>
      t.call(r.lessonTitleReviewProgress, { query: { publicKey: key } }, { token }),
    (key: string, token: string) =>
      t.call(r.studentExamsScore, { query: { studentPublicKey: key } }, { token }),
    (key: string, token: string) =>
      t.call(r.studentAvgExamsScore, { query: { studentPublicKey: key } }, { token }),
    (key: string, token: string) =>
      t.call(r.completedHomeworkTimeline, { query: { publicKey: key } }, { token }),
    (key: string, token: string) =>
      t.call(r.classroomReportOfStudent, { query: { publicKey: key } }, { token }),
    (key: string, token: string) => t.call(r.studentTasks, { body: { publicKey: key } }, { token }),
  ];

  it('a student reads only their own; a classmate, another teacher and another consultant get 404', async () => {
    for (const report of reports) {
      expect((await report(sara.publicKey, sara.token)).statusCode).toBe(200);
      expect((await report(sara.publicKey, sam.token)).json().code).toBe('FETCH_DATA_FAILED');
      expect((await report(sam.publicKey, sara.token)).statusCode).toBe(404);
      expect((await report(sara.publicKey, otherTeacher.token)).statusCode).toBe(404);
      expect((await report(sara.publicKey, otherConsultant.token)).statusCode).toBe(404);
      // Teacher A does not reach Sue, who sits only in class B.
      expect((await report(sue.publicKey, classA.teacher.token)).statusCode).toBe(404);
    }
  });

  it('the consultant, the teachers, the assistant, Admin and TeamLeader reach the student', async () => {
    for (const report of reports) {
      for (const token of [
        consultant.token,
        classA.teacher.token,
        classB.teacher.token,
        classA.assistant!.token,
        admin.token,
        leader.token,
      ]) {
        const res = await report(sara.publicKey, token);
        expect(res.statusCode, res.body).toBe(200);
      }
    }
  });

  it('the assistant reads only the records of the class they assist', async () => {
    const res = await t.call(
      r.studentExamsScore,
      { query: { studentPublicKey: sara.publicKey } },
      {
        token: classA.assistant!.token,
      },
    );
    expect(res.json().exams.map((e: { classroomName: string }) => e.classroomName)).toEqual([
      'Report class A',
      'Report class A',
      'Report class A',
    ]);
  });

  it('a key that is not a student, or no key from staff, is not found', async () => {
    expect((await reports[0]!(classA.teacher.publicKey, admin.token)).statusCode).toBe(404);
    const own = await t.call(r.pendingHomeworks, { query: {} }, { token: admin.token });
    expect(own.statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('refuses a wrong exam type, a period ending before it starts, a key that is not one, an unknown field', async () => {
    await refusedUnchanged(
      t,
      () =>
        t.call(
          r.studentExamsScore,
          { query: { studentPublicKey: sara.publicKey, examType: 'Bogus' as never } },
          { token: admin.token },
        ),
      'FAILED_VALIDATION',
    );
    const backwards = await refusedUnchanged(
      t,
      () =>
        t.call(
          r.completedHomeworks,
          { query: { studentPublicKey: sara.publicKey, from: second, to: first } },
          { token: admin.token },
        ),
      'FAILED_VALIDATION',
    );
    expect(backwards.json().details).toMatchObject([{ field: 'to' }]);
    await refusedUnchanged(
      t,
      () => t.call(r.pendingHomeworks, { query: { studentPublicKey: 'nope' } }, { token: admin.token }),
      'FAILED_VALIDATION',
    );
    await refusedUnchanged(
      t,
      () =>
        t.call(
          r.studentTasks,
          { body: { publicKey: sara.publicKey, extra: 1 } as never },
          { token: sara.token },
        ),
      'FAILED_VALIDATION',
    );
    await refusedUnchanged(
      t,
      () => t.call(r.studentExamsScore, { query: { from: 'yesterday' } as never }, { token: sara.token }),
      'FAILED_VALIDATION',
    );
  });
});

describe('what a class still misses', () => {
  const missing = (classroomId: string, token: string) =>
    t.call(r.missingRecords, { query: { classroomId } }, { token });

  it('lists held sessions with a kind that has neither a record nor its WithOut… flag', async () => {
    const res = await missing(classA.classroomId, classA.teacher.token);
    expect(res.statusCode, res.body).toBe(200);
    // Session 1: homework, exam, hours taught; no review. Session 2: homework, exams, review; no teaching.
    expect(res.json().sessions).toEqual([
      { sessionId: classA.sessionIds[0], start: first, end: first + HOUR, missing: ['review'] },
      { sessionId: classA.sessionIds[1], start: second, end: second + HOUR, missing: ['teaching'] },
    ]);
    const ofB = await missing(classB.classroomId, classB.teacher.token);
    expect(ofB.json().sessions.map((s: { missing: string[] }) => s.missing)).toEqual([['review']]);
    // The WithOutReview flag is a decision too.
    const flagged = await t.call(
      a.setSessionFlags,
      {
        body: {
          sessionId: classB.sessionIds[0]!,
          withOutExam: false,
          withOutHomeWork: false,
          withOutReview: true,
          withOutTeach: false,
        },
      },
      { token: classB.teacher.token },
    );
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(
      (await missing(classB.classroomId, classB.assistant?.token ?? admin.token)).json().sessions,
    ).toEqual([]);
  });

  it('answers the assistant; another teacher gets 404; a student or consultant are refused', async () => {
    expect((await missing(classA.classroomId, classA.assistant!.token)).statusCode).toBe(200);
    expect((await missing(classA.classroomId, otherTeacher.token)).json().code).toBe('FETCH_DATA_FAILED');
    expect((await missing(classA.classroomId, sara.token)).json().code).toBe('ACCESS_DENIED');
    expect((await missing(classA.classroomId, consultant.token)).json().code).toBe('ACCESS_DENIED');
    expect((await missing('nope', admin.token)).json().code).toBe('FAILED_VALIDATION');
  });
});
