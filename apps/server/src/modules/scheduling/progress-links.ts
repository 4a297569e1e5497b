import { type SQL, sql } from 'drizzle-orm';
import {
  classrooms,
  classroomSessions,
  classroomStudents,
  sessionPresences,
} from '../../db/schema/scheduling.ts';

/**
 * What the progress module reads of sessions (issue 12, course plans): the hours a student was
 * actually taught in one lesson type, offered here so it never names scheduling's tables.
 *
 * Held sessions (`haveclass`) of the live (not Deleted) classrooms of that lesson type the student
 * sits in, less those where the student was recorded absent; each counts its recorded teaching
 * minutes, else its booked length. Answers a numeric with two decimals (0 when none).
 */
export function heldHoursOf(studentKey: SQL, lessonType: SQL): SQL<string> {
  return sql<string>`(select round(coalesce(sum(coalesce(hs.teaching_minutes, hs.duration_minutes)), 0)::numeric / 60, 2)
    from ${classroomSessions} hs
    join ${classrooms} hc on hc.classroom_id = hs.classroom_id
    join ${classroomStudents} hcs on hcs.classroom_id = hs.classroom_id and hcs.student_key = ${studentKey}
    where hs.state = 'haveclass' and hc.state <> 'Deleted' and hc.lesson_type = ${lessonType}
      and not exists (select 1 from ${sessionPresences} hp
        where hp.session_id = hs.session_id and hp.student_key = ${studentKey} and not hp.is_present))`;
}

/** Students of the live classrooms a teacher or assistant works in (their `classrooms` reach). */
export function taughtBy(studentKey: SQL, staffKey: string): SQL {
  return sql`exists (select 1 from ${classroomStudents} tcs join ${classrooms} tc on tc.classroom_id = tcs.classroom_id
    where tcs.student_key = ${studentKey} and tc.state <> 'Deleted' and (tc.teacher_key = ${staffKey} or tc.assistant_key = ${staffKey}))`;
}
