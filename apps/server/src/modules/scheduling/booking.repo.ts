import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { MAX_TIME_HOURS } from '@tutoria/shared';
import { inList, rowsOf } from './sql.ts';

/**
 * Locks and clash queries behind "no double booking" (DESIGN §7). Every path that books, moves or
 * frees a session takes its locks in one order: teachers' timetable rows, then students' user rows,
 * then rooms (advisory locks) — each sorted — so concurrent bookings queue instead of deadlocking,
 * and the clash checks that follow see every booking committed before them (READ COMMITTED).
 */
export async function lockTeachers(
  q: Queryable,
  teacherKeys: readonly string[],
): Promise<Map<string, string>> {
  const keys = [...new Set(teacherKeys)].sort();
  if (!keys.length) return new Map();
  await q.execute(
    sql`insert into teacher_timetables (teacher_key) values ${sql.join(
      keys.map((k) => sql`(${k}::uuid)`),
      sql`, `,
    )} on conflict (teacher_key) do nothing`,
  );
  const rows = await rowsOf<{ teacher_key: string; teacher_time_table_id: string }>(
    q,
    sql`select teacher_key, teacher_time_table_id from teacher_timetables where teacher_key in (${inList(keys)}) order by teacher_key for no key update`,
  );
  return new Map(rows.map((r) => [r.teacher_key, r.teacher_time_table_id]));
}

export async function lockStudents(q: Queryable, studentKeys: readonly string[]): Promise<void> {
  const keys = [...new Set(studentKeys)].sort();
  if (!keys.length) return;
  await q.execute(
    sql`select public_key from users where public_key in (${inList(keys)}) order by public_key for no key update`,
  );
}

/** Rooms have no table of their own: a transaction-scoped advisory lock per room number. */
export async function lockRooms(q: Queryable, rooms: readonly (string | null | undefined)[]): Promise<void> {
  const names = [...new Set(rooms.filter((r): r is string => Boolean(r)))].sort();
  for (const room of names) await q.execute(sql`select pg_advisory_xact_lock(7243, hashtext(${room}))`);
}

export interface Proposal {
  index: number;
  start: number;
  end: number;
}

const values = (ps: readonly Proposal[]) =>
  sql`(values ${sql.join(
    ps.map((p) => sql`(${p.index}::int, to_timestamp(${p.start}::float8), to_timestamp(${p.end}::float8))`),
    sql`, `,
  )}) as r(i, s, e)`;

/** Overlap of a stored session with a proposal; the lower bound keeps it an index range scan. */
const overlapsProposal = sql`cs.start_at < r.e and cs.end_at > r.s and cs.start_at > r.s - ${sql.raw(`interval '${MAX_TIME_HOURS} hours'`)}`;

const liveSession = (exclude: readonly string[], exceptClassroomId?: string): SQL =>
  sql`cs.state <> 'canceled' and c.state <> 'Deleted'${exclude.length ? sql` and cs.session_id not in (${inList(exclude)})` : sql``}${
    exceptClassroomId ? sql` and c.classroom_id <> ${exceptClassroomId}` : sql``
  }`;

export interface ClashRow {
  i: number;
  session_id: string;
  start_at: Date | string;
  end_at: Date | string;
  classroom_id: string;
  classroom_name: string;
  student_key?: string;
  student_name?: string;
  classroom_number?: string | null;
}

export async function teacherClashes(
  q: Queryable,
  teacherKey: string,
  ps: readonly Proposal[],
  exclude: readonly string[],
) {
  if (!ps.length) return [];
  return rowsOf<ClashRow>(
    q,
    sql`select r.i, cs.session_id, cs.start_at, cs.end_at, c.classroom_id, c.classroom_name
      from ${values(ps)}
      join classroom_sessions cs on cs.teacher_key = ${teacherKey} and ${overlapsProposal}
      join classrooms c on c.classroom_id = cs.classroom_id
      where ${liveSession(exclude)}
      order by r.i, cs.start_at`,
  );
}

export async function studentClashes(
  q: Queryable,
  studentKeys: readonly string[],
  ps: readonly Proposal[],
  exclude: readonly string[],
  exceptClassroomId?: string,
) {
  if (!ps.length || !studentKeys.length) return [];
  return rowsOf<ClashRow>(
    q,
    sql`select r.i, cs.session_id, cs.start_at, cs.end_at, c.classroom_id, c.classroom_name, st.student_key, u.full_name as student_name
      from ${values(ps)}
      join classroom_students st on st.student_key in (${inList(studentKeys)})
      join classroom_sessions cs on cs.classroom_id = st.classroom_id and ${overlapsProposal}
      join classrooms c on c.classroom_id = cs.classroom_id
      join users u on u.public_key = st.student_key
      where ${liveSession(exclude, exceptClassroomId)}
      order by r.i, cs.start_at`,
  );
}

export async function roomClashes(
  q: Queryable,
  room: string,
  ps: readonly Proposal[],
  exclude: readonly string[],
) {
  if (!ps.length) return [];
  return rowsOf<ClashRow>(
    q,
    sql`select r.i, cs.session_id, cs.start_at, cs.end_at, c.classroom_id, c.classroom_name, cs.classroom_number
      from ${values(ps)}
      join classroom_sessions cs on cs.classroom_number = ${room} and ${overlapsProposal}
      join classrooms c on c.classroom_id = cs.classroom_id
      where ${liveSession(exclude)}
      order by r.i, cs.start_at`,
  );
}

export interface SlotRow {
  available_time_id: string;
  start_at: Date | string;
  end_at: Date | string;
}

/** The teacher's Active available times touching [from, to). */
export async function activeSlots(q: Queryable, teacherKey: string, from: number, to: number) {
  return rowsOf<SlotRow>(
    q,
    sql`select available_time_id, start_at, end_at from available_times
      where teacher_key = ${teacherKey} and state = 'Active'
        and start_at < to_timestamp(${to}::float8) and end_at > to_timestamp(${from}::float8)
        and start_at > to_timestamp(${from}::float8) - ${sql.raw(`interval '${MAX_TIME_HOURS} hours'`)}
      order by start_at`,
  );
}
