import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { classrooms, classroomSessions, sessionPresences } from '../../db/schema/scheduling.ts';
import { anyText, anyUuid, arrayOf, selectRow } from '../../db/sql.ts';
import { fromEpoch } from '../../lib/time.ts';
import type { ChangeFlags } from './acting-side.ts';

/** A session with its classroom, if the classroom is in the caller's scope; `lock` holds the session row. */
export async function findSession(q: Queryable, sessionId: string, scope: SQL | undefined, lock = false) {
  const query = q
    .select({
      session: classroomSessions,
      classroomName: classrooms.classroomName,
      classroomState: classrooms.state,
      archived: classrooms.archived,
      classroomTeacherKey: classrooms.teacherKey,
    })
    .from(classroomSessions)
    .innerJoin(classrooms, eq(classrooms.classroomId, classroomSessions.classroomId))
    .where(and(eq(classroomSessions.sessionId, sessionId), scope))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: classroomSessions }) : await query;
  return row;
}
export type FoundSession = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** New sessions of a class, booked in the given available times. */
export async function insertSessions(
  q: Queryable,
  target: { classroomId: string; teacherKey: string; room: string | null },
  times: readonly { start: number; end: number; availableTimeId: string }[],
  flags: ChangeFlags,
): Promise<string[]> {
  if (!times.length) return [];
  const rows = await q
    .insert(classroomSessions)
    .values(
      times.map((t) => ({
        classroomId: target.classroomId,
        teacherKey: target.teacherKey,
        classroomNumber: target.room,
        availableTimeId: t.availableTimeId,
        startAt: fromEpoch(t.start),
        endAt: fromEpoch(t.end),
        ...flags,
      })),
    )
    .returning({ sessionId: classroomSessions.sessionId });
  return rows.map((r) => r.sessionId);
}

/** Cancels sessions; the side that cancelled has confirmed the change, the other has not. */
export async function cancelSessions(q: Queryable, ids: readonly string[], flags: ChangeFlags) {
  if (!ids.length) return;
  await q
    .update(classroomSessions)
    .set({ state: 'canceled', ...flags, updatedAt: new Date() })
    .where(sql`${classroomSessions.sessionId} = ${anyUuid(ids)}`);
}

/** Sessions now held in another room (the class's room changed). */
export async function setSessionsRoom(q: Queryable, ids: readonly string[], room: string | null) {
  if (!ids.length) return;
  await q
    .update(classroomSessions)
    .set({ classroomNumber: room, updatedAt: new Date() })
    .where(sql`${classroomSessions.sessionId} = ${anyUuid(ids)}`);
}

/** Moves sessions in one statement; a session keeps its available time unless a move names another. */
export async function moveSessions(
  q: Queryable,
  moves: readonly { sessionId: string; start: number; end: number; availableTimeId?: string }[],
  flags: ChangeFlags,
) {
  if (!moves.length) return;
  await q.execute(
    sql`update classroom_sessions cs set start_at = to_timestamp(m.s), end_at = to_timestamp(m.e),
        available_time_id = coalesce(m.slot, cs.available_time_id),
        changes_confirmed_by_teacher = ${flags.changesConfirmedByTeacher},
        changes_confirmed_by_scheduling_admin = ${flags.changesConfirmedBySchedulingAdmin}, updated_at = now()
      from unnest(${arrayOf(
        moves.map((m) => m.sessionId),
        'uuid',
      )}, ${arrayOf(
        moves.map((m) => m.start),
        'float8',
      )}, ${arrayOf(
        moves.map((m) => m.end),
        'float8',
      )}, ${arrayOf(
        moves.map((m) => m.availableTimeId ?? null),
        'uuid',
      )}) as m(id, s, e, slot)
      where cs.session_id = m.id`,
  );
}

/** Keeps each classroom's live-session span (first start, last end) in step, in the same transaction. */
export async function refreshSpans(q: Queryable, classroomIds: readonly string[]) {
  if (!classroomIds.length) return;
  await q.execute(
    sql`update classrooms c set
        first_session_start = (select min(s.start_at) from classroom_sessions s where s.classroom_id = c.classroom_id and s.state <> 'canceled'),
        last_session_end = (select max(s.end_at) from classroom_sessions s where s.classroom_id = c.classroom_id and s.state <> 'canceled'),
        updated_at = now()
      where c.classroom_id = ${anyUuid([...new Set(classroomIds)])}`,
  );
}

