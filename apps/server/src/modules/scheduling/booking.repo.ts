import { type SQL, sql } from 'drizzle-orm';
import { MAX_TIME_HOURS } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import {
  availableTimes,
  classrooms,
  classroomSessions,
  teacherTimetables,
} from '../../db/schema/scheduling.ts';
import {
  anyUuid,
  arrayOf,
  epochOf,
  intervalRows,
  keyedIntervalRows,
  overlaps,
  selectRows,
  timestampOf,
} from '../../db/sql.ts';
import { lockPeople, people } from '../users/users.module.ts';

/**
 * Locks and clash queries behind "no double booking" (DESIGN §7, docs/decisions.md). Every path that
 * books, moves or frees a session takes its locks in one global order — teachers' timetable rows,
 * then students' user rows, then rooms (advisory locks), each in sorted order — so concurrent
 * bookings queue instead of deadlocking, and the clash checks that follow see every booking
 * committed before them (READ COMMITTED).
 */

/** Locks the teachers' timetable rows (created on first use); answers each teacher's timetable id. */
export async function lockTeachers(
  q: Queryable,
  teacherKeys: readonly string[],
): Promise<Map<string, string>> {
  const keys = [...new Set(teacherKeys)].sort();
  if (!keys.length) return new Map();
  await q.execute(
    sql`insert into ${teacherTimetables} (teacher_key) select unnest(${arrayOf(keys, 'uuid')}) on conflict (teacher_key) do nothing`,
  );
  const rows = await selectRows<{ teacherKey: string; teacherTimeTableId: string }>(
    q,
    sql`select teacher_key, teacher_time_table_id from ${teacherTimetables}
      where teacher_key = ${anyUuid(keys)} order by teacher_key for no key update`,
  );
  return new Map(rows.map((r) => [r.teacherKey, r.teacherTimeTableId]));
}

/** Students are users: their rows are locked through the users area's port (`for no key update`, key order). */
export async function lockStudents(q: Queryable, studentKeys: readonly string[]): Promise<void> {
  await lockPeople(q, [...new Set(studentKeys)].sort());
}

/** Rooms have no table of their own: one transaction-scoped advisory lock per room number, in name order, one statement. */
export async function lockRooms(q: Queryable, rooms: readonly (string | null | undefined)[]): Promise<void> {
  const names = [...new Set(rooms.filter((r): r is string => Boolean(r)))].sort();
  if (!names.length) return;
  await q.execute(
    sql`select pg_advisory_xact_lock(7243, hashtext(r.room)) from unnest(${arrayOf(names, 'text')}) with ordinality as r(room, n) order by r.n`,
  );
}

export interface Proposal {
  index: number;
  start: number;
  end: number;
}

/** A stored interval `x` overlapping proposal `r`; the lower bound keeps it an index range scan. */
const overlapsProposal = (x: string) =>
  sql`${overlaps(sql.raw(`${x}.start_at`), sql.raw(`${x}.end_at`), sql`r.s`, sql`r.e`)}
    and ${sql.raw(`${x}.start_at`)} > r.s - ${sql.raw(`interval '${MAX_TIME_HOURS} hours'`)}`;

const liveSession = (exclude: readonly string[]): SQL =>
  sql`cs.state <> 'canceled' and classrooms.state <> 'Deleted' and not (cs.session_id = ${anyUuid(exclude)})`;

/** A proposal checked against one key of its own: a student, a room. */
export interface KeyedProposal extends Proposal {
  key: string;
}

export interface ClashRow {
  /** Index of the proposal it clashes with. */
  i: number;
  sessionId: string;
  start: number;
  end: number;
  classroomId: string;
  classroomName: string;
}

const clashColumns = sql`r.i, cs.session_id, ${epochOf(sql`cs.start_at`)} as start, ${epochOf(sql`cs.end_at`)} as end,
  classrooms.classroom_id, classrooms.classroom_name`;

export function teacherClashes(
  q: Queryable,
  teacherKey: string,
  ps: readonly Proposal[],
  exclude: readonly string[],
) {
  return selectRows<ClashRow>(
    q,
    sql`select ${clashColumns}
      from ${intervalRows(ps)} as r
      join ${classroomSessions} cs on cs.teacher_key = ${teacherKey} and ${overlapsProposal('cs')}
      join ${classrooms} on classrooms.classroom_id = cs.classroom_id
      where ${liveSession(exclude)}
      order by r.i, cs.start_at`,
  );
}

/** Sessions of each proposal's student (`key`) clashing with it. */
export function studentClashes(q: Queryable, ps: readonly KeyedProposal[], exclude: readonly string[]) {
  return selectRows<ClashRow & { studentKey: string; studentName: string }>(
    q,
    sql`select ${clashColumns}, st.student_key, student.full_name as student_name
      from ${keyedIntervalRows(ps, 'uuid')} as r
      join classroom_students st on st.student_key = r.k
      join ${classroomSessions} cs on cs.classroom_id = st.classroom_id and ${overlapsProposal('cs')}
      join ${classrooms} on classrooms.classroom_id = cs.classroom_id
      join ${people} student on student.public_key = st.student_key
      where ${liveSession(exclude)}
      order by r.i, cs.start_at`,
  );
}

