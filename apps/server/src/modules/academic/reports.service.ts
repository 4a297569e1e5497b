import type { SQL } from 'drizzle-orm';
import {
  examKinds,
  lessonGroupFigures,
  type ExamKind,
  recordKinds,
  type ReportExamType,
  type StudentAverageScores,
} from '@tutoria/shared';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { reachableClassrooms, reachableStudents } from '../../access/reach.ts';
import { scopedClassroom } from '../scheduling/scheduling.module.ts';
import * as summaries from './report-summaries.repo.ts';
import { studentLines } from './student-lines.repo.ts';
import * as repo from './reports.repo.ts';
import { type DayPeriod, homeworkOrder, type Period } from './reports.repo.ts';
import { examView, homeworkView } from './views.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

const num = (value: string | null) => (value === null ? null : Number(value));

/** A lesson row as the one progress computation reads it (`lessonFigures`, packages/shared). */
const hoursRecord = (row: summaries.LessonHoursRow) => ({
  lengthHours: Number(row.hours),
  recordedHours: Number(row.recorded),
  finished: row.teachDone,
});

const homeworkRow = (row: repo.ReportHomeworkRow) => ({
  ...homeworkView(row),
  classroomName: row.classroomName,
  lessonNames: row.lessonNames,
  overdue: row.overdue,
});
const examRow = (row: repo.ReportExamRow) => ({ ...examView(row), classroomName: row.classroomName });

/**
 * The student-level reports (SPEC §7 Reports; issue 10). Each call first finds the student in the
 * caller's reach (`reachableStudents`: themself, consultees, students of their classes, everyone) or
 * answers FETCH_DATA_FAILED; then reads only the records of classes in the caller's classroom
 * scope, so a teacher sees a shared student's records of their own classes only.
 */
