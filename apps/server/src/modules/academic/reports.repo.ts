import { type SQL, sql } from 'drizzle-orm';
import type { ReportExamType } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { exams, homeworks, lessonProgress, sessionAcademicFlags } from '../../db/schema/academic.ts';
import { people } from '../../db/schema/people.ts';
import { anyText, epochOf, selectRow, selectRows, timestampOf } from '../../db/sql.ts';
import {
  classroomLessonsView,
  classroomMembers,
  classroomsView,
  sessionPresencesView,
  sessionsView,
} from '../scheduling/scheduling.module.ts';
import type { ExamRow, HomeworkRow } from './records.repo.ts';
import { homeworkFilesColumn } from './homework-files.repo.ts';

/**
 * The student-level reports (SPEC §7 Reports, issue 10): each one query (or two) over indexed
 * columns — a student's rows by `student_key`, a class's by `classroom_id` — whatever the number of
 * sessions. Averages are `avg()` on numeric and percentages `floor()` in SQL (SPEC §9). Every query
 * takes the caller's classroom scope as a condition on a classroom id expression.
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
const examinedName = sql`case e.exam_type when 'NameExam' then l.lesson_name
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

export interface ProgressGroupRow {
  name: string;
  lessons: number;
  done: number;
  hours: string;
  taughtHours: string;
  percent: number;
}

/**
 * The lessons of a student's classes grouped by name or title: how many, how many finished
 * (teaching or review), their hours and hours taught (a finished lesson counts whole, a lesson
 * never more than its hours), and the floored percentage — teaching: hours taught over hours;
 * review: lessons reviewed over lessons. `where` is on `cs` (the student's class seats) and `l`.
 */
export function progressGroups(
  q: Queryable,
  where: SQL,
  by: 'lesson_name' | 'lesson_title',
  kind: 'teaching' | 'review',
) {
  const group = sql.raw(`x.${by}`);
  const done = kind === 'teaching' ? sql`x.teach_done` : sql`x.review_done`;
  const taught = sql`case when x.teach_done then x.hours else least(x.taught, x.hours) end`;
  const percent =
    kind === 'teaching'
      ? sql`case when sum(x.hours) > 0 then floor(100 * sum(${taught}) / sum(x.hours))::int else 0 end`
      : sql`floor(100.0 * count(*) filter (where x.review_done) / count(*))::int`;
  return selectRows<ProgressGroupRow>(
    q,
    sql`select ${group} as name, count(*)::int as lessons, count(*) filter (where ${done})::int as done,
        sum(x.hours) as hours, sum(${taught}) as taught_hours, ${percent} as percent
      from (
        select l.classroom_lesson_id, l.lesson_name, l.lesson_title, l.teaching_lesson_time_in_hour as hours,
          coalesce(sum(p.teached_time_in_hour), 0) as taught,
          coalesce(bool_or(p.teach_state = 'Done'), false) as teach_done,
          coalesce(bool_or(p.review_state = 'Done'), false) as review_done
        from ${classroomMembers} cs
        join ${classroomLessonsView} l on l.classroom_id = cs.classroom_id
        left join ${lessonProgress} p on p.classroom_lesson_id = l.classroom_lesson_id
        where ${where}
        group by l.classroom_lesson_id
      ) x
      group by ${group}
      order by ${group}`,
  );
}

/** The lessons (`cs`, `l`) of a student's classes, in the caller's classes, of a class, of a lesson name. */
export function progressFilter(f: { studentKey: string; classes: Reach; classroomId?: string; lessonName?: string }): SQL {
  return allOf(
    sql`cs.student_key = ${f.studentKey}::uuid`,
    f.classes(sql`cs.classroom_id`),
    f.classroomId ? sql`cs.classroom_id = ${f.classroomId}::uuid` : undefined,
    f.lessonName ? sql`l.lesson_name = ${f.lessonName}` : undefined,
  );
}

/** A student's homework (`h`) in the caller's classes. */
export const homeworksOfStudent = (studentKey: string, classes: Reach) =>
  allOf(sql`h.student_key = ${studentKey}::uuid`, classes(sql`h.classroom_id`));

/** Homework finished per day in the time zone, with the day's mean correct percentage. */
export function homeworkDays(q: Queryable, where: SQL, timeZone: string) {
  return selectRows<{ day: string; count: number; averagePercentation: string | null }>(
    q,
    sql`select to_char(timezone(${timeZone}, h.done_moment), 'YYYY-MM-DD') as day, count(*)::int as count,
        round(avg(h.correct_percentation), 2) as average_percentation
      from ${homeworks} h
      where ${where} and h.state = 'Done' and h.done_moment is not null
      group by 1
      order by 1`,
  );
}

/** The classes (`c`) a teacher teaches or assists, in the caller's classes, presences (`sp`) of the caller's students. */
export function presenceFilter(f: { teacherKey: string; classes: Reach; students: Reach }): SQL {
  return allOf(
    sql`(c.teacher_key = ${f.teacherKey}::uuid or c.assistant_key = ${f.teacherKey}::uuid)`,
    f.classes(sql`c.classroom_id`),
    f.students(sql`sp.student_key`),
  );
}