/** Sessions in each proposal's room (`key`) clashing with it. */
export function roomClashes(q: Queryable, ps: readonly KeyedProposal[], exclude: readonly string[]) {
  return selectRows<ClashRow & { room: string }>(
    q,
    sql`select ${clashColumns}, r.k as room
      from ${keyedIntervalRows(ps, 'text')} as r
      join ${classroomSessions} cs on cs.classroom_number = r.k and ${overlapsProposal('cs')}
      join ${classrooms} on classrooms.classroom_id = cs.classroom_id
      where ${liveSession(exclude)}
      order by r.i, cs.start_at`,
  );
}

export interface SlotSpan {
  availableTimeId: string;
  start: number;
  end: number;
}

/** The teacher's Active available times touching [from, to). */
export function activeSlots(q: Queryable, teacherKey: string, from: number, to: number) {
  return selectRows<SlotSpan>(
    q,
    sql`select available_time_id, ${epochOf(sql`start_at`)} as start, ${epochOf(sql`end_at`)} as end from ${availableTimes}
      where teacher_key = ${teacherKey} and state = 'Active'
        and ${overlaps(sql`start_at`, sql`end_at`, timestampOf(from), timestampOf(to))}
        and start_at > ${timestampOf(from)} - ${sql.raw(`interval '${MAX_TIME_HOURS} hours'`)}
      order by start_at`,
  );
}

/** Active slots of a teacher overlapping any of the intervals (other than the excluded ones), with the interval's index. */
export function overlappingSlots(
  q: Queryable,
  teacherKey: string,
  intervals: readonly Proposal[],
  excludeIds: readonly string[] = [],
) {
  return selectRows<SlotSpan & { i: number }>(
    q,
    sql`select r.i, a.available_time_id, ${epochOf(sql`a.start_at`)} as start, ${epochOf(sql`a.end_at`)} as end
      from ${intervalRows(intervals)} as r
      join ${availableTimes} a on a.teacher_key = ${teacherKey} and a.state = 'Active' and ${overlapsProposal('a')}
      where not (a.available_time_id = ${anyUuid(excludeIds)})
      order by r.i`,
  );
}

export interface BusyTime {
  sessionId: string;
  classroomId: string;
  classroomName: string;
  classroomNumber: string | null;
  start: number;
  end: number;
}

const liveSessionsIn = (start: number, end: number, exceptClassroomId: string | undefined) =>
  sql`cs.state <> 'canceled' and classrooms.state <> 'Deleted'
    and ${overlaps(sql`cs.start_at`, sql`cs.end_at`, timestampOf(start), timestampOf(end))}
    ${exceptClassroomId ? sql`and classrooms.classroom_id <> ${exceptClassroomId}` : sql``}`;

/** Live sessions of these students in [start, end), with the student's name. */
export function busyStudents(
  q: Queryable,
  keys: readonly string[],
  range: { start: number; end: number; exceptClassroomId?: string },
) {
  return selectRows<BusyTime & { studentPublicKey: string; studentName: string }>(
    q,
    sql`select cs.session_id, classrooms.classroom_id, classrooms.classroom_name, cs.classroom_number,
        ${epochOf(sql`cs.start_at`)} as start, ${epochOf(sql`cs.end_at`)} as end,
        st.student_key as student_public_key, student.full_name as student_name
      from classroom_students st
      join ${classroomSessions} cs on cs.classroom_id = st.classroom_id
      join ${classrooms} on classrooms.classroom_id = cs.classroom_id
      join ${people} student on student.public_key = st.student_key
      where st.student_key = ${anyUuid(keys)} and ${liveSessionsIn(range.start, range.end, range.exceptClassroomId)}
      order by cs.start_at, student.full_name`,
  );
}

/** Live sessions in one room (or every room) in [start, end). */
export function busyRooms(
  q: Queryable,
  room: string | undefined,
  range: { start: number; end: number; exceptClassroomId?: string },
) {
  return selectRows<BusyTime>(
    q,
    sql`select cs.session_id, classrooms.classroom_id, classrooms.classroom_name, cs.classroom_number,
        ${epochOf(sql`cs.start_at`)} as start, ${epochOf(sql`cs.end_at`)} as end
      from ${classroomSessions} cs join ${classrooms} on classrooms.classroom_id = cs.classroom_id
      where cs.classroom_number ${room ? sql`= ${room}` : sql`is not null`}
        and ${liveSessionsIn(range.start, range.end, range.exceptClassroomId)}
      order by cs.start_at`,
  );
}
