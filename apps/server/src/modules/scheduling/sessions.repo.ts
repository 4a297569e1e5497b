import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { inList, rowsOf } from './sql.ts';

const ts = (seconds: number) => sql`to_timestamp(${seconds}::float8)`;

export interface ChangeFlags {
  changesConfirmedByTeacher: boolean;
  changesConfirmedBySchedulingAdmin: boolean;
}

/** Cancels sessions; the side that cancelled has confirmed the change, the other has not. */
export async function cancelSessions(q: Queryable, ids: readonly string[], flags: ChangeFlags) {
  if (!ids.length) return;
  await q.execute(
    sql`update classroom_sessions set state = 'canceled', changes_confirmed_by_teacher = ${flags.changesConfirmedByTeacher},
      changes_confirmed_by_scheduling_admin = ${flags.changesConfirmedBySchedulingAdmin}, updated_at = now()
      where session_id in (${inList(ids)})`,
  );
}

export async function moveSessions(
  q: Queryable,
  moves: readonly { sessionId: string; start: number; end: number; availableTimeId?: string | null }[],
  flags: ChangeFlags,
) {
  for (const move of moves) {
    await q.execute(
      sql`update classroom_sessions set start_at = ${ts(move.start)}, end_at = ${ts(move.end)},
        ${move.availableTimeId !== undefined ? sql`available_time_id = ${move.availableTimeId},` : sql``}
        changes_confirmed_by_teacher = ${flags.changesConfirmedByTeacher},
        changes_confirmed_by_scheduling_admin = ${flags.changesConfirmedBySchedulingAdmin}, updated_at = now()
        where session_id = ${move.sessionId}`,
    );
  }
}

/** Keeps each classroom's live-session span (first start, last end) in step, in the same transaction. */
export async function refreshSpans(q: Queryable, classroomIds: readonly string[]) {
  const ids = [...new Set(classroomIds)];
  if (!ids.length) return;
  await q.execute(
    sql`update classrooms c set
        first_session_start = (select min(s.start_at) from classroom_sessions s where s.classroom_id = c.classroom_id and s.state <> 'canceled'),
        last_session_end = (select max(s.end_at) from classroom_sessions s where s.classroom_id = c.classroom_id and s.state <> 'canceled'),
        updated_at = now()
      where c.classroom_id in (${inList(ids)})`,
  );
}

/** Teacher, assistant and students of classrooms: who an event concerns. */
export async function peopleOf(q: Queryable, classroomIds: readonly string[]) {
  const ids = [...new Set(classroomIds)];
  if (!ids.length) return new Map<string, { name: string; userKeys: string[] }>();
  const rows = await rowsOf<{ classroom_id: string; classroom_name: string; keys: string[] }>(
    q,
    sql`select c.classroom_id, c.classroom_name,
        array_remove(array[c.teacher_key, c.assistant_key], null) || coalesce((select array_agg(st.student_key) from classroom_students st where st.classroom_id = c.classroom_id), '{}') as keys
      from classrooms c where c.classroom_id in (${inList(ids)})`,
  );
  return new Map(
    rows.map((r) => [r.classroom_id, { name: r.classroom_name, userKeys: [...new Set(r.keys.map(String))] }]),
  );
}
