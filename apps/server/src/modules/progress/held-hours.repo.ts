import { type SQL, sql } from 'drizzle-orm';
import {
  classroomMembers,
  classroomsView,
  sessionPresencesView,
  sessionsView,
} from '../scheduling/scheduling.module.ts';

/**
 * The hours a student was actually taught in one lesson type (a course plan's actual hours),
 * read through scheduling's views: held sessions of the live classes of that lesson type the
 * student sits in, less those where the student was recorded absent; each counts its recorded
 * teaching minutes, else its booked length. A numeric with two decimals (0 when none).
 */
export function heldHoursOf(studentKey: SQL, lessonType: SQL): SQL<string> {
  return sql<string>`(select round(coalesce(sum(coalesce(hs.teaching_minutes, hs.duration_minutes)), 0)::numeric / 60, 2)
    from ${sessionsView} hs
    join ${classroomsView} hc on hc.classroom_id = hs.classroom_id
    join ${classroomMembers} hcs on hcs.classroom_id = hs.classroom_id and hcs.student_key = ${studentKey}
    where hs.held and hc.live and hc.lesson_type = ${lessonType}
      and not exists (select 1 from ${sessionPresencesView} hp
        where hp.session_id = hs.session_id and hp.student_key = ${studentKey} and not hp.is_present))`;
}
