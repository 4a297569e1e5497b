import { eq, type SQL, sql } from 'drizzle-orm';
import { MAX_TIME_HOURS } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import {
  availableTimes,
  classrooms,
  classroomSessions,
  teacherTimetables,
} from '../../db/schema/scheduling.ts';
import { anyUuid, arrayOf, epochOf, overlaps, selectRow, selectRows, timestampOf } from '../../db/sql.ts';
import { fromEpoch } from '../../lib/time.ts';
import { people } from '../users/users.module.ts';
import { waitingForRecordsSql } from './classes-list.repo.ts';

const maxLength = sql.raw(`interval '${MAX_TIME_HOURS} hours'`);

/** Touching [start, end): overlapping it, starting at most the longest time before it (an index range scan). */
const touching = (startColumn: SQL, endColumn: SQL, start: number, end: number) =>
  sql`${overlaps(startColumn, endColumn, timestampOf(start), timestampOf(end))} and ${startColumn} > ${timestampOf(start)} - ${maxLength}`;

export interface TeacherRow {
  publicKey: string;
  fullName: string;
  teacherTimeTableId: string | null;
  lessonNames: string[] | null;
}

/** Where a page of teachers starts (issue 30): after this teacher, in the order of names then keys. */
export interface TeacherCursor {
  publicKey: string;
  fullName: string;
}

/** A teacher named as a page's cursor: one of any status (a teacher disabled since still marks the place). */
export function teacherCursor(q: Queryable, publicKey: string) {
  return selectRow<TeacherCursor>(
    q,
    sql`select public_key, full_name from ${people} where public_key = ${publicKey} and role = 'Teacher'`,
  );
}

/**
 * Active teachers with their timetable (if any), narrowed by keys and by lesson names offered;
 * with a page, at most `limit` of them after the cursor.
 */
export function teachers(
  q: Queryable,
  filter: { teacherKeys?: readonly string[]; lessonNames?: readonly string[] },
  page: { limit?: number; after?: TeacherCursor } = {},
) {
  const conditions: SQL[] = [sql`teacher.role = 'Teacher'`, sql`teacher.status = 'active'`];
  if (filter.teacherKeys) conditions.push(sql`teacher.public_key = ${anyUuid(filter.teacherKeys)}`);
  if (filter.lessonNames?.length)
    conditions.push(sql`t.lesson_names && ${arrayOf(filter.lessonNames, 'text')}`);
  if (page.after)
    conditions.push(
      sql`(teacher.full_name, teacher.public_key) > (${page.after.fullName}, ${page.after.publicKey}::uuid)`,
    );
  return selectRows<TeacherRow>(
    q,
    sql`select teacher.public_key, teacher.full_name, t.teacher_time_table_id, t.lesson_names
      from ${people} teacher left join ${teacherTimetables} t on t.teacher_key = teacher.public_key
      where ${sql.join(conditions, sql` and `)}
      order by teacher.full_name, teacher.public_key${page.limit ? sql` limit ${page.limit}` : sql``}`,
  );
}

export interface SlotRow {
  availableTimeId: string;
  teacherKey: string;
  start: number;
  end: number;
  state: string;
  seriesId: string | null;
}

const slotColumns = sql`available_time_id, teacher_key, ${epochOf(sql`start_at`)} as start, ${epochOf(sql`end_at`)} as end, state, series_id`;

/** Slots of these teachers (or of all, with null) touching [start, end). */
export function slotsInRange(
  q: Queryable,
  teacherKeys: readonly string[] | null,
  start: number,
  end: number,
) {
  return selectRows<SlotRow>(
    q,
    sql`select ${slotColumns} from ${availableTimes}
      where ${touching(sql`start_at`, sql`end_at`, start, end)}
        ${teacherKeys ? sql`and teacher_key = ${anyUuid(teacherKeys)}` : sql``}
      order by start_at`,
  );
}

export function slotById(q: Queryable, id: string, lock = false) {
  return selectRow<SlotRow>(
    q,
    sql`select ${slotColumns} from ${availableTimes} where available_time_id = ${id}${lock ? sql` for update` : sql``}`,
  );
}

