import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { MAX_TIME_HOURS } from '@tutoria/shared';
import { availableTimes } from '../../db/schema/index.ts';
import { inList, rowsOf } from './sql.ts';

const maxLength = sql.raw(`interval '${MAX_TIME_HOURS} hours'`);
const ts = (seconds: number) => sql`to_timestamp(${seconds}::float8)`;

export interface TeacherRow {
  public_key: string;
  full_name: string;
  teacher_time_table_id: string | null;
  lesson_names: string[] | null;
}

/** Active teachers with their timetable (if any), narrowed by keys and by lesson names offered. */
export async function teachers(
  q: Queryable,
  filter: { teacherKeys?: readonly string[]; lessonNames?: readonly string[] },
) {
  const conditions: SQL[] = [sql`u.role = 'Teacher'`, sql`u.status = 'active'`];
  if (filter.teacherKeys) {
    if (!filter.teacherKeys.length) return [];
    conditions.push(sql`u.public_key in (${inList(filter.teacherKeys)})`);
  }
  if (filter.lessonNames?.length) {
    conditions.push(sql`t.lesson_names && array[${inList(filter.lessonNames)}]::text[]`);
  }
  return rowsOf<TeacherRow>(
    q,
    sql`select u.public_key, u.full_name, t.teacher_time_table_id, t.lesson_names
      from users u left join teacher_timetables t on t.teacher_key = u.public_key
      where ${sql.join(conditions, sql` and `)}
      order by u.full_name, u.public_key`,
  );
}

export interface SlotRow {
  available_time_id: string;
  teacher_time_table_id: string;
  teacher_key: string;
  start_at: Date | string;
  end_at: Date | string;
  state: string;
  series_id: string | null;
}

const slotColumns = sql`available_time_id, teacher_time_table_id, teacher_key, start_at, end_at, state, series_id`;

export async function slotsInRange(
  q: Queryable,
  teacherKeys: readonly string[] | null,
  start: number,
  end: number,
) {
  if (teacherKeys && !teacherKeys.length) return [];
  return rowsOf<SlotRow>(
    q,
    sql`select ${slotColumns} from available_times
      where start_at < ${ts(end)} and end_at > ${ts(start)} and start_at > ${ts(start)} - ${maxLength}
      ${teacherKeys ? sql`and teacher_key in (${inList(teacherKeys)})` : sql``}
      order by start_at`,
  );
}

export async function slotById(q: Queryable, id: string, lock = false) {
  const [row] = await rowsOf<SlotRow>(
    q,
    sql`select ${slotColumns} from available_times where available_time_id = ${id}${lock ? sql` for update` : sql``}`,
  );
  return row;
}

/** The slot and, when asked, the later slots of its weekly series. */
export async function targetSlots(q: Queryable, slot: SlotRow, following: boolean) {
  if (!following || !slot.series_id) return [slot];
  return rowsOf<SlotRow>(
    q,
    sql`select ${slotColumns} from available_times
      where series_id = ${slot.series_id} and start_at >= ${slot.start_at} order by start_at`,
  );
}

/** Active slots of a teacher overlapping any of the intervals (other than the excluded ones). */
export async function overlappingSlots(
  q: Queryable,
  teacherKey: string,
  intervals: readonly { index: number; start: number; end: number }[],
  excludeIds: readonly string[] = [],
) {
  if (!intervals.length) return [];
  const values = sql.join(
    intervals.map((p) => sql`(${p.index}::int, ${ts(p.start)}, ${ts(p.end)})`),
    sql`, `,
  );
  return rowsOf<SlotRow & { i: number }>(
    q,
    sql`select r.i, a.available_time_id, a.teacher_time_table_id, a.teacher_key, a.start_at, a.end_at, a.state, a.series_id
      from (values ${values}) as r(i, s, e)
      join available_times a on a.teacher_key = ${teacherKey} and a.state = 'Active'
        and a.start_at < r.e and a.end_at > r.s and a.start_at > r.s - ${maxLength}
      ${excludeIds.length ? sql`where a.available_time_id not in (${inList(excludeIds)})` : sql``}
      order by r.i`,
  );
}

export async function insertSlots(q: Queryable, rows: (typeof availableTimes.$inferInsert)[]) {
  if (!rows.length) return [];
  return q.insert(availableTimes).values(rows).returning();
}

