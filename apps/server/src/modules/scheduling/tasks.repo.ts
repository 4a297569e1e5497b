import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { selectRow } from '../../db/sql.ts';
import { waitingForRecordsSql } from './classes-list.repo.ts';

/** As far back as a teacher's "my day" page lists sessions waiting for records (issue 27). */
export const RECORD_WINDOW_WEEKS = 8;

export interface SessionTaskCounts {
  sessionsToRecord: number;
  sessionsToConfirm: number;
  sessionsToConfirmAsAdmin: number;
  scheduleChangesToConfirm: number;
}

/**
 * What waits on the sessions of the classes in `classes` (the reach policy's condition on a
 * classroom id), counted in one pass (staff tasks, issue 29): held sessions of the last weeks
 * still missing presence or teaching-day information (the shared waitingForRecords rule); held,
 * recorded sessions of `teacherKey` not confirmed yet (what confirmByTeacher accepts); sessions the
 * teacher confirmed, waiting for the admin; sessions not over whose schedule change the scheduling
 * admin has not accepted.
 */
export async function sessionTaskCounts(
  q: Queryable,
  classes: (classroomId: SQL) => SQL | undefined,
  teacherKey: string,
): Promise<SessionTaskCounts> {
  const scope = classes(sql`cs.classroom_id`);
  const row = await selectRow<SessionTaskCounts>(
    q,
    sql`select
        count(*) filter (where ${waitingForRecordsSql}
          and cs.start_at >= now() - make_interval(weeks => ${RECORD_WINDOW_WEEKS}))::int as sessions_to_record,
        count(*) filter (where cs.teacher_key = ${teacherKey}::uuid and cs.confirmation = 'noConfirmation'
          and cs.state <> 'canceled' and cs.end_at <= now() and not ${waitingForRecordsSql})::int as sessions_to_confirm,
        count(*) filter (where cs.confirmation = 'confirmedByTeacher' and cs.state <> 'canceled')::int as sessions_to_confirm_as_admin,
        count(*) filter (where not cs.changes_confirmed_by_scheduling_admin and cs.end_at > now())::int as schedule_changes_to_confirm
      from classroom_sessions cs
      where ${scope ?? sql`true`}`,
  );
  return row!;
}
