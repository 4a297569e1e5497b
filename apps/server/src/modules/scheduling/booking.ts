import { type BookingConflictKind, contains, type MessageKey, overlaps } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import * as repo from './booking.repo.ts';
import { formatSpan } from './format.ts';

export interface BookingTime {
  index: number;
  start: number;
  end: number;
  availableTimeId?: string | null;
  /** This time's own students and room (a move of several classes' sessions); the request's otherwise. */
  studentKeys?: readonly string[];
  room?: string | null;
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

/** One clash, said as a message key and its values (the response layer puts it in the caller's language). */
export interface FoundConflict {
  kind: BookingConflictKind;
  /** The index of the requested time that clashes. */
  index: number;
  key: MessageKey;
  values: Record<string, string | number>;
  start: number;
  end: number;
  studentPublicKey: string | null;
  studentName: string | null;
  classroomNumber: string | null;
  classroomId: string | null;
  classroomName: string | null;
  sessionId: string | null;
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

/** A conflict of a requested time with no stored session behind it (outside availability, overlapping another request). */
export function requestConflict(
  time: { index: number; start: number; end: number },
  kind: 'request' | 'availability',
  key: MessageKey,
  values: Record<string, string | number>,
): FoundConflict {
  return { kind, index: time.index, key, values, start: time.start, end: time.end, ...blank };
}

/**
 * The times of one request that overlap an earlier one of the same request (by start), each with the
 * time before it: the one overlap check of requested times, for sessions and available times alike.
 */
export function overlapsWithinRequest<T extends { start: number; end: number }>(times: readonly T[]) {
  const sorted = [...times].sort((a, b) => a.start - b.start);
  return sorted
    .slice(1)
    .flatMap((time, i) => (overlaps(sorted[i]!, time) ? [{ time, other: sorted[i]! }] : []));
}

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
  const times = request.times;
  const exclude = request.excludeSessionIds ?? [];
  const conflicts: FoundConflict[] = [];
  const span = (t: { start: number; end: number }) => formatSpan(t.start, t.end, timeZone);
  const slotOf = new Map<number, string>();
  if (!times.length) return { conflicts, slotOf };

  if (kinds.has('request')) {
    for (const { time, other } of overlapsWithinRequest(times)) {
      conflicts.push(
        requestConflict(time, 'request', 'conflictRequest', { time: span(time), other: span(other) }),
      );
    }
  }

  if (kinds.has('availability')) {
    const from = Math.min(...times.map((t) => t.start));
    const to = Math.max(...times.map((t) => t.end));
    const slots = await repo.activeSlots(q, request.teacherKey, from, to);
    for (const time of times) {
      const slot = slots.find(
        (s) => (!time.availableTimeId || s.availableTimeId === time.availableTimeId) && contains(s, time),
      );
      if (slot) slotOf.set(time.index, slot.availableTimeId);
      else {
        conflicts.push(
          requestConflict(time, 'availability', 'conflictAvailability', {
            time: span(time),
            teacher: request.teacherName,
          }),
        );
      }
    }
  }

  const clash = (row: repo.ClashRow) => ({
    index: row.i,
    start: row.start,
    end: row.end,
    ...blank,
    classroomId: row.classroomId,
    classroomName: row.classroomName,
    sessionId: row.sessionId,
  });

  if (kinds.has('teacher')) {
    for (const row of await repo.teacherClashes(q, request.teacherKey, times, exclude)) {
      conflicts.push({
        ...clash(row),
        kind: 'teacher',
        key: 'conflictTeacher',
        values: { teacher: request.teacherName, classroom: row.classroomName, time: span(row) },
      });
    }
  }

  const studentPairs = times.flatMap((t) =>
    (t.studentKeys ?? request.studentKeys).map((key) => ({ index: t.index, start: t.start, end: t.end, key })),
  );
  if (kinds.has('student') && studentPairs.length) {
    for (const row of await repo.studentClashes(q, studentPairs, exclude)) {
      conflicts.push({
        ...clash(row),
        kind: 'student',
        key: 'conflictStudent',
        values: { student: row.studentName, classroom: row.classroomName, time: span(row) },
        studentPublicKey: row.studentKey,
        studentName: row.studentName,
      });
    }
  }

  const roomPairs = times.flatMap((t) => {
    const room = t.room !== undefined ? t.room : request.room;
    return room ? [{ index: t.index, start: t.start, end: t.end, key: room }] : [];
  });
  if (kinds.has('room') && roomPairs.length) {
    for (const row of await repo.roomClashes(q, roomPairs, exclude)) {
      conflicts.push({
        ...clash(row),
        kind: 'room',
        key: 'conflictRoom',
        values: { room: row.room, classroom: row.classroomName, time: span(row) },
        classroomNumber: row.room,
      });
    }
  }

  conflicts.sort((a, b) => a.index - b.index);
  return { conflicts, slotOf };
}

const MAX_DETAILS = 50;

/**
 * Refuses with CONFLICT (HTTP 409), naming every clash: the message is the first one (and how many
 * more), `details` lists each against the requested time (`<fieldPrefix>.<index>`).
 */
export function throwIfConflicts(conflicts: readonly FoundConflict[], fieldPrefix = 'times'): void {
  if (!conflicts.length) return;
  const [first] = conflicts as [FoundConflict];
  throw new AppError('CONFLICT', {
    text:
      conflicts.length === 1
        ? { key: first.key, values: first.values }
        : {
            key: 'conflictsMore',
            values: {
              first: { text: { key: first.key, values: first.values } },
              count: conflicts.length - 1,
            },
          },
    fields: conflicts
      .slice(0, MAX_DETAILS)
      .map((c) => ({ field: `${fieldPrefix}.${c.index}`, key: c.key, values: c.values })),
  });
}

/**
 * Takes the booking locks in the one global order (docs/decisions.md "No double booking"): teachers,
 * then students, then rooms. Answers each teacher's timetable id.
 */
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