export async function setSlotsState(q: Queryable, ids: readonly string[], state: 'Active' | 'Cancel') {
  if (!ids.length) return;
  await q.execute(
    sql`update available_times set state = ${state} where available_time_id in (${inList(ids)})`,
  );
}

export async function moveSlot(q: Queryable, id: string, start: number, end: number) {
  await q.execute(
    sql`update available_times set start_at = ${ts(start)}, end_at = ${ts(end)} where available_time_id = ${id}`,
  );
}

export async function deleteSlots(q: Queryable, ids: readonly string[]) {
  if (!ids.length) return;
  await q.execute(sql`delete from available_times where available_time_id in (${inList(ids)})`);
}

export async function setLessonNames(q: Queryable, teacherKey: string, lessonNames: readonly string[]) {
  await q.execute(
    sql`update teacher_timetables set lesson_names = array[${lessonNames.length ? inList(lessonNames) : sql``}]::text[] where teacher_key = ${teacherKey}`,
  );
}

export interface SlotSessionRow {
  session_id: string;
  classroom_id: string;
  classroom_name: string;
  classroom_number: string | null;
  classroom_state: string;
  available_time_id: string | null;
  teacher_key: string;
  start_at: Date | string;
  end_at: Date | string;
  state: string;
  confirmation: string;
}

const sessionColumns = sql`cs.session_id, cs.classroom_id, c.classroom_name, cs.classroom_number, c.state as classroom_state,
  cs.available_time_id, cs.teacher_key, cs.start_at, cs.end_at, cs.state, cs.confirmation`;

/** The live sessions (not cancelled, class not disabled) in the given slots. */
export async function liveSessionsOfSlots(q: Queryable, slotIds: readonly string[]) {
  if (!slotIds.length) return [];
  return rowsOf<SlotSessionRow>(
    q,
    sql`select ${sessionColumns} from classroom_sessions cs join classrooms c on c.classroom_id = cs.classroom_id
      where cs.available_time_id in (${inList(slotIds)}) and cs.state <> 'canceled' and c.state <> 'Deleted'
      order by cs.start_at`,
  );
}

/** Live sessions booked in slots of these teachers touching [start, end): one query for a whole calendar. */
export async function liveSessionsInRange(
  q: Queryable,
  teacherKeys: readonly string[] | null,
  start: number,
  end: number,
) {
  if (teacherKeys && !teacherKeys.length) return [];
  return rowsOf<SlotSessionRow>(
    q,
    sql`select ${sessionColumns} from classroom_sessions cs join classrooms c on c.classroom_id = cs.classroom_id
      where cs.available_time_id is not null and cs.state <> 'canceled' and c.state <> 'Deleted'
        and cs.start_at < ${ts(end)} and cs.end_at > ${ts(start)} and cs.start_at > ${ts(start)} - ${maxLength}
        ${teacherKeys ? sql`and cs.teacher_key in (${inList(teacherKeys)})` : sql``}
      order by cs.start_at`,
  );
}

/** Student names per classroom, for many classrooms at once. */
export async function studentNamesOf(q: Queryable, classroomIds: readonly string[]) {
  const map = new Map<string, string[]>();
  if (!classroomIds.length) return map;
  const rows = await rowsOf<{ classroom_id: string; full_name: string }>(
    q,
    sql`select st.classroom_id, u.full_name from classroom_students st join users u on u.public_key = st.student_key
      where st.classroom_id in (${inList([...new Set(classroomIds)])}) order by u.full_name`,
  );
  for (const row of rows) map.set(row.classroom_id, [...(map.get(row.classroom_id) ?? []), row.full_name]);
  return map;
}

/** Student keys per classroom. */
export async function studentKeysOf(q: Queryable, classroomIds: readonly string[]) {
  const map = new Map<string, string[]>();
  if (!classroomIds.length) return map;
  const rows = await rowsOf<{ classroom_id: string; student_key: string }>(
    q,
    sql`select classroom_id, student_key from classroom_students where classroom_id in (${inList([...new Set(classroomIds)])})`,
  );
  for (const row of rows) map.set(row.classroom_id, [...(map.get(row.classroom_id) ?? []), row.student_key]);
  return map;
}
