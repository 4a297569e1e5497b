import {
  type BookingConflict,
  type BookingConflictKind,
  contains,
  formatMessage,
  type Language,
  type MessageKey,
  overlaps,
} from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import * as repo from './booking.repo.ts';
import { formatSpan } from './format.ts';
import { epoch, toDate } from './sql.ts';

export interface BookingTime {
  index: number;
  start: number;
  end: number;
  availableTimeId?: string | null;
}

export interface BookingRequest {
  teacherKey: string;
  teacherName: string;
  studentKeys: readonly string[];
  room: string | null | undefined;
  times: readonly BookingTime[];
  /** Sessions being moved: they do not clash with themselves. */
  excludeSessionIds?: readonly string[];
  /** Only check these kinds (default: all). */
  kinds?: readonly BookingConflictKind[];
}

export interface FoundConflict extends Omit<BookingConflict, 'message'> {
  key: MessageKey;
  values: Record<string, string | number>;
}

export interface BookingCheck {
  conflicts: FoundConflict[];
  /** The available time each requested time lies in (by request index). */
  slotOf: Map<number, string>;
}

const blank = {
  studentPublicKey: null,
  studentName: null,
  classroomNumber: null,
  classroomId: null,
  classroomName: null,
  sessionId: null,
};

/**
 * Every reason the requested times can not be booked (DESIGN §7): overlapping each other, outside
 * the teacher's available times, clashing with a live session of the teacher, of a student or of
 * the room. Called under the booking locks when writing, without them for a preview.
 */
export async function findConflicts(
  q: Queryable,
  request: BookingRequest,
  timeZone: string,
): Promise<BookingCheck> {
  const kinds = new Set<BookingConflictKind>(
    request.kinds ?? ['request', 'availability', 'teacher', 'student', 'room'],
  );
  const times = [...request.times];
  const exclude = request.excludeSessionIds ?? [];
  const conflicts: FoundConflict[] = [];
  const span = (start: Date | string | number, end: Date | string | number) =>
    formatSpan(toDate(epoch(start)), toDate(epoch(end)), timeZone);
  const slotOf = new Map<number, string>();
  if (!times.length) return { conflicts, slotOf };

  if (kinds.has('request')) {
    const sorted = [...times].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1]!;
      const current = sorted[i]!;
      if (overlaps(previous, current)) {
        conflicts.push({
          kind: 'request',
          index: current.index,
          key: 'conflictRequest',
          values: { time: span(current.start, current.end), other: span(previous.start, previous.end) },
          start: current.start,
          end: current.end,
          ...blank,
        });
      }
    }
  }

  if (kinds.has('availability')) {
    const from = Math.min(...times.map((t) => t.start));
    const to = Math.max(...times.map((t) => t.end));
    const slots = (await repo.activeSlots(q, request.teacherKey, from, to)).map((s) => ({
      id: s.available_time_id,
      start: epoch(s.start_at),
      end: epoch(s.end_at),
    }));
    for (const time of times) {
      const slot = time.availableTimeId
        ? slots.find((s) => s.id === time.availableTimeId && contains(s, time))
        : slots.find((s) => contains(s, time));
      if (slot) {
        slotOf.set(time.index, slot.id);
      } else {
        conflicts.push({
          kind: 'availability',
          index: time.index,
          key: 'conflictAvailability',
          values: { time: span(time.start, time.end), teacher: request.teacherName },
          start: time.start,
          end: time.end,
          ...blank,
        });
      }
    }
  }

  if (kinds.has('teacher')) {
    for (const row of await repo.teacherClashes(q, request.teacherKey, times, exclude)) {
      conflicts.push({
        kind: 'teacher',
        index: row.i,
        key: 'conflictTeacher',
        values: {
          teacher: request.teacherName,
          classroom: row.classroom_name,
          time: span(row.start_at, row.end_at),
        },
        start: epoch(row.start_at),
        end: epoch(row.end_at),
        ...blank,
        classroomId: row.classroom_id,
        classroomName: row.classroom_name,
        sessionId: row.session_id,
      });
    }
  }

  if (kinds.has('student')) {
    for (const row of await repo.studentClashes(q, request.studentKeys, times, exclude)) {
      conflicts.push({
        kind: 'student',
        index: row.i,
        key: 'conflictStudent',
        values: {
          student: row.student_name ?? '',
          classroom: row.classroom_name,
          time: span(row.start_at, row.end_at),
        },
        start: epoch(row.start_at),
        end: epoch(row.end_at),
        ...blank,
        studentPublicKey: row.student_key ?? null,
        studentName: row.student_name ?? null,
        classroomId: row.classroom_id,
        classroomName: row.classroom_name,
        sessionId: row.session_id,
      });
    }
  }

  if (kinds.has('room') && request.room) {
    for (const row of await repo.roomClashes(q, request.room, times, exclude)) {
      conflicts.push({
        kind: 'room',
        index: row.i,
        key: 'conflictRoom',
        values: { room: request.room, classroom: row.classroom_name, time: span(row.start_at, row.end_at) },
        start: epoch(row.start_at),
        end: epoch(row.end_at),
        ...blank,
        classroomNumber: request.room,
        classroomId: row.classroom_id,
        classroomName: row.classroom_name,
        sessionId: row.session_id,
      });
    }
  }

  conflicts.sort((a, b) => a.index - b.index);
  return { conflicts, slotOf };
}

export function describeConflict(conflict: FoundConflict, language: Language): BookingConflict {
  const { key, values, ...rest } = conflict;
  return { ...rest, message: formatMessage(language, key, values) };
}

const MAX_DETAILS = 50;

/**
 * Refuses with CONFLICT (HTTP 409), naming every clash: the message is the first one (and how many
 * more), `details` lists each against the requested time (`times.<index>`).
 */
export function throwIfConflicts(
  conflicts: readonly FoundConflict[],
  language: Language,
  fieldPrefix = 'times',
): void {
  if (!conflicts.length) return;
  const first = formatMessage(language, conflicts[0]!.key, conflicts[0]!.values);
  throw new AppError('CONFLICT', {
    text:
      conflicts.length === 1
        ? { key: conflicts[0]!.key, values: conflicts[0]!.values }
        : { key: 'conflictsMore', values: { first, count: conflicts.length - 1 } },
    fields: conflicts
      .slice(0, MAX_DETAILS)
      .map((c) => ({ field: `${fieldPrefix}.${c.index}`, key: c.key, values: c.values })),
  });
}

/** Takes the booking locks in the one global order: teachers, then students, then rooms. */
export async function lockForBooking(
  q: Queryable,
  keys: {
    teachers: readonly string[];
    students?: readonly string[];
    rooms?: readonly (string | null | undefined)[];
  },
): Promise<Map<string, string>> {
  const timetables = await repo.lockTeachers(q, keys.teachers);
  await repo.lockStudents(q, keys.students ?? []);
  await repo.lockRooms(q, keys.rooms ?? []);
  return timetables;
}
