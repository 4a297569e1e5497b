import { type SQL, sql } from 'drizzle-orm';
import {
  examKinds,
  type ExamKind,
  recordKinds,
  type ReportExamType,
  type StudentAverageScores,
} from '@tutoria/shared';
import { anyText, timestampOf } from '../../db/sql.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { classroomScopeOf, scopedClassroom } from '../scheduling/scheduling.module.ts';
import * as repo from './reports.repo.ts';
import { allOf } from './reports.repo.ts';
import { studentReach } from './scope.ts';
import { examView, homeworkView } from './views.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

interface Period {
  from?: number;
  to?: number;
}

const num = (value: string | null) => (value === null ? null : Number(value));

/** A period on a timestamptz expression; open ends add nothing. */
function within(expression: SQL, period: Period): SQL | undefined {
  const parts: SQL[] = [];
  if (period.from !== undefined) parts.push(sql`${expression} >= ${timestampOf(period.from)}`);
  if (period.to !== undefined) parts.push(sql`${expression} <= ${timestampOf(period.to)}`);
  return parts.length ? allOf(...parts) : undefined;
}

/** The report filter `examType` (docs/decisions.md "Reports") as a condition on `e`. */
function examTypeFilter(examType: ReportExamType): SQL | undefined {
  switch (examType) {
    case 'All':
      return undefined;
    case 'Total':
      return sql`e.exam_state = 'Done'`;
    case 'Pending':
      return sql`e.exam_state = 'Pending'`;
    default:
      return sql`e.exam_type = ${examType}`;
  }
}

const homeworkRow = (row: repo.ReportHomeworkRow) => ({
  ...homeworkView(row),
  classroomName: row.classroomName,
  lessonNames: row.lessonNames,
  overdue: row.overdue,
});
const examRow = (row: repo.ReportExamRow) => ({ ...examView(row), classroomName: row.classroomName });

/**
 * The student-level reports (SPEC §7 Reports; issue 10). Each call first finds the student in the
 * caller's reach (`studentReach`: themself, consultees, students of their classes, everyone) or
 * answers FETCH_DATA_FAILED; then reads only the records of classes in the caller's classroom
 * scope, so a teacher sees a shared student's records of their own classes only.
 */
