import { contract } from '@tutoria/shared';
import { type ClassLabel, classLabels, type Fixture, type UserLabel } from './model.ts';
import { ABSENT, type ReadCase, type ReadEntry } from './harness.ts';
import { heldSessions, label, type Reach, students } from './rules.ts';

/**
 * The student-level reports (issue 10): about a student the caller reaches (else 404), built only
 * of that student's records in the classes the caller reaches — a teacher's of the disabled class
 * D included in none of them but the Admin's.
 */
const r = contract.reports;
const json = (res: { json(): unknown }) => res.json() as Record<string, unknown>;

/** One case per student: named by the key the report takes (`studentPublicKey` or `publicKey`). */
const perStudent =
  (
    field: 'studentPublicKey' | 'publicKey',
    place: 'query' | 'body',
    rows: (f: Fixture, reach: Reach, s: UserLabel) => string[],
    extra: Record<string, unknown> = {},
  ) =>
  (f: Fixture): ReadCase[] =>
    students(f).map((s) => ({
      name: s,
      input: { [place]: { [field]: f.users[s].publicKey, ...extra } },
      expected: (reach) => (reach.students.has(s) ? rows(f, reach, s) : [ABSENT]),
    }));

const homeworks = (f: Fixture, reach: Reach, s: UserLabel, done: boolean) =>
  f.homeworks
    .filter((h) => h.student === s && h.done === done && reach.record(s, h.classroom))
    .map((h) => h.label);
const exams = (f: Fixture, reach: Reach, s: UserLabel, only: (scored: boolean) => boolean = () => true) =>
  f.exams.filter((e) => e.student === s && only(e.scored) && reach.record(s, e.classroom));
const classesOf = (f: Fixture, reach: Reach, s: UserLabel): ClassLabel[] =>
  classLabels.filter((cl) => f.classes[cl].students.includes(s) && reach.record(s, cl));

const homeworkIds = (res: { json(): unknown }, f: Fixture) =>
  (json(res).homeworks as { homeworkId: string }[]).map((h) => label(f, h.homeworkId));
const lessonGroups = (res: { json(): unknown }, f: Fixture) =>
  (json(res).groups as { name: string }[]).map((g) => label(f, g.name));
const teaches = (f: Fixture, cl: ClassLabel, u: UserLabel) =>
  f.classes[cl].teacher === u || f.classes[cl].assistant === u;
const lessons = (f: Fixture, reach: Reach, s: UserLabel) =>
  classesOf(f, reach, s).map((cl) => `lesson ${cl}`);

export const reportReads: ReadEntry[] = [
  {
    endpoint: r.pendingHomeworks,
    cases: perStudent('studentPublicKey', 'query', (f, reach, s) => homeworks(f, reach, s, false)),
    rows: homeworkIds,
  },
  {
    endpoint: r.completedHomeworks,
    cases: perStudent('studentPublicKey', 'query', (f, reach, s) => homeworks(f, reach, s, true)),
    rows: homeworkIds,
  },
  ...[
    r.lessonNameTeachingProgress,
    r.lessonNameReviewProgress,
    r.lessonTitleTeachingProgress,
    r.lessonTitleReviewProgress,
  ].map((endpoint): ReadEntry => ({
    endpoint,
    cases: perStudent('publicKey', 'query', lessons),
    rows: lessonGroups,
  })),
  {
    endpoint: r.studentExamsScore,
    cases: perStudent('studentPublicKey', 'query', (f, reach, s) => exams(f, reach, s).map((e) => e.label), {
      examType: 'All',
    }),
    rows: (res, f) => (json(res).exams as { examId: string }[]).map((e) => label(f, e.examId)),
  },
  {
    endpoint: r.studentAvgExamsScore,
    cases: perStudent('studentPublicKey', 'query', (f, reach, s) => [
      `scored ${exams(f, reach, s, (scored) => scored).length}`,
    ]),
    rows: (res) => [`scored ${(json(res).overall as { count: number }).count}`],
  },
  {
    endpoint: r.studentsAverageExamsScore,
    cases: (f) => [
      {
        name: 'every student',
        input: { query: {} },
        expected: (reach) =>
          students(f).flatMap((s) => {
            const n = reach.students.has(s) ? exams(f, reach, s, (scored) => scored).length : 0;
            return n ? [`${s} scored ${n}`] : [];
          }),
      },
    ],
    rows: (res, f) =>
      (json(res).students as { studentPublicKey: string; count: number }[]).map(
        (x) => `${label(f, x.studentPublicKey)} scored ${x.count}`,
      ),
  },
  {
    endpoint: r.completedHomeworkTimeline,
    cases: perStudent('publicKey', 'query', (f, reach, s) => {
      const n = homeworks(f, reach, s, true).length;
      return n ? [`done ${n}`] : [];
    }),
    rows: (res) => {
      const n = (json(res).days as { count: number }[]).reduce((sum, d) => sum + d.count, 0);
      return n ? [`done ${n}`] : [];
    },
  },
  {
    endpoint: r.studentPresentationReport,
    // Presence over a teacher's classes (when none is named, those the caller teaches or assists):
    // the classes and students reached.
    cases: (f) =>
      (['T1', 'T2', null] as const).map((teacher) => ({
        name: teacher ?? 'own',
        input: { query: teacher ? { teacherPublicKey: f.users[teacher].publicKey } : {} },
        expected: (reach) =>
          students(f).flatMap((s) => {
            if (!reach.students.has(s)) return [];
            const n = classLabels
              .filter(
                (cl) =>
                  (teacher ? f.classes[cl].teacher === teacher : teaches(f, cl, reach.user.label)) &&
                  f.classes[cl].students.includes(s) &&
                  reach.classrooms.has(cl),
              )
              .reduce((sum, cl) => sum + heldSessions(f, cl).length, 0);
            return n ? [`${s} recorded ${n}`] : [];
          }),
      })),
    rows: (res, f) =>
      (json(res).students as { studentPublicKey: string; present: number; absent: number }[]).map(
        (x) => `${label(f, x.studentPublicKey)} recorded ${x.present + x.absent}`,
      ),
    emptyMeansAbsent: true,
  },
  {
    endpoint: r.classroomReportOfStudent,
    cases: perStudent('publicKey', 'query', (f, reach, s) => classesOf(f, reach, s)),
    rows: (res, f) => (json(res).classrooms as { classroomId: string }[]).map((x) => label(f, x.classroomId)),
  },
  {
    endpoint: r.studentTasks,
    cases: perStudent('publicKey', 'body', (f, reach, s) => [
      ...homeworks(f, reach, s, false),
      ...exams(f, reach, s, (scored) => !scored).map((e) => e.label),
    ]),
    rows: (res, f) => [
      ...(json(res).homeworks as { homeworkId: string }[]).map((h) => label(f, h.homeworkId)),
      ...(json(res).exams as { examId: string }[]).map((e) => label(f, e.examId)),
    ],
  },
  {
    endpoint: r.missingRecords,
    // Every held session misses its review (the fixture records none): the class's held sessions.
    cases: (f) =>
      classLabels.map((cl) => ({
        name: cl,
        input: { query: { classroomId: f.classes[cl].id } },
        expected: (reach) => (reach.classrooms.has(cl) ? heldSessions(f, cl).map((s) => s.label) : [ABSENT]),
      })),
    rows: (res, f) => (json(res).sessions as { sessionId: string }[]).map((s) => label(f, s.sessionId)),
  },
];
