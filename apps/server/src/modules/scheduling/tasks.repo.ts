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
 * classroom id), for the groups in `wanted` only (staff tasks, issue 29): held sessions of the last
 * weeks still missing presence or teaching-day information (the shared waitingForRecords rule);
 * held, recorded sessions of `teacherKey` not confirmed yet (what confirmByTeacher accepts);
 * sessions the teacher confirmed, waiting for the admin; sessions not over whose schedule change
 * the scheduling admin has not accepted. Each count is its own sub-query bounded by an index (the
 * start range, the teacher's sessions, or a partial index of its state), never the whole history:
 * the sidebar's badge asks on every page.
 */
export async function sessionTaskCounts(
  q: Queryable,
  classes: (classroomId: SQL) => SQL | undefined,
  teacherKey: string,
  wanted: ReadonlySet<keyof SessionTaskCounts>,
): Promise<SessionTaskCounts> {
  const scope = classes(sql`cs.classroom_id`) ?? sql`true`;
  const count = (key: keyof SessionTaskCounts, where: SQL) =>
    wanted.has(key)
      ? sql`(select count(*)::int from classroom_sessions cs where ${scope} and ${where})`
      : sql`0`;
  const row = await selectRow<SessionTaskCounts>(
    q,
    sql`select
        ${count(
          'sessionsToRecord',
          sql`cs.start_at >= now() - make_interval(weeks => ${RECORD_WINDOW_WEEKS}) and cs.start_at <= now() and ${waitingForRecordsSql}`,
        )} as sessions_to_record,
        ${count(
          'sessionsToConfirm',
          sql`cs.teacher_key = ${teacherKey}::uuid and cs.confirmation = 'noConfirmation'
            and cs.state <> 'canceled' and cs.end_at <= now() and not ${waitingForRecordsSql}`,
        )} as sessions_to_confirm,
        ${count('sessionsToConfirmAsAdmin', sql`cs.confirmation = 'confirmedByTeacher' and cs.state <> 'canceled'`)} as sessions_to_confirm_as_admin,
        ${count('scheduleChangesToConfirm', sql`not cs.changes_confirmed_by_scheduling_admin and cs.end_at > now()`)} as schedule_changes_to_confirm`,
  );
  return row!;
}