/** Presence per student over the live sessions of the classes matching `where` (on `c` and `sp`). */
export function presenceOfStudents(q: Queryable, where: SQL) {
  return selectRows<{
    studentPublicKey: string;
    studentName: string;
    present: number;
    absent: number;
    percent: number | null;
  }>(
    q,
    sql`select sp.student_key as student_public_key, p.full_name as student_name,
        count(*) filter (where sp.is_present)::int as present,
        count(*) filter (where not sp.is_present)::int as absent,
        floor(100.0 * count(*) filter (where sp.is_present) / count(*))::int as percent
      from ${classroomsView} c
      join ${sessionsView} s on s.classroom_id = c.classroom_id and s.live
      join ${sessionPresencesView} sp on sp.session_id = s.session_id
      join ${people} p on p.public_key = sp.student_key
      where ${where}
      group by sp.student_key, p.full_name
      order by p.full_name`,
  );
}

export interface ClassroomLineRow {
  classroomId: string;
  classroomName: string;
  teacherName: string;
  state: string;
  held: number;
  upcoming: number;
  present: number;
  absent: number;
  homeworks: number;
  homeworksDone: number;
  averageScore: string | null;
  teachingPercent: number | null;
}

/** One line per class of a student in the caller's classes: each figure one indexed lateral. */
export function classroomLines(q: Queryable, studentKey: string, classes: Reach) {
  const where = allOf(classes(sql`c.classroom_id`));
  return selectRows<ClassroomLineRow>(
    q,
    sql`select c.classroom_id, c.classroom_name, t.full_name as teacher_name, c.state,
        ss.held, ss.upcoming, coalesce(pr.present, 0) as present, coalesce(pr.absent, 0) as absent,
        hw.homeworks, hw.homeworks_done, ex.average_score, tp.teaching_percent
      from ${classroomMembers} cs
      join ${classroomsView} c on c.classroom_id = cs.classroom_id
      join ${people} t on t.public_key = c.teacher_key
      cross join lateral (
        select count(*) filter (where s.start_at <= now())::int as held,
          count(*) filter (where s.start_at > now())::int as upcoming
        from ${sessionsView} s where s.classroom_id = c.classroom_id and s.live
      ) ss
      cross join lateral (
        select count(*) filter (where sp.is_present)::int as present,
          count(*) filter (where not sp.is_present)::int as absent
        from ${sessionPresencesView} sp join ${sessionsView} s on s.session_id = sp.session_id
        where sp.student_key = cs.student_key and s.classroom_id = c.classroom_id and s.live
      ) pr
      cross join lateral (
        select count(*)::int as homeworks, count(*) filter (where h.state = 'Done')::int as homeworks_done
        from ${homeworks} h where h.classroom_id = c.classroom_id and h.student_key = cs.student_key
      ) hw
      cross join lateral (
        select round(avg(e.score), 2) as average_score
        from ${exams} e where e.classroom_id = c.classroom_id and e.student_key = cs.student_key
          and e.exam_state = 'Done' and e.score is not null
      ) ex
      cross join lateral (
        select case when sum(x.hours) > 0 then floor(100 * sum(x.taught) / sum(x.hours))::int end as teaching_percent
        from (
          select l.teaching_lesson_time_in_hour as hours,
            case when bool_or(p.teach_state = 'Done') then l.teaching_lesson_time_in_hour
              else least(coalesce(sum(p.teached_time_in_hour), 0), l.teaching_lesson_time_in_hour) end as taught
          from ${classroomLessonsView} l
          left join ${lessonProgress} p on p.classroom_lesson_id = l.classroom_lesson_id
          where l.classroom_id = c.classroom_id
          group by l.classroom_lesson_id
        ) x
      ) tp
      where cs.student_key = ${studentKey}::uuid and ${where}
      order by c.create_moment desc`,
  );
}

/** Per held session of a class: which kinds have neither a record nor their WithOut… flag. */
export function missingOfClass(q: Queryable, classroomId: string) {
  return selectRows<{
    sessionId: string;
    start: number;
    end: number;
    homework: boolean;
    exam: boolean;
    teaching: boolean;
    review: boolean;
  }>(
    q,
    sql`select s.session_id, ${epochOf(sql`s.start_at`)} as start, ${epochOf(sql`s.end_at`)} as end,
        not coalesce(f.with_out_home_work, false)
          and not exists (select 1 from ${homeworks} h where h.session_id = s.session_id) as homework,
        not coalesce(f.with_out_exam, false)
          and not exists (select 1 from ${exams} e where e.session_id = s.session_id) as exam,
        not coalesce(f.with_out_teach, false) and not exists (select 1 from ${lessonProgress} p
          where p.session_id = s.session_id and (p.teach_state = 'Done' or p.teached_time_in_hour > 0)) as teaching,
        not coalesce(f.with_out_review, false) and not exists (select 1 from ${lessonProgress} p
          where p.session_id = s.session_id and p.review_state = 'Done') as review
      from ${sessionsView} s
      left join ${sessionAcademicFlags} f on f.session_id = s.session_id
      where s.classroom_id = ${classroomId}::uuid and s.live and s.start_at <= now()
      order by s.start_at`,
  );
}
