import { randomUUID } from 'node:crypto';
import {
  type AddAvailableTimesBody,
  type AvailableTime,
  contains,
  type Language,
  MAX_TIMES_PER_REQUEST,
  type TeacherTimeTable,
  weeklySeries,
} from '@tutoria/shared';
import type { z } from 'zod';
import type { cancelTimeBody, editSlotTimeBody, editTimeTableBody } from '@tutoria/shared';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { findConflicts, type FoundConflict, lockForBooking, throwIfConflicts } from './booking.ts';
import * as bookingRepo from './booking.repo.ts';
import { formatSpan } from './format.ts';
import { changeFlags, timetableTarget } from './scope.ts';
import * as sessionsRepo from './sessions.repo.ts';
import { epoch, toDate, withRetry } from './sql.ts';
import * as repo from './timetable.repo.ts';
import { activeTeacher } from './people.ts';

type CancelBody = z.output<typeof cancelTimeBody>;
type EditSlotBody = z.output<typeof editSlotTimeBody>;
type EditTimeTableBody = z.output<typeof editTimeTableBody>;

export type TimetableService = ReturnType<typeof createTimetableService>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Available times with their sessions (SPEC §3 Teacher timetable, DESIGN §7 Timetable). */
export function createTimetableService({ db, config, events }: { db: Db; config: Config; events: EventBus }) {
  /** Records an event and dispatches it (after the change committed). */
  async function publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
    await events.record(db, name, payload);
    events.afterCommit();
  }

  const span = (start: Date | string | number, end: Date | string | number) =>
    formatSpan(toDate(epoch(start)), toDate(epoch(end)), config.timeZone);

  /** Four queries for any range: teachers, slots, live sessions, their students' names. */
  async function view(
    q: Queryable,
    range: { start: number; end: number },
    filter: { teacherKeys?: readonly string[]; lessonNames?: readonly string[] },
  ): Promise<TeacherTimeTable[]> {
    const teachers = await repo.teachers(q, filter);
    const narrowed =
      filter.teacherKeys || filter.lessonNames?.length ? teachers.map((t) => t.public_key) : null;
    const [slots, sessions] = await Promise.all([
      repo.slotsInRange(q, narrowed, range.start, range.end),
      repo.liveSessionsInRange(q, narrowed, range.start, range.end),
    ]);
    const names = await repo.studentNamesOf(
      q,
      sessions.map((s) => s.classroom_id),
    );
    const sessionsBySlot = new Map<string, typeof sessions>();
    for (const s of sessions)
      sessionsBySlot.set(s.available_time_id!, [...(sessionsBySlot.get(s.available_time_id!) ?? []), s]);
    const slotsByTeacher = new Map<string, AvailableTime[]>();
    const now = nowSeconds();
    for (const slot of slots) {
      const inside = sessionsBySlot.get(slot.available_time_id) ?? [];
      const start = epoch(slot.start_at);
      const end = epoch(slot.end_at);
      const booked = inside.reduce((sum, s) => sum + (epoch(s.end_at) - epoch(s.start_at)), 0);
      const state: AvailableTime['state'] =
        slot.state === 'Cancel'
          ? 'Cancel'
          : inside.length && booked >= end - start
            ? 'Full'
            : !inside.length && end <= now
              ? 'Expired'
              : 'Active';
      const item: AvailableTime = {
        availableTimeId: slot.available_time_id,
        start,
        end,
        state,
        hasClassroom: inside.length > 0,
        seriesId: slot.series_id,
        sessions: inside.map((s) => ({
          sessionId: s.session_id,
          classroomId: s.classroom_id,
          classroomName: s.classroom_name,
          classroomNumber: s.classroom_number,
          start: epoch(s.start_at),
          end: epoch(s.end_at),
          state: s.state as AvailableTime['sessions'][number]['state'],
          studentNames: names.get(s.classroom_id) ?? [],
        })),
      };
      slotsByTeacher.set(slot.teacher_key, [...(slotsByTeacher.get(slot.teacher_key) ?? []), item]);
    }
    return teachers.map((t) => ({
      teacherTimeTableId: t.teacher_time_table_id,
      teacherPublicKey: t.public_key,
      teacherName: t.full_name,
      lessonName: t.lesson_names?.[0] ?? null,
      lessonNames: t.lesson_names ?? [],
      availableTimes: slotsByTeacher.get(t.public_key) ?? [],
    }));
  }

  /** The slot a caller may change: another teacher's answers as if it did not exist. */
  async function ownedSlot(q: Queryable, user: SessionUser, id: string) {
    const slot = await repo.slotById(q, id);
    if (!slot) throw notFound();
    timetableTarget(user, slot.teacher_key);
    return slot;
  }

  function slotConflict(key: FoundConflict['key'], session: repo.SlotSessionRow): AppError {
    return new AppError('CONFLICT', {
      text: {
        key,
        values: { classroom: session.classroom_name, time: span(session.start_at, session.end_at) },
      },
    });
  }

  async function emitSessions(
    user: SessionUser,
    people: Awaited<ReturnType<typeof sessionsRepo.peopleOf>>,
    sessions: repo.SlotSessionRow[],
    action: 'moved' | 'cancelled',
  ) {
    const byClass = new Map<string, string[]>();
    for (const s of sessions)
      byClass.set(s.classroom_id, [...(byClass.get(s.classroom_id) ?? []), s.session_id]);
    for (const [classroomId, sessionIds] of byClass) {
      const who = people.get(classroomId);
      await publish('session.changed', {
        classroomId,
        classroomName: who?.name ?? '',
        sessionIds,
        action,
        actorKey: user.publicKey,
        userKeys: who?.userKeys ?? [],
      });
    }
  }

  return {
    async forAdmin(range: { start: number; end: number; lessonNames?: string[] }) {
      return view(db, range, { lessonNames: range.lessonNames });
    },

    async forTeacher(user: SessionUser, range: { start: number; end: number; lessonNames?: string[] }) {
      return view(db, range, { teacherKeys: [user.publicKey], lessonNames: range.lessonNames });
    },

    async filtered(body: {
      start: number;
      end: number;
      lessonNames?: string[];
      teachersPublicKey?: string[];
    }) {
      return view(db, body, {
        teacherKeys: body.teachersPublicKey?.length ? body.teachersPublicKey : undefined,
        lessonNames: body.lessonNames,
      });
    },

    /** One-off or weekly until a date; never overlapping another Active time of the teacher. */
    async add(user: SessionUser, body: AddAvailableTimesBody, language: Language) {
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
      const created = await withRetry(() =>
        db.transaction(async (tx) => {
          const timetables = await lockForBooking(tx, { teachers: [teacherKey] });
          const clashes: FoundConflict[] = [];
          const sorted = [...intervals].sort((a, b) => a.start - b.start);
          for (let i = 1; i < sorted.length; i++) {
            if (sorted[i]!.start < sorted[i - 1]!.end) {
              clashes.push(overlapConflict(sorted[i]!, sorted[i - 1]!.start, sorted[i - 1]!.end));
            }
          }
          for (const row of await repo.overlappingSlots(tx, teacherKey, intervals)) {
            clashes.push(overlapConflict(intervals[row.i]!, row.start_at, row.end_at));
          }
          throwIfConflicts(clashes, language);
          return repo.insertSlots(
            tx,
            intervals.map((t) => ({
              teacherTimeTableId: timetables.get(teacherKey)!,
              teacherKey,
              startAt: toDate(t.start),
              endAt: toDate(t.end),
              seriesId,
            })),
          );
        }),
      );
      await publish('timetable.changed', {
        teacherKey,
        availableTimeIds: created.map((s) => s.availableTimeId),
        action: 'added',
        actorKey: user.publicKey,
      });
      return created
        .sort((a, b) => a.startAt.getTime() - b.startAt.getTime())
        .map((s): AvailableTime => ({
          availableTimeId: s.availableTimeId,
          start: epoch(s.startAt),
          end: epoch(s.endAt),
          state: 'Active',
          hasClassroom: false,
          seriesId: s.seriesId,
          sessions: [],
        }));

      function overlapConflict(
        time: { index: number; start: number; end: number },
        otherStart: Date | string | number,
        otherEnd: Date | string | number,
      ): FoundConflict {
        return {
          kind: 'availability',
          index: time.index,
          key: 'slotOverlap',
          values: { teacher: teacher.fullName, time: span(otherStart, otherEnd) },
          start: time.start,
          end: time.end,
          studentPublicKey: null,
          studentName: null,
          classroomNumber: null,
          classroomId: null,
          classroomName: null,
          sessionId: null,
        };
      }
    },

    /** Cancels slot(s); future sessions in them must be cancelled in the same action (cancelSessions). */
    async cancel(user: SessionUser, body: CancelBody) {
      return freeSlots(user, body, 'cancel');
    },

    async remove(user: SessionUser, body: CancelBody) {
      return freeSlots(user, body, 'remove');
    },

    async editLessonNames(user: SessionUser, body: EditTimeTableBody) {
      const teacherKey = timetableTarget(user, body.teacherPublicKey);
      await activeTeacher(db, teacherKey, 'teacherPublicKey');
      const names = [...new Set(body.lessonNames)];
      await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [teacherKey] });
        await repo.setLessonNames(tx, teacherKey, names);
      });
      await publish('timetable.changed', {
        teacherKey,
        availableTimeIds: [],
        action: 'lessonNamesChanged',
        actorKey: user.publicKey,
      });
    },

    /**
     * Moves or resizes a slot. Its live sessions must stay inside; with moveSessions the future ones
     * shift by the change of start, checked for clashes with the teacher, their students and room.
     */
    async editStartOrEnd(user: SessionUser, body: EditSlotBody, language: Language) {
      const slot = await ownedSlot(db, user, body.availableTimeId);
      const now = nowSeconds();
      const result = await withRetry(() =>
        db.transaction(async (tx) => {
          await lockForBooking(tx, { teachers: [slot.teacher_key] });
          const current = await repo.slotById(tx, slot.available_time_id, true);
          if (!current) throw notFound();
          if (current.state !== 'Active')
            throw new AppError('FAILED_VALIDATION', { text: { key: 'slotCancelled' } });
          const target = { start: body.start, end: body.end };
          const others = await repo.overlappingSlots(
            tx,
            current.teacher_key,
            [{ index: 0, ...target }],
            [current.available_time_id],
          );
          if (others.length) {
            const teacher = await activeTeacher(tx, current.teacher_key, 'teacherPublicKey');
            throw new AppError('CONFLICT', {
              text: {
                key: 'slotOverlap',
                values: { teacher: teacher.fullName, time: span(others[0]!.start_at, others[0]!.end_at) },
              },
            });
          }
          const sessions = await repo.liveSessionsOfSlots(tx, [current.available_time_id]);
          const delta = body.start - epoch(current.start_at);
          const moves: { session: repo.SlotSessionRow; start: number; end: number }[] = [];
          for (const s of sessions) {
            const start = epoch(s.start_at);
            const end = epoch(s.end_at);
            const past = start <= now;
            if (body.moveSessions && !past && delta !== 0) {
              const moved = { start: start + delta, end: end + delta };
              if (!contains(target, moved)) throw slotConflict('slotInUse', s);
              moves.push({ session: s, ...moved });
            } else if (!contains(target, { start, end })) {
              throw slotConflict(body.moveSessions && past ? 'slotPastSession' : 'slotInUse', s);
            }
          }
          if (moves.length) {
            const classroomIds = [...new Set(moves.map((m) => m.session.classroom_id))];
            const students = await repo.studentKeysOf(tx, classroomIds);
            await bookingRepo.lockStudents(tx, [...students.values()].flat());
            await bookingRepo.lockRooms(
              tx,
              moves.map((m) => m.session.classroom_number),
            );
            const teacher = await activeTeacher(tx, current.teacher_key, 'teacherPublicKey');
            const exclude = moves.map((m) => m.session.session_id);
            const conflicts: FoundConflict[] = [];
            for (const classroomId of classroomIds) {
              const group = moves.filter((m) => m.session.classroom_id === classroomId);
              const check = await findConflicts(
                tx,
                {
                  teacherKey: current.teacher_key,
                  teacherName: teacher.fullName,
                  studentKeys: students.get(classroomId) ?? [],
                  room: group[0]!.session.classroom_number,
                  times: group.map((m) => ({ index: moves.indexOf(m), start: m.start, end: m.end })),
                  excludeSessionIds: exclude,
                  kinds: ['teacher', 'student', 'room'],
                },
                config.timeZone,
              );
              conflicts.push(...check.conflicts);
            }
            throwIfConflicts(conflicts, language, 'sessions');
          }
          await repo.moveSlot(tx, current.available_time_id, body.start, body.end);
          await sessionsRepo.moveSessions(
            tx,
            moves.map((m) => ({ sessionId: m.session.session_id, start: m.start, end: m.end })),
            changeFlags(user),
          );
          await sessionsRepo.refreshSpans(
            tx,
            moves.map((m) => m.session.classroom_id),
          );
          const people = await sessionsRepo.peopleOf(
            tx,
            moves.map((m) => m.session.classroom_id),
          );
          return { moved: moves.map((m) => m.session), people, teacherKey: current.teacher_key };
        }),
      );
      await publish('timetable.changed', {
        teacherKey: result.teacherKey,
        availableTimeIds: [slot.available_time_id],
        action: 'moved',
        actorKey: user.publicKey,
      });
      await emitSessions(user, result.people, result.moved, 'moved');
      return {
        availableTimeIds: [slot.available_time_id],
        sessionIds: result.moved.map((s) => s.session_id),
      };
    },
  };

  async function freeSlots(user: SessionUser, body: CancelBody, mode: 'cancel' | 'remove') {
    const slot = await ownedSlot(db, user, body.availableTimeId);
    const now = nowSeconds();
    const result = await db.transaction(async (tx) => {
      await lockForBooking(tx, { teachers: [slot.teacher_key] });
      const current = await repo.slotById(tx, slot.available_time_id);
      if (!current) throw notFound();
      const targets = await repo.targetSlots(tx, current, body.following);
      const ids = targets.map((t) => t.available_time_id);
      const sessions = await repo.liveSessionsOfSlots(tx, ids);
      const past = sessions.filter((s) => epoch(s.start_at) <= now);
      const future = sessions.filter((s) => epoch(s.start_at) > now);
      if (mode === 'remove' && past.length) throw slotConflict('slotHasHistory', past[0]!);
      if (future.length && !body.cancelSessions) throw slotConflict('slotInUse', future[0]!);
      await sessionsRepo.cancelSessions(
        tx,
        future.map((s) => s.session_id),
        changeFlags(user),
      );
      await sessionsRepo.refreshSpans(
        tx,
        future.map((s) => s.classroom_id),
      );
      if (mode === 'cancel') await repo.setSlotsState(tx, ids, 'Cancel');
      else await repo.deleteSlots(tx, ids);
      const people = await sessionsRepo.peopleOf(
        tx,
        future.map((s) => s.classroom_id),
      );
      return { ids, future, people };
    });
    await publish('timetable.changed', {
      teacherKey: slot.teacher_key,
      availableTimeIds: result.ids,
      action: mode === 'cancel' ? 'cancelled' : 'removed',
      actorKey: user.publicKey,
    });
    await emitSessions(user, result.people, result.future, 'cancelled');
    return { availableTimeIds: result.ids, sessionIds: result.future.map((s) => s.session_id) };
  }
}
