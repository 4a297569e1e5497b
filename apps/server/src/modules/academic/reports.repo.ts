import { type SQL, sql } from 'drizzle-orm';
import type { ReportExamType } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { exams, homeworks, lessonProgress } from '../../db/schema/academic.ts';
import { people } from '../../db/schema/people.ts';
import { anyText, epochOf, selectRow, selectRows, timestampOf } from '../../db/sql.ts';
import { classroomLessonsView, classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';
import type { ExamRow, HomeworkRow } from './records.repo.ts';
import { homeworkFilesColumn } from './homework-files.repo.ts';

/**
 * The student-level reports (SPEC §7 Reports, issue 10): each one query (or two) over indexed
 * columns — a student's rows by `student_key`, a class's by `classroom_id` — whatever the number of
 * sessions. Averages are `avg()` on numeric and percentages `floor()` in SQL (SPEC §9). Every query
 * takes the caller's classroom scope as a condition on a classroom id expression.
 * Here: the conditions every report shares and the record lists (homework, exams, their averages);
 * the summaries (progress, timeline, presence, a student's classes, missing records) are in
 * `report-summaries.repo.ts`.
 */

/** Conditions joined with `and`; undefined ones (no condition) are left out. */
export function allOf(...conditions: (SQL | undefined)[]): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

/** The caller's scope as a condition on a column expression (their classes, their students); undefined: none. */
export type Reach = (column: SQL) => SQL | undefined;

export interface Period {
  from?: number;
  to?: number;
}

/** A period on a timestamptz expression; open ends add nothing. */
function within(expression: SQL, period: Period): SQL | undefined {
  const parts: SQL[] = [];
  if (period.from !== undefined) parts.push(sql`${expression} >= ${timestampOf(period.from)}`);
  if (period.to !== undefined) parts.push(sql`${expression} <= ${timestampOf(period.to)}`);
  return parts.length ? allOf(...parts) : undefined;
}

/** Calendar days `YYYY-MM-DD` (either end may be left open), both included. */
export interface DayPeriod {
  from?: string;
  to?: string;
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

/** Whether the key is a student's and the caller reaches them (`reach` of the student's key). */
export async function isStudentInReach(q: Queryable, studentKey: string, reach: Reach) {
  const row = await selectRow<{ ok: boolean }>(
    q,
    sql`select exists (select 1 from ${people} p where p.public_key = ${studentKey}::uuid
      and p.role = 'Student' and ${allOf(reach(sql`p.public_key`))}) as ok`,
  );
  return row?.ok === true;
}

/** The class lessons a session taught: those named at its teaching day or with progress recorded there. */
const sessionLessons = sql`from ${classroomLessonsView} l where l.classroom_id = h.classroom_id
  and (l.classroom_lesson_id = any(s.taught_lesson_ids) or exists (select 1 from ${lessonProgress} lp
    where lp.session_id = h.session_id and lp.classroom_lesson_id = l.classroom_lesson_id))`;

/** Homework given at a session that taught a lesson of this name. */
export const homeworkOfLesson = (lessonName: string) =>
  sql`exists (select 1 ${sessionLessons} and l.lesson_name = ${lessonName})`;

export interface ReportHomeworkRow extends HomeworkRow {
  classroomName: string;
  lessonNames: string[];
  overdue: boolean;
}

/** Homework matching a condition on `h` (homeworks), `s` (its session) and `c` (its class). */
export function reportHomeworks(q: Queryable, where: SQL, order: SQL) {
  return selectRows<ReportHomeworkRow>(
    q,
    sql`select h.homework_id, h.session_id, h.classroom_id, h.student_key as student_public_key,
        h.subtitle, ${epochOf(sql`h.dead_line`)} as dead_line, h.form, h.state, h.feedback, h.correct_percentation,
        ${epochOf(sql`h.done_moment`)} as done_moment, ${epochOf(sql`h.create_moment`)} as create_moment,
        ${epochOf(sql`s.start_at`)} as session_start, c.classroom_name, ${homeworkFilesColumn(sql`h.homework_id`)} as files,
        array(select distinct l.lesson_name ${sessionLessons} order by l.lesson_name) as lesson_names,
        (h.state = 'Pending' and h.dead_line < now()) as overdue
      from ${homeworks} h
      join ${sessionsView} s on s.session_id = h.session_id
      join ${classroomsView} c on c.classroom_id = h.classroom_id
      where ${where}
      order by ${order}`,
  );
}

/** A student's homework (`h`, `s`) in a state, in the caller's classes, of a class, of a lesson, done in a period. */
export function homeworkFilter(f: {
  studentKey: string;
  state: 'Pending' | 'Done';
  classes: Reach;
  classroomId?: string;
  lessonName?: string;
  done?: Period;
}): SQL {
  return allOf(
    sql`h.student_key = ${f.studentKey}::uuid and h.state = ${f.state}`,
    f.classes(sql`h.classroom_id`),
    f.classroomId ? sql`h.classroom_id = ${f.classroomId}::uuid` : undefined,
    f.lessonName ? homeworkOfLesson(f.lessonName) : undefined,
    f.done ? within(sql`h.done_moment`, f.done) : undefined,
  );
}

/** Homework orders: pending by deadline (then session), done newest first, the to-do list by deadline. */
export const homeworkOrder = {
  deadline: sql`h.dead_line, s.start_at, h.create_moment`,
  done: sql`h.done_moment desc, h.create_moment`,
  tasks: sql`h.dead_line, h.create_moment`,
};

export interface ReportExamRow extends ExamRow {
  classroomName: string;
}

/** Exams matching a condition on `e` (exams), `s` (its session), `c` (its class) and `l` (its lesson). */
export function reportExams(q: Queryable, where: SQL, order: SQL) {
  return selectRows<ReportExamRow>(
    q,
    sql`select e.exam_id, e.session_id, e.classroom_id, e.student_key as student_public_key, e.exam_type,
        e.classroom_lesson_id, l.lesson_name, e.score, e.exam_state, e.feedback,
        ${epochOf(sql`e.create_moment`)} as create_moment, ${epochOf(sql`s.start_at`)} as session_start,
        c.classroom_name
      from ${exams} e
      join ${sessionsView} s on s.session_id = e.session_id
      join ${classroomsView} c on c.classroom_id = e.classroom_id
      left join ${classroomLessonsView} l on l.classroom_lesson_id = e.classroom_lesson_id
      where ${where}
      order by ${order}`,
  );
}

/** What an exam examined, by its kind: the lesson's name, title or subtitle. */
export const examinedName = sql`case e.exam_type when 'NameExam' then l.lesson_name
  when 'TitleExam' then l.lesson_title else l.lesson_sub_title end`;

/**
 * Exams (`e`, `s`, `l`): of a student (or of the students in `students`' reach), in the caller's
 * classes, pending only, of a report kind, held in a period, of a class, examining these names.
 */
export function examFilter(f: {
  studentKey?: string;
  students?: Reach;
  classes: Reach;
  pending?: boolean;
  examType?: ReportExamType;
  period?: Period;
  classroomId?: string;
  examinedNames?: readonly string[];
}): SQL {
  return allOf(
    f.studentKey === undefined
      ? undefined
      : f.pending
        ? sql`e.student_key = ${f.studentKey}::uuid and e.exam_state = 'Pending'`
        : sql`e.student_key = ${f.studentKey}::uuid`,
    f.classes(sql`e.classroom_id`),
    f.students?.(sql`e.student_key`),
    f.examType ? examTypeFilter(f.examType) : undefined,
    f.period ? within(sql`s.start_at`, f.period) : undefined,
    f.classroomId ? sql`e.classroom_id = ${f.classroomId}::uuid` : undefined,
    f.examinedNames?.length ? sql`${examinedName} = ${anyText(f.examinedNames)}` : undefined,
  );
}

/** Exams in session order. */
export const examOrder = sql`s.start_at, e.create_moment`;

export interface AverageRow {
  examType: string | null;
  average: string | null;
  count: number;
}

/** Average scored exam per kind and (kind null) over all kinds: one grouped query. */
export function averageScores(q: Queryable, where: SQL) {
  return selectRows<AverageRow>(
    q,
    sql`select e.exam_type, round(avg(e.score), 2) as average, count(*)::int as count
      from ${exams} e
      join ${sessionsView} s on s.session_id = e.session_id
      where ${where} and e.exam_state = 'Done' and e.score is not null
      group by rollup (e.exam_type)`,
  );
}

/** Every student matching `where` (on `e`, `s`, `l`) with their average scored exam, best first. */
export function studentsAverages(q: Queryable, where: SQL) {
  return selectRows<{ studentPublicKey: string; studentName: string; average: string; count: number }>(
    q,
    sql`select e.student_key as student_public_key, p.full_name as student_name,
        round(avg(e.score), 2) as average, count(*)::int as count
      from ${exams} e
      join ${sessionsView} s on s.session_id = e.session_id
      join ${people} p on p.public_key = e.student_key
      left join ${classroomLessonsView} l on l.classroom_lesson_id = e.classroom_lesson_id
      where ${where} and e.exam_state = 'Done' and e.score is not null
      group by e.student_key, p.full_name
      order by average desc, p.full_name`,
  );
}
