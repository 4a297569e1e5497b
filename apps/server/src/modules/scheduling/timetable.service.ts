import { randomUUID } from 'node:crypto';
import {
  type AddAvailableTimesBody,
  type AvailableTime,
  type cancelTimeBody,
  contains,
  type editSlotTimeBody,
  type editTimeTableBody,
  MAX_TIMES_PER_REQUEST,
  type MessageKey,
  weeklySeries,
} from '@tutoria/shared';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import {
  findConflicts,
  type FoundConflict,
  lockForBooking,
  overlapsWithinRequest,
  requestConflict,
  throwIfConflicts,
} from './booking.ts';
import * as bookingRepo from './booking.repo.ts';
import * as classesRepo from './classes.repo.ts';
import { formatSpan } from './format.ts';
import { activeTeacher } from './people.ts';
import type { SchedulingEvents } from './scheduling.events.ts';
import { changeFlags, timetableTarget } from './acting-side.ts';
import * as sessionsRepo from './sessions.repo.ts';
import * as repo from './timetable.repo.ts';
import { toTeacherTimetables } from './views.ts';

type CancelBody = z.output<typeof cancelTimeBody>;

/** A page of teachers (issue 30): at most `limit`, after the teacher whose key is `after`. */
interface TeacherPage {
  limit?: number;
  after?: string;
}

export type TimetableService = ReturnType<typeof createTimetableService>;

const nowSeconds = () => toEpoch(new Date());