/** Deletes the class's future sessions that carry no records and no confirmation; answers their ids. */
export async function deleteUnrecordedFutureSessions(q: Queryable, classroomId: string): Promise<string[]> {
  const removed = await q
    .delete(classroomSessions)
    .where(
      and(
        eq(classroomSessions.classroomId, classroomId),
        sql`${classroomSessions.startAt} > now()`,
        eq(classroomSessions.state, 'waitingforclass'),
        eq(classroomSessions.confirmation, 'noConfirmation'),
        sql`${classroomSessions.teachingDate} is null`,
        sql`not exists (select 1 from session_presences p where p.session_id = ${classroomSessions.sessionId})`,
      ),
    )
    .returning({ id: classroomSessions.sessionId });
  return removed.map((r) => r.id);
}

/** Presence and feedback of several students at one session, in one statement (one row per student). */
export async function upsertPresences(
  q: Queryable,
  sessionId: string,
  records: readonly { studentKey: string; isPresent: boolean; feedback: string | null }[],
  recordedBy: string,
) {
  if (!records.length) return;
  await q.execute(
    sql`insert into ${sessionPresences} (session_id, student_key, is_present, feedback, recorded_by)
      select ${sessionId}, r.student_key, r.is_present, r.feedback, ${recordedBy}
      from unnest(${arrayOf(
        records.map((r) => r.studentKey),
        'uuid',
      )}, ${arrayOf(
        records.map((r) => r.isPresent),
        'bool',
      )}, ${arrayOf(
        records.map((r) => r.feedback),
        'text',
      )}) as r(student_key, is_present, feedback)
      on conflict (session_id, student_key) do update set is_present = excluded.is_present,
        feedback = excluded.feedback, recorded_by = excluded.recorded_by, updated_at = now()`,
  );
}

/** How many current students of the session's class have no presence recorded. */
export async function studentsWithoutPresence(q: Queryable, sessionId: string, classroomId: string) {
  const row = await selectRow<{ n: number }>(
    q,
    sql`select count(*)::int as n from classroom_students st
      where st.classroom_id = ${classroomId}
        and not exists (select 1 from session_presences sp where sp.session_id = ${sessionId} and sp.student_key = st.student_key)`,
  );
  return row?.n ?? 0;
}

export interface TeachingDay {
  date: number;
  taughtLessonsDescription: string;
  teachingMinutes: number;
  teachingType: string;
  classroomLessonIds: readonly string[];
}

export async function setTeachingDay(q: Queryable, sessionId: string, day: TeachingDay) {
  await q
    .update(classroomSessions)
    .set({
      teachingDate: fromEpoch(day.date),
      taughtLessonsDescription: day.taughtLessonsDescription,
      teachingMinutes: day.teachingMinutes,
      teachingType: day.teachingType,
      taughtLessonIds: [...day.classroomLessonIds],
      updatedAt: new Date(),
    })
    .where(eq(classroomSessions.sessionId, sessionId));
}

/** Clears a session's records and confirmation: it waits for class again. */
export async function resetRecords(q: Queryable, sessionId: string) {
  await q.delete(sessionPresences).where(eq(sessionPresences.sessionId, sessionId));
  await q
    .update(classroomSessions)
    .set({
      teachingDate: null,
      taughtLessonsDescription: null,
      teachingMinutes: null,
      teachingType: null,
      taughtLessonIds: [],
      confirmation: 'noConfirmation',
      state: 'waitingforclass',
      updatedAt: new Date(),
    })
    .where(eq(classroomSessions.sessionId, sessionId));
}

/** A conditional update: the row changes only if its confirmation is still one of `from` (no lost race). */
export async function transition(
  q: Queryable,
  sessionId: string,
  from: readonly string[],
  set: { confirmation: string; state?: string },
): Promise<boolean> {
  const rows = await q
    .update(classroomSessions)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(classroomSessions.sessionId, sessionId),
        sql`${classroomSessions.confirmation} = ${anyText(from)}`,
      ),
    )
    .returning({ id: classroomSessions.sessionId });
  return rows.length === 1;
}

/** One side accepts the other's schedule changes on the class's sessions (all waiting ones, or those named). */
export async function confirmChanges(
  q: Queryable,
  classroomId: string,
  side: 'teacher' | 'admin',
  sessionIds: readonly string[] | undefined,
): Promise<string[]> {
  const column =
    side === 'teacher'
      ? classroomSessions.changesConfirmedByTeacher
      : classroomSessions.changesConfirmedBySchedulingAdmin;
  const updated = await q
    .update(classroomSessions)
    .set(
      side === 'teacher' ? { changesConfirmedByTeacher: true } : { changesConfirmedBySchedulingAdmin: true },
    )
    .where(
      and(
        eq(classroomSessions.classroomId, classroomId),
        eq(column, false),
        sessionIds ? sql`${classroomSessions.sessionId} = ${anyUuid(sessionIds)}` : undefined,
      ),
    )
    .returning({ id: classroomSessions.sessionId });
  return updated.map((r) => r.id);
}
