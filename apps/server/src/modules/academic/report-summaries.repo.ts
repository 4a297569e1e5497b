import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { exams, homeworks, lessonProgress, sessionAcademicFlags } from '../../db/schema/academic.ts';
import { people } from '../../db/schema/people.ts';
import { epochOf, selectRows, withinDays } from '../../db/sql.ts';
import {
  classroomLessonsView,
  classroomMembers,
  classroomsView,
  sessionPresencesView,
  sessionsView,
} from '../scheduling/scheduling.module.ts';
import { allOf, type DayPeriod, type Reach } from './reports.repo.ts';

/**
 * The reports that sum a student's or a class's records up (SPEC §7 Reports, issue 10): lesson
 * progress, the homework timeline, presence, a student's classes and a class's missing records.
 * Each is one grouped query; the caller's scope comes in as a condition (`reports.repo.ts`).
 */

export interface LessonHoursRow {
  classroomId: string;
  lessonName: string;
  lessonTitle: string;
  /** The lesson's length. */
  hours: string;
  /** The hours recorded at all its sessions, as stored (the figures come from `lessonFigures`). */
  recorded: string;
  teachDone: boolean;
  reviewDone: boolean;
}

/**
 * The lessons of a student's classes, one row each with what their figures are computed from
 * (`lessonFigures` / `lessonGroupFigures` in packages/shared: one computation for every screen).
 * `where` is on `cs` (the student's class seats) and `l`; ordered by `order` (name or title) so
 * grouping keeps the order.
 */
export function lessonHoursRows(
  q: Queryable,
  where: SQL,
  order: 'lesson_name' | 'lesson_title' = 'lesson_name',
) {
  return selectRows<LessonHoursRow>(
    q,
    sql`select l.classroom_id, l.lesson_name, l.lesson_title, l.teaching_lesson_time_in_hour as hours,
        coalesce(sum(p.teached_time_in_hour), 0) as recorded,
        coalesce(bool_or(p.teach_state = 'Done'), false) as teach_done,
        coalesce(bool_or(p.review_state = 'Done'), false) as review_done
      from ${classroomMembers} cs
      join ${classroomLessonsView} l on l.classroom_id = cs.classroom_id
      left join ${lessonProgress} p on p.classroom_lesson_id = l.classroom_lesson_id
      where ${where}
      group by l.classroom_lesson_id
      order by ${sql.raw(`l.${order}`)}, l.classroom_id, l.position`,
  );
}

/** The lessons (`cs`, `l`) of a student's classes, in the caller's classes, of a class, of a lesson name. */
export function progressFilter(f: {
  studentKey: string;
  classes: Reach;
  classroomId?: string;
  lessonName?: string;
}): SQL {
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

/**
 * The classes (`c`) a teacher teaches or assists, in the caller's classes, presences (`sp`) of the
 * caller's students, at sessions (`s`) starting in a period of days (issue 29; open: every session).
 */
export function presenceFilter(f: {
  teacherKey: string;
  classes: Reach;
  students: Reach;
  period: DayPeriod;
  timeZone: string;
}): SQL {
  return allOf(
    sql`(c.teacher_key = ${f.teacherKey}::uuid or c.assistant_key = ${f.teacherKey}::uuid)`,
    f.classes(sql`c.classroom_id`),
    f.students(sql`sp.student_key`),
    withinDays(sql`s.start_at`, f.period, f.timeZone),
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