export function createReportsService({ db, config }: ModuleContext) {
  /** The students the caller reaches, as a condition on a student key expression. */
  const studentsOf = (user: SessionUser) => (studentKey: SQL) => reachableStudents(user, studentKey);

  /** The student reported on (the caller when left out), in reach, or not found. */
  async function studentOf(user: SessionUser, key: string | undefined) {
    const studentKey = key ?? user.publicKey;
    if (!(await repo.isStudentInReach(db, studentKey, studentsOf(user)))) throw notFound();
    return studentKey;
  }

  /** The caller's classes, as a condition on a classroom id expression. */
  const classesOf = (user: SessionUser) => (classroomId: SQL) => reachableClassrooms(user, classroomId);

  async function homeworks(
    user: SessionUser,
    query: { studentPublicKey?: string; lessonName?: string; classroomId?: string } & Period,
    state: 'Pending' | 'Done',
  ) {
    const studentKey = await studentOf(user, query.studentPublicKey);
    const rows = await repo.reportHomeworks(
      db,
      repo.homeworkFilter({
        studentKey,
        state,
        classes: classesOf(user),
        classroomId: query.classroomId,
        lessonName: query.lessonName,
        done: state === 'Done' ? query : undefined,
      }),
      state === 'Pending' ? homeworkOrder.deadline : homeworkOrder.done,
    );
    return { homeworks: rows.map(homeworkRow) };
  }

  async function progress(
    user: SessionUser,
    query: { publicKey?: string; lessonName?: string; classroomId?: string },
    by: 'lesson_name' | 'lesson_title',
    kind: 'teaching' | 'review',
  ) {
    const studentKey = await studentOf(user, query.publicKey);
    const rows = await summaries.lessonHoursRows(
      db,
      summaries.progressFilter({
        studentKey,
        classes: classesOf(user),
        classroomId: query.classroomId,
        lessonName: query.lessonName,
      }),
      by,
    );
    const groups = new Map<string, summaries.LessonHoursRow[]>();
    for (const row of rows) {
      const name = by === 'lesson_name' ? row.lessonName : row.lessonTitle;
      groups.set(name, [...(groups.get(name) ?? []), row]);
    }
    return {
      groups: [...groups].map(([name, lessons]) => {
        const figures = lessonGroupFigures(lessons.map(hoursRecord));
        const reviewed = lessons.filter((l) => l.reviewDone).length;
        return {
          name,
          lessons: figures.lessons,
          done: kind === 'teaching' ? figures.finished : reviewed,
          hours: figures.hours,
          taughtHours: figures.taughtHours,
          // Teaching: hours covered over hours; review: lessons reviewed over lessons (floored).
          percent: kind === 'teaching' ? figures.percent : Math.floor((100 * reviewed) / lessons.length),
        };
      }),
    };
  }

  /** A student's exams filter: theirs, in the caller's classes, of a kind, in a period, of a class. */
  async function examsWhere(
    user: SessionUser,
    query: { studentPublicKey?: string; examType: ReportExamType; classroomId?: string } & Period,
  ) {
    const studentKey = await studentOf(user, query.studentPublicKey);
    return repo.examFilter({
      studentKey,
      classes: classesOf(user),
      examType: query.examType,
      period: query,
      classroomId: query.classroomId,
    });
  }

  return {
    pendingHomeworks: (user: SessionUser, query: Parameters<typeof homeworks>[1]) =>
      homeworks(user, query, 'Pending'),
    completedHomeworks: (user: SessionUser, query: Parameters<typeof homeworks>[1]) =>
      homeworks(user, query, 'Done'),
    progress,

    async examsScore(user: SessionUser, query: Parameters<typeof examsWhere>[1]) {
      const rows = await repo.reportExams(db, await examsWhere(user, query), repo.examOrder);
      return { exams: rows.map(examRow) };
    },

    async averageExamsScore(
      user: SessionUser,
      query: Parameters<typeof examsWhere>[1],
    ): Promise<StudentAverageScores> {
      const rows = await repo.averageScores(db, await examsWhere(user, query));
      const byKind = new Map(rows.map((r) => [r.examType, r]));
      const view = (r: repo.AverageRow | undefined) => ({
        average: num(r?.average ?? null),
        count: r?.count ?? 0,
      });
      return {
        kinds: examKinds.map((examType: ExamKind) => ({ examType, ...view(byKind.get(examType)) })),
        overall: view(byKind.get(null)),
      };
    },

    async studentsAverageExamsScore(
      user: SessionUser,
      query: { examType: ReportExamType; examsNames?: string } & Period,
    ) {
      const names = (query.examsNames ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const rows = await repo.studentsAverages(
        db,
        repo.examFilter({
          classes: classesOf(user),
          students: studentsOf(user),
          examType: query.examType,
          period: query,
          examinedNames: names,
        }),
      );
      return { students: rows.map((r) => ({ ...r, average: Number(r.average) })) };
    },

    async completedHomeworkTimeline(user: SessionUser, query: { publicKey?: string }) {
      const studentKey = await studentOf(user, query.publicKey);
      const rows = await summaries.homeworkDays(
        db,
        summaries.homeworksOfStudent(studentKey, classesOf(user)),
        config.timeZone,
      );
      return { days: rows.map((r) => ({ ...r, averagePercentation: num(r.averagePercentation) })) };
    },

    async presence(user: SessionUser, query: { teacherPublicKey?: string } & DayPeriod) {
      const teacherKey = query.teacherPublicKey ?? user.publicKey;
      const students = await summaries.presenceOfStudents(
        db,
        summaries.presenceFilter({
          teacherKey,
          classes: classesOf(user),
          students: studentsOf(user),
          period: query,
          timeZone: config.timeZone,
        }),
      );
      return { students };
    },

    async classroomsOfStudent(user: SessionUser, query: { publicKey?: string }) {
      const studentKey = await studentOf(user, query.publicKey);
      const [rows, lessons] = await Promise.all([
        studentLines(db, studentKey, classesOf(user)),
        summaries.lessonHoursRows(db, summaries.progressFilter({ studentKey, classes: classesOf(user) })),
      ]);
      const teachingPercent = (classroomId: string) => {
        const figures = lessonGroupFigures(
          lessons.filter((l) => l.classroomId === classroomId).map(hoursRecord),
        );
        return figures.hours > 0 ? figures.percent : null;
      };
      return {
        classrooms: rows.map((r) => ({
          ...r,
          averageScore: num(r.averageScore),
          teachingPercent: teachingPercent(r.classroomId),
        })),
      };
    },

    /** The to-do list: pending homework by deadline (the overdue come first), exams not yet scored. */
    async tasks(user: SessionUser, body: { publicKey?: string }) {
      const studentKey = await studentOf(user, body.publicKey);
      const [homeworkRows, examRows] = await Promise.all([
        repo.reportHomeworks(
          db,
          repo.homeworkFilter({ studentKey, state: 'Pending', classes: classesOf(user) }),
          homeworkOrder.tasks,
        ),
        repo.reportExams(
          db,
          repo.examFilter({ studentKey, pending: true, classes: classesOf(user) }),
          repo.examOrder,
        ),
      ]);
      return { homeworks: homeworkRows.map(homeworkRow), exams: examRows.map(examRow) };
    },

    /** A class's held sessions still missing a decision on some kind (class details, for those who record). */
    async missingRecords(user: SessionUser, query: { classroomId: string }) {
      await scopedClassroom(db, user, query.classroomId);
      const rows = await summaries.missingOfClass(db, query.classroomId);
      return {
        sessions: rows
          .map((r) => ({
            sessionId: r.sessionId,
            start: r.start,
            end: r.end,
            missing: recordKinds.filter((kind) => r[kind]),
          }))
          .filter((s) => s.missing.length > 0),
      };
    },
  };
}