/** Available times with their sessions (SPEC §3 Teacher timetable, DESIGN §7 Timetable). */
export function createTimetableService({ db, config, transaction }: ModuleContext, events: SchedulingEvents) {
  const span = (t: { start: number; end: number }) => formatSpan(t.start, t.end, config.timeZone);

  /**
   * Four queries for any range: teachers, slots, live sessions, their students' names. With a page
   * (issue 30) the slots and sessions are those of the page's teachers only (their key indexes).
   */
  async function view(
    q: Queryable,
    range: { start: number; end: number },
    filter: { teacherKeys?: readonly string[]; lessonNames?: readonly string[] },
    page: TeacherPage = {},
  ) {
    const after = page.after ? await cursorOf(q, page.after) : undefined;
    const teachers = await repo.teachers(q, filter, { limit: page.limit, after });
    const paged = page.limit !== undefined || after !== undefined;
    const narrowed =
      paged || filter.teacherKeys || filter.lessonNames?.length ? teachers.map((t) => t.publicKey) : null;
    const [slots, sessions] = await Promise.all([
      repo.slotsInRange(q, narrowed, range.start, range.end),
      repo.liveSessionsInRange(q, narrowed, range.start, range.end),
    ]);
    const names = await repo.studentNamesOf(
      q,
      sessions.map((s) => s.classroomId),
    );
    return toTeacherTimetables(teachers, slots, sessions, names, nowSeconds());
  }

  /** The teacher a page starts after: a key that names no teacher is a query that can not be used. */
  async function cursorOf(q: Queryable, key: string) {
    const cursor = await repo.teacherCursor(q, key);
    if (!cursor)
      throw new AppError('INVALID_QUERY', { text: { key: 'listOperandInvalid', values: { column: 'after' } } });
    return cursor;
  }

  /** The slot a caller may change: another teacher's answers as if it did not exist. */
  async function ownedSlot(user: SessionUser, id: string) {
    const slot = await repo.slotById(db, id);
    if (!slot) throw notFound();
    timetableTarget(user, slot.teacherKey);
    return slot;
  }

  const slotConflict = (key: MessageKey, session: repo.SlotSessionRow) =>
    new AppError('CONFLICT', {
      text: { key, values: { classroom: session.classroomName, time: span(session) } },
    });

  /** Cancels or removes slot(s); their future sessions must be cancelled in the same action (cancelSessions). */
  async function freeSlots(user: SessionUser, body: CancelBody, mode: 'cancel' | 'remove') {
    const slot = await ownedSlot(user, body.availableTimeId);
    const now = nowSeconds();
    return transaction(async (tx) => {
      await lockForBooking(tx, { teachers: [slot.teacherKey] });
      const current = await repo.slotById(tx, slot.availableTimeId);
      if (!current) throw notFound();
      const ids = (await repo.targetSlots(tx, current, body.following)).map((t) => t.availableTimeId);
      const sessions = await repo.liveSessionsOfSlots(tx, ids);
      const past = sessions.filter((s) => s.start <= now);
      const future = sessions.filter((s) => s.start > now);
      if (mode === 'remove' && past.length) throw slotConflict('slotHasHistory', past[0]!);
      if (future.length && !body.cancelSessions) throw slotConflict('slotInUse', future[0]!);
      await sessionsRepo.cancelSessions(
        tx,
        future.map((s) => s.sessionId),
        changeFlags(user),
      );
      await sessionsRepo.refreshSpans(
        tx,
        future.map((s) => s.classroomId),
      );
      if (mode === 'cancel') await repo.setSlotsState(tx, ids, 'Cancel');
      else await repo.deleteSlots(tx, ids);
      await events.timetableChanged(
        tx,
        user,
        slot.teacherKey,
        mode === 'cancel' ? 'cancelled' : 'removed',
        ids,
      );
      await events.sessionsChanged(tx, user, 'cancelled', future);
      return { availableTimeIds: ids, sessionIds: future.map((s) => s.sessionId) };
    });
  }

  /**
   * Sessions moving with their slot: under the locks of their students and rooms (the teacher's is
   * held), clashing with no other live session of the teacher, a student or the room.
   */
  async function checkMoves(
    tx: Queryable,
    teacherKey: string,
    moves: readonly { session: repo.SlotSessionRow; start: number; end: number }[],
  ) {
    const classroomIds = [...new Set(moves.map((m) => m.session.classroomId))];
    const students = await classesRepo.studentKeysOf(tx, classroomIds);
    await lockForBooking(tx, {
      teachers: [],
      students: [...students.values()].flat(),
      rooms: moves.map((m) => m.session.classroomNumber),
    });
    const teacher = await activeTeacher(tx, teacherKey, 'teacherPublicKey');
    const exclude = moves.map((m) => m.session.sessionId);
    // One check for every class's moves, each time against its own class's students and room
    // (the room of the class's first move); clashes said class by class, as the moves list them.
    const firstMove = new Map(classroomIds.map((id) => [id, moves.find((m) => m.session.classroomId === id)!]));
    const check = await findConflicts(
      tx,
      {
        teacherKey,
        teacherName: teacher.fullName,
        studentKeys: [],
        room: null,
        times: moves.map((m, index) => ({
          index,
          start: m.start,
          end: m.end,
          studentKeys: students.get(m.session.classroomId) ?? [],
          room: firstMove.get(m.session.classroomId)!.session.classroomNumber,
        })),
        excludeSessionIds: exclude,
        kinds: ['teacher', 'student', 'room'],
      },
      config.timeZone,
    );
    const rank = (c: FoundConflict) => classroomIds.indexOf(moves[c.index]!.session.classroomId);
    const conflicts = [...check.conflicts].sort((a, b) => rank(a) - rank(b));
    throwIfConflicts(conflicts, 'sessions');
  }

  return {
    forAdmin({ limit, after, ...range }: { start: number; end: number; lessonNames?: string[] } & TeacherPage) {
      return view(db, range, { lessonNames: range.lessonNames }, { limit, after });
    },

    forTeacher(user: SessionUser, range: { start: number; end: number; lessonNames?: string[] }) {
      return view(db, range, { teacherKeys: [user.publicKey], lessonNames: range.lessonNames });
    },

    filtered({
      limit,
      after,
      ...body
    }: { start: number; end: number; lessonNames?: string[]; teachersPublicKey?: string[] } & TeacherPage) {
      return view(
        db,
        body,
        {
          teacherKeys: body.teachersPublicKey?.length ? body.teachersPublicKey : undefined,
          lessonNames: body.lessonNames,
        },
        { limit, after },
      );
    },

    /** Every active teacher without their week: the schedule's teacher filter (issue 30). */
    async teachers() {
      const rows = await repo.teachers(db, {});
      return rows.map((t) => ({
        teacherPublicKey: t.publicKey,
        teacherName: t.fullName,
        lessonNames: t.lessonNames ?? [],
      }));
    },

    /** One-off or weekly until a date; never overlapping another Active time of the teacher. */
    async add(user: SessionUser, body: AddAvailableTimesBody): Promise<AvailableTime[]> {
      const teacherKey = timetableTarget(user, body.teacherPublicKey);
      const teacher = await activeTeacher(db, teacherKey, 'teacherPublicKey');
      const series = weeklySeries(body.times, body.repeatWeeklyUntil, MAX_TIMES_PER_REQUEST + 1);
      if (series.length > MAX_TIMES_PER_REQUEST) {
        throw new AppError('FAILED_VALIDATION', {
          fields: [{ field: 'repeatWeeklyUntil', key: 'maxValue', values: { max: MAX_TIMES_PER_REQUEST } }],
        });
      }
      const seriesId = series.length > body.times.length ? randomUUID() : null;
      const intervals = series.map((t, index) => ({ index, start: t.start, end: t.end }));
      const overlap = (
        time: (typeof intervals)[number],
        other: { start: number; end: number },
      ): FoundConflict =>
        requestConflict(time, 'availability', 'slotOverlap', {
          teacher: teacher.fullName,
          time: span(other),
        });
      const created = await transaction(async (tx) => {
        const timetables = await lockForBooking(tx, { teachers: [teacherKey] });
        const clashes = overlapsWithinRequest(intervals).map(({ time, other }) => overlap(time, other));
        for (const row of await bookingRepo.overlappingSlots(tx, teacherKey, intervals))
          clashes.push(overlap(intervals[row.i]!, row));
        throwIfConflicts(clashes);
        const slots = await repo.insertSlots(
          tx,
          intervals.map((t) => ({
            teacherTimeTableId: timetables.get(teacherKey)!,
            teacherKey,
            seriesId,
            ...t,
          })),
        );
        await events.timetableChanged(
          tx,
          user,
          teacherKey,
          'added',
          slots.map((s) => s.availableTimeId),
        );
        return slots;
      });
      return created
        .map((s) => ({ ...s, start: toEpoch(s.startAt), end: toEpoch(s.endAt) }))
        .sort((a, b) => a.start - b.start)
        .map((s) => ({
          availableTimeId: s.availableTimeId,
          start: s.start,
          end: s.end,
          state: 'Active' as const,
          hasClassroom: false,
          seriesId: s.seriesId,
          sessions: [],
        }));
    },

    /** Cancels slot(s); future sessions in them must be cancelled in the same action (cancelSessions). */
    cancel: (user: SessionUser, body: CancelBody) => freeSlots(user, body, 'cancel'),

    remove: (user: SessionUser, body: CancelBody) => freeSlots(user, body, 'remove'),

    async editLessonNames(user: SessionUser, body: z.output<typeof editTimeTableBody>) {
      const teacherKey = timetableTarget(user, body.teacherPublicKey);
      await activeTeacher(db, teacherKey, 'teacherPublicKey');
      await transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [teacherKey] });
        await repo.setLessonNames(tx, teacherKey, [...new Set(body.lessonNames)]);
        await events.timetableChanged(tx, user, teacherKey, 'lessonNamesChanged', []);
      });
    },

    /**
     * Moves or resizes a slot. Its live sessions must stay inside; with moveSessions the future ones
     * shift by the change of start, checked for clashes with the teacher, their students and room.
     */
    async editStartOrEnd(user: SessionUser, body: z.output<typeof editSlotTimeBody>) {
      const slot = await ownedSlot(user, body.availableTimeId);
      const now = nowSeconds();
      return transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [slot.teacherKey] });
        const current = await repo.slotById(tx, slot.availableTimeId, true);
        if (!current) throw notFound();
        if (current.state !== 'Active')
          throw new AppError('FAILED_VALIDATION', { text: { key: 'slotCancelled' } });
        const target = { start: body.start, end: body.end };
        const [other] = await bookingRepo.overlappingSlots(
          tx,
          current.teacherKey,
          [{ index: 0, ...target }],
          [current.availableTimeId],
        );
        if (other) {
          const teacher = await activeTeacher(tx, current.teacherKey, 'teacherPublicKey');
          throw new AppError('CONFLICT', {
            text: { key: 'slotOverlap', values: { teacher: teacher.fullName, time: span(other) } },
          });
        }
        const delta = body.start - current.start;
        const moves: { session: repo.SlotSessionRow; start: number; end: number }[] = [];
        for (const s of await repo.liveSessionsOfSlots(tx, [current.availableTimeId])) {
          const past = s.start <= now;
          if (body.moveSessions && !past && delta !== 0) {
            const moved = { start: s.start + delta, end: s.end + delta };
            if (!contains(target, moved)) throw slotConflict('slotInUse', s);
            moves.push({ session: s, ...moved });
          } else if (!contains(target, s)) {
            throw slotConflict(body.moveSessions && past ? 'slotPastSession' : 'slotInUse', s);
          }
        }
        if (moves.length) await checkMoves(tx, current.teacherKey, moves);
        await repo.moveSlot(tx, current.availableTimeId, body.start, body.end);
        await sessionsRepo.moveSessions(
          tx,
          moves.map((m) => ({ sessionId: m.session.sessionId, start: m.start, end: m.end })),
          changeFlags(user),
        );
        await sessionsRepo.refreshSpans(
          tx,
          moves.map((m) => m.session.classroomId),
        );
        await events.timetableChanged(tx, user, current.teacherKey, 'moved', [current.availableTimeId]);
        await events.sessionsChanged(
          tx,
          user,
          'moved',
          moves.map((m) => m.session),
        );
        return {
          availableTimeIds: [current.availableTimeId],
          sessionIds: moves.map((m) => m.session.sessionId),
        };
      });
    },
  };
}
