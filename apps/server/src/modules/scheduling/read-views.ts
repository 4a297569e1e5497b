import { sql } from 'drizzle-orm';
import {
  classroomLessons,
  classrooms,
  classroomSessions,
  classroomStudents,
  sessionPresences,
} from '../../db/schema/scheduling.ts';

/**
 * What every other area joins of classrooms, rosters, lessons, sessions and presences
 * (docs/architecture.md "Modules own their tables"): row sources named as scheduling's API, with
 * scheduling's state rules inside them, so no other area names these tables or spells their states.
 */

/**
 * Classrooms: id, name, state, level, lesson type, classroom type, teacher, assistant, meeting link,
 * archived, creation; `live` unless disabled (Deleted).
 */
export const classroomsView = sql`(select classroom_id, classroom_name, state, classroom_level, lesson_type, classroom_type, teacher_key, assistant_key,
  meeting_link, archived, create_moment, state <> 'Deleted' as live from ${classrooms})`;

/** The students sitting in each classroom: `classroom_id, student_key`. */
export const classroomMembers = sql`(select classroom_id, student_key from ${classroomStudents})`;

/**
 * A classroom's lessons (`classroom_lesson_id, classroom_id, lesson_name, lesson_title,
 * lesson_sub_title, teaching_lesson_time_in_hour, position`): the stored rows themselves, so a
 * query grouping by `classroom_lesson_id` may read the lesson's other columns (its primary key).
 */
export const classroomLessonsView = sql`${classroomLessons}`;

/**
 * Sessions with their booked length (`duration_minutes`, and `hours` as a numeric), their room
 * (`classroom_number`), their teaching-day record, confirmations (for the display state) and
 * financial confirmation; `live` unless cancelled, `held` once the class took place (haveclass),
 * `confirmed_by_admin` once the admin confirmed it (what a teacher's earning needs, issue 28).
 */
export const sessionsView = sql`(select session_id, classroom_id, teacher_key, start_at, end_at, state, duration_minutes, classroom_number,
  (duration_minutes::numeric / 60) as hours, teaching_date, taught_lessons_description, teaching_minutes, teaching_type,
  taught_lesson_ids, confirmation, changes_confirmed_by_teacher, changes_confirmed_by_scheduling_admin, financial_confirmation,
  state <> 'canceled' as live, state = 'haveclass' as held, confirmation = 'confirmedByAdmin' as confirmed_by_admin
  from ${classroomSessions})`;

/** A student's presence and feedback at a session. */
export const sessionPresencesView = sql`(select session_id, student_key, is_present, feedback from ${sessionPresences})`;