export function createReportsService({ db, config }: ModuleContext) {
  /** The student reported on (the caller when left out), in reach, or not found. */
  async function studentOf(user: SessionUser, key: string | undefined) {
    const studentKey = key ?? user.publicKey;
    if (!(await repo.isStudentInReach(db, studentKey, studentReach(user, sql`p.public_key`))))
      throw notFound();
    return studentKey;
  }

  /** The caller's classes, as a condition on a classroom id expression. */
  const classesOf = (user: SessionUser, classroomId: SQL) => classroomScopeOf(user, classroomId);

  async function homeworks(
    user: SessionUser,
    query: { studentPublicKey?: string; lessonName?: string; classroomId?: string } & Period,
    state: 'Pending' | 'Done',
  ) {
    const studentKey = await studentOf(user, query.studentPublicKey);
    const rows = await repo.reportHomeworks(
      db,
      allOf(
        sql`h.student_key = ${studentKey}::uuid and h.state = ${state}`,
        classesOf(user, sql`h.classroom_id`),
        query.classroomId ? sql`h.classroom_id = ${query.classroomId}::uuid` : undefined,
        query.lessonName ? repo.homeworkOfLesson(query.lessonName) : undefined,
        state === 'Done' ? within(sql`h.done_moment`, query) : undefined,
      ),
      state === 'Pending'
        ? sql`h.dead_line, s.start_at, h.create_moment`
        : sql`h.done_moment desc, h.create_moment`,
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
    const rows = await repo.progressGroups(
      db,
      allOf(
        sql`cs.student_key = ${studentKey}::uuid`,
        classesOf(user, sql`cs.classroom_id`),
        query.classroomId ? sql`cs.classroom_id = ${query.classroomId}::uuid` : undefined,
        query.lessonName ? sql`l.lesson_name = ${query.lessonName}` : undefined,
      ),
      by,
      kind,
    );
    return {
      groups: rows.map((r) => ({
        ...r,
        hours: Number(r.hours),
        taughtHours: Number(r.taughtHours),
      })),
    };
  }

  /** A student's exams filter: theirs, in the caller's classes, of a kind, in a period, of a class. */
  async function examsWhere(
    user: SessionUser,
    query: { studentPublicKey?: string; examType: ReportExamType; classroomId?: string } & Period,
  ) {
    const studentKey = await studentOf(user, query.studentPublicKey);
    return allOf(
      sql`e.student_key = ${studentKey}::uuid`,
      classesOf(user, sql`e.classroom_id`),
      examTypeFilter(query.examType),
      within(sql`s.start_at`, query),
      query.classroomId ? sql`e.classroom_id = ${query.classroomId}::uuid` : undefined,
    );
  }

  return {
    pendingHomeworks: (user: SessionUser, query: Parameters<typeof homeworks>[1]) =>
      homeworks(user, query, 'Pending'),
    completedHomeworks: (user: SessionUser, query: Parameters<typeof homeworks>[1]) =>
      homeworks(user, query, 'Done'),
    progress,

    async examsScore(user: SessionUser, query: Parameters<typeof examsWhere>[1]) {
      const rows = await repo.reportExams(
        db,
        await examsWhere(user, query),
        sql`s.start_at, e.create_moment`,
      );
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
        allOf(
          classesOf(user, sql`e.classroom_id`),
          studentReach(user, sql`e.student_key`),
          examTypeFilter(query.examType),
          within(sql`s.start_at`, query),
          names.length ? sql`${repo.examinedName} = ${anyText(names)}` : undefined,
        ),
      );
      return { students: rows.map((r) => ({ ...r, average: Number(r.average) })) };
    },

    async completedHomeworkTimeline(user: SessionUser, query: { publicKey?: string }) {
      const studentKey = await studentOf(user, query.publicKey);
      const rows = await repo.homeworkDays(
        db,
        allOf(sql`h.student_key = ${studentKey}::uuid`, classesOf(user, sql`h.classroom_id`)),
        config.timeZone,
      );
      return { days: rows.map((r) => ({ ...r, averagePercentation: num(r.averagePercentation) })) };
    },

    async presence(user: SessionUser, query: { teacherPublicKey?: string }) {
      const teacherKey = query.teacherPublicKey ?? user.publicKey;
      const students = await repo.presenceOfStudents(
        db,
        allOf(
          sql`(c.teacher_key = ${teacherKey}::uuid or c.assistant_key = ${teacherKey}::uuid)`,
          classesOf(user, sql`c.classroom_id`),
          studentReach(user, sql`sp.student_key`),
        ),
      );
      return { students };
    },

    async classroomsOfStudent(user: SessionUser, query: { publicKey?: string }) {
      const studentKey = await studentOf(user, query.publicKey);
      const rows = await repo.classroomLines(db, studentKey, allOf(classesOf(user, sql`c.classroom_id`)));
      return { classrooms: rows.map((r) => ({ ...r, averageScore: num(r.averageScore) })) };
    },

    /** The to-do list: pending homework by deadline (the overdue come first), exams not yet scored. */
    async tasks(user: SessionUser, body: { publicKey?: string }) {
      const studentKey = await studentOf(user, body.publicKey);
      const [homeworkRows, examRows] = await Promise.all([
        repo.reportHomeworks(
          db,
          allOf(
            sql`h.student_key = ${studentKey}::uuid and h.state = 'Pending'`,
            classesOf(user, sql`h.classroom_id`),
          ),
          sql`h.dead_line, h.create_moment`,
        ),
        repo.reportExams(
          db,
          allOf(
            sql`e.student_key = ${studentKey}::uuid and e.exam_state = 'Pending'`,
            classesOf(user, sql`e.classroom_id`),
          ),
          sql`s.start_at, e.create_moment`,
        ),
      ]);
      return { homeworks: homeworkRows.map(homeworkRow), exams: examRows.map(examRow) };
    },

    /** A class's held sessions still missing a decision on some kind (class details, for those who record). */
    async missingRecords(user: SessionUser, query: { classroomId: string }) {
      await scopedClassroom(db, user, query.classroomId);
      const rows = await repo.missingOfClass(db, query.classroomId);
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