/** The slot and, when asked, the later slots of its weekly series. */
export async function targetSlots(q: Queryable, slot: SlotRow, following: boolean) {
  if (!following || !slot.seriesId) return [slot];
  return selectRows<SlotRow>(
    q,
    sql`select ${slotColumns} from ${availableTimes}
      where series_id = ${slot.seriesId} and start_at >= ${timestampOf(slot.start)} order by start_at`,
  );
}

export async function insertSlots(
  q: Queryable,
  slots: readonly {
    teacherTimeTableId: string;
    teacherKey: string;
    start: number;
    end: number;
    seriesId: string | null;
  }[],
) {
  if (!slots.length) return [];
  return q
    .insert(availableTimes)
    .values(
      slots.map(({ start, end, ...slot }) => ({ ...slot, startAt: fromEpoch(start), endAt: fromEpoch(end) })),
    )
    .returning();
}

export async function setSlotsState(q: Queryable, ids: readonly string[], state: 'Active' | 'Cancel') {
  await q
    .update(availableTimes)
    .set({ state })
    .where(sql`${availableTimes.availableTimeId} = ${anyUuid(ids)}`);
}

export async function moveSlot(q: Queryable, id: string, start: number, end: number) {
  await q
    .update(availableTimes)
    .set({ startAt: fromEpoch(start), endAt: fromEpoch(end) })
    .where(eq(availableTimes.availableTimeId, id));
}

export async function deleteSlots(q: Queryable, ids: readonly string[]) {
  await q.delete(availableTimes).where(sql`${availableTimes.availableTimeId} = ${anyUuid(ids)}`);
}

export async function setLessonNames(q: Queryable, teacherKey: string, lessonNames: readonly string[]) {
  await q
    .update(teacherTimetables)
    .set({ lessonNames: [...lessonNames] })
    .where(eq(teacherTimetables.teacherKey, teacherKey));
}

export interface SlotSessionRow {
  sessionId: string;
  classroomId: string;
  classroomName: string;
  classroomNumber: string | null;
  availableTimeId: string | null;
  start: number;
  end: number;
  state: string;
  waitingForRecords: boolean;
}

const sessionColumns = sql`cs.session_id, cs.classroom_id, classrooms.classroom_name, cs.classroom_number, cs.available_time_id,
  ${epochOf(sql`cs.start_at`)} as start, ${epochOf(sql`cs.end_at`)} as end, cs.state,
  ${waitingForRecordsSql} as waiting_for_records`;
const live = sql`cs.state <> 'canceled' and classrooms.state <> 'Deleted'`;

/** The live sessions (not cancelled, class not disabled) in the given slots. */
export function liveSessionsOfSlots(q: Queryable, slotIds: readonly string[]) {
  return selectRows<SlotSessionRow>(
    q,
    sql`select ${sessionColumns} from ${classroomSessions} cs join ${classrooms} on classrooms.classroom_id = cs.classroom_id
      where cs.available_time_id = ${anyUuid(slotIds)} and ${live}
      order by cs.start_at`,
  );
}

/** Live sessions booked in slots of these teachers (or of all) touching [start, end): one query for a whole calendar. */
export function liveSessionsInRange(
  q: Queryable,
  teacherKeys: readonly string[] | null,
  start: number,
  end: number,
) {
  return selectRows<SlotSessionRow>(
    q,
    sql`select ${sessionColumns} from ${classroomSessions} cs join ${classrooms} on classrooms.classroom_id = cs.classroom_id
      where cs.available_time_id is not null and ${live} and ${touching(sql`cs.start_at`, sql`cs.end_at`, start, end)}
        ${teacherKeys ? sql`and cs.teacher_key = ${anyUuid(teacherKeys)}` : sql``}
      order by cs.start_at`,
  );
}

/** Student names per classroom, for many classrooms at once. */
export async function studentNamesOf(q: Queryable, classroomIds: readonly string[]) {
  const rows = await selectRows<{ classroomId: string; fullName: string }>(
    q,
    sql`select st.classroom_id, student.full_name from classroom_students st join ${people} student on student.public_key = st.student_key
      where st.classroom_id = ${anyUuid([...new Set(classroomIds)])} order by student.full_name`,
  );
  const names = new Map<string, string[]>();
  for (const row of rows) names.set(row.classroomId, [...(names.get(row.classroomId) ?? []), row.fullName]);
  return names;
}
