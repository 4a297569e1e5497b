import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { anyUuid, epochOf, selectRows, timestampOf } from '../../db/sql.ts';
import { classroomMembers, classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';

/** A session someone should be reminded of, with whom to remind. */
export interface ReminderSession {
  sessionId: string;
  classroomId: string;
  classroomName: string;
  /** Epoch seconds. */
  start: number;
  end: number;
  lessonType: string;
  meetingLink: string | null;
  /** The session's teacher, the class's assistant, then its students. */
  userKeys: string[];
}

/**
 * Live sessions (not cancelled, in a class neither disabled nor archived) starting in [from, to),
 * or (with `sessionIds`) those of the ids that are live, read through scheduling's views. Uses the
 * sessions' start index; a window holds few sessions.
 */
export function reminderSessions(
  q: Queryable,
  range: { from: number; to: number },
  sessionIds?: readonly string[],
) {
  return selectRows<ReminderSession>(
    q,
    sql`select cs.session_id, cs.classroom_id, c.classroom_name, ${epochOf(sql`cs.start_at`)} as start, ${epochOf(sql`cs.end_at`)} as end, c.lesson_type, c.meeting_link,
        array_remove(array[cs.teacher_key, c.assistant_key], null)
          || coalesce((select array_agg(st.student_key order by st.student_key) from ${classroomMembers} st where st.classroom_id = c.classroom_id), '{}') as user_keys
      from ${sessionsView} cs
      join ${classroomsView} c on c.classroom_id = cs.classroom_id
      where cs.start_at >= ${timestampOf(range.from)} and cs.start_at < ${timestampOf(range.to)}
        and cs.live and c.live and not c.archived
        ${sessionIds ? sql`and cs.session_id = ${anyUuid(sessionIds)}` : sql``}
      order by cs.start_at`,
  );
}

/** What a failed reminder job concerned (issue 33): its session's class and start, for the Admin's list. */
export function reminderSubject(payload: SQL): SQL {
  return sql`jsonb_build_object(
    'classroom', (select c.classroom_name from ${sessionsView} cs join ${classroomsView} c on c.classroom_id = cs.classroom_id
      where cs.session_id = (${payload} ->> 'sessionId')::uuid),
    'moment', (${payload} ->> 'start')::float8)`;
}
