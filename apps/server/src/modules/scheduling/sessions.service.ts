import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language, MessageKey } from '@tutoria/shared';
import type { z } from 'zod';
import type {
  changesConfirmationBody,
  editTimeDetailBody,
  presenceBody,
  teachingDayInfoBody,
} from '@tutoria/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { classroomLessons, classroomSessions, sessionPresences } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { findConflicts, lockForBooking, throwIfConflicts } from './booking.ts';
import * as repo from './classes.repo.ts';
import { activeTeacher } from './people.ts';
import { changeFlags, classroomScope, has, isUnscoped } from './scope.ts';
import * as sessionsRepo from './sessions.repo.ts';
import { toDate, withRetry } from './sql.ts';

type Output<T extends z.ZodType> = z.output<T>;
type Found = NonNullable<Awaited<ReturnType<typeof repo.findSession>>>;

export type SessionsService = ReturnType<typeof createSessionsService>;

const fail = (key: MessageKey) => new AppError('FAILED_VALIDATION', { text: { key } });

/**
 * One session's life (DESIGN §7 Session lifecycle): its time (moved, cancelled, removed), its records
 * (presence, teaching day), and the confirmation flow noConfirmation → confirmedByTeacher →
 * confirmedByAdmin with the admin's revert; plus each side's confirmation of schedule changes.
 */
export function createSessionsService({ db, config, events }: { db: Db; config: Config; events: EventBus }) {
  /** Records an event and dispatches it (after the change committed). */
  async function publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
    await events.record(db, name, payload);
    events.afterCommit();
  }

  async function load(tx: Tx | Db, user: SessionUser, sessionId: string, lock = false): Promise<Found> {
    const found = await repo.findSession(tx, sessionId, classroomScope(user), lock);
    if (!found) throw notFound();
    return found;
  }

  function assertLiveClass(found: Found) {
    if (found.classroomState === 'Deleted') throw fail('classDisabled');
    if (found.archived) throw fail('classArchived');
  }

  /** Records can be written once the session has started, while it is neither cancelled nor confirmed. */
  function assertRecordable(found: Found) {
    assertLiveClass(found);
    const s = found.session;
    if (s.state === 'canceled') throw fail('sessionIsCancelled');
    if (s.startAt.getTime() > Date.now()) throw fail('sessionNotStarted');
    if (s.confirmation !== 'noConfirmation') throw fail('sessionLocked');
  }

  /** Time changes: only a session not held, not confirmed and not cancelled. */
  function assertMovable(found: Found) {
    assertLiveClass(found);
    const s = found.session;
    if (s.state === 'canceled') throw fail('sessionIsCancelled');
    if (s.confirmation !== 'noConfirmation') throw fail('sessionLocked');
    if (s.state === 'haveclass') throw fail('sessionIsHeld');
  }

  async function emit(
    found: Found,
    user: SessionUser,
    action: DomainEvents['session.changed']['action'],
    sessionIds = [found.session.sessionId],
  ) {
    const who = (await sessionsRepo.peopleOf(db, [found.session.classroomId])).get(found.session.classroomId);
    await publish('session.changed', {
      classroomId: found.session.classroomId,
      classroomName: found.classroomName,
      sessionIds,
      action,
      actorKey: user.publicKey,
      userKeys: who?.userKeys ?? [],
    });
  }

  const result = (found: Found) => ({
    sessionId: found.session.sessionId,
    classroomId: found.session.classroomId,
  });

  /** A conditional update: the row changes only if it is still in the expected state (no lost race). */
  async function transition(
    tx: Tx,
    sessionId: string,
    from: readonly string[],
    set: Partial<typeof classroomSessions.$inferInsert>,
  ): Promise<boolean> {
    const rows = await tx
      .update(classroomSessions)
      .set({ ...set, updatedAt: new Date() })
      .where(
        and(eq(classroomSessions.sessionId, sessionId), inArray(classroomSessions.confirmation, [...from])),
      )
      .returning({ id: classroomSessions.sessionId });
    return rows.length === 1;
  }

  return {
    /** Moves one session: inside an available time of the teacher, clashing with nothing (admin side). */
    async editTimeDetail(user: SessionUser, body: Output<typeof editTimeDetailBody>, language: Language) {
      const first = await load(db, user, body.sessionId);
      assertMovable(first);
      const found = await withRetry(() =>
        db.transaction(async (tx) => {
          const students = await repo.studentsOf(tx, first.session.classroomId);
          const studentKeys = students.map((s) => s.studentPublicKey);
          await lockForBooking(tx, {
            teachers: [first.session.teacherKey],
            students: studentKeys,
            rooms: [first.session.classroomNumber],
          });
          const current = await load(tx, user, body.sessionId, true);
          assertMovable(current);
          const teacher = await activeTeacher(tx, current.session.teacherKey, 'teacherPublicKey');
          const check = await findConflicts(
            tx,
            {
              teacherKey: current.session.teacherKey,
              teacherName: teacher.fullName,
              studentKeys,
              room: current.session.classroomNumber,
              times: [{ index: 0, start: body.start, end: body.end, availableTimeId: body.availableTimeId }],
              excludeSessionIds: [body.sessionId],
            },
            config.timeZone,
          );
          throwIfConflicts(check.conflicts, language);
          await sessionsRepo.moveSessions(
            tx,
            [
              {
                sessionId: body.sessionId,
                start: body.start,
                end: body.end,
                availableTimeId: check.slotOf.get(0)!,
              },
            ],
            changeFlags(user),
          );
          await sessionsRepo.refreshSpans(tx, [current.session.classroomId]);
          return current;
        }),
      );
      await emit(found, user, 'moved');
      return result(found);
    },

    /** Cancels a session that was not held; its time is free again. */
    async cancel(user: SessionUser, sessionId: string) {
      const first = await load(db, user, sessionId);
      assertMovable(first);
      const found = await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [first.session.teacherKey] });
        const current = await load(tx, user, sessionId, true);
        assertMovable(current);
        await sessionsRepo.cancelSessions(tx, [sessionId], changeFlags(user));
        await sessionsRepo.refreshSpans(tx, [current.session.classroomId]);
        return current;
      });
      await emit(found, user, 'cancelled');
      return result(found);
    },

    /** Removes the future sessions of a class that have no records; the past and held ones stay. */
    async removeAllTimes(user: SessionUser, classroomId: string) {
      const row = await repo.findClassroom(db, classroomId, classroomScope(user));
      if (!row) throw notFound();
      if (row.storedState === 'Deleted') throw fail('classDisabled');
      if (row.archived) throw fail('classArchived');
      const ids = await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        const removed = await tx
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
        await sessionsRepo.refreshSpans(tx, [classroomId]);
        return removed.map((r) => r.id);
      });
      if (ids.length) {
        const who = (await sessionsRepo.peopleOf(db, [classroomId])).get(classroomId);
        await publish('session.changed', {
          classroomId,
          classroomName: row.classroomName,
          sessionIds: ids,
          action: 'removed',
          actorKey: user.publicKey,
          userKeys: who?.userKeys ?? [],
        });
      }
      return { classroomId, sessionIds: ids };
    },

    async setPresence(user: SessionUser, body: Output<typeof presenceBody>) {
      const found = await db.transaction(async (tx) => {
        const current = await load(tx, user, body.sessionId, true);
        assertRecordable(current);
        const students = new Map(
          (await repo.studentsOf(tx, current.session.classroomId)).map((s) => [s.studentPublicKey, s]),
        );
        const stranger = body.presences.find((p) => !students.has(p.studentPublicKey));
        if (stranger) {
          throw new AppError('FAILED_VALIDATION', {
            fields: [
              {
                field: 'presences',
                key: 'presenceUnknownStudent',
                values: { student: stranger.studentPublicKey },
              },
            ],
          });
        }
        for (const p of body.presences) {
          await tx
            .insert(sessionPresences)
            .values({
              sessionId: body.sessionId,
              studentKey: p.studentPublicKey,
              isPresent: p.isPresent,
              feedback: p.feedback || null,
              recordedBy: user.publicKey,
            })
            .onConflictDoUpdate({
              target: [sessionPresences.sessionId, sessionPresences.studentKey],
              set: {
                isPresent: p.isPresent,
                feedback: p.feedback || null,
                recordedBy: user.publicKey,
                updatedAt: new Date(),
              },
            });
        }
        return current;
      });
      await emit(found, user, 'recorded');
      return result(found);
    },

    async setTeachingDayInfo(user: SessionUser, body: Output<typeof teachingDayInfoBody>) {
      const found = await db.transaction(async (tx) => {
        const current = await load(tx, user, body.sessionId, true);
        assertRecordable(current);
        const lessonIds = [...new Set(body.classroomLessonIds)];
        if (lessonIds.length) {
          const lessons = await tx
            .select({ id: classroomLessons.classroomLessonId })
            .from(classroomLessons)
            .where(
              and(
                eq(classroomLessons.classroomId, current.session.classroomId),
                inArray(classroomLessons.classroomLessonId, lessonIds),
              ),
            );
          if (lessons.length !== lessonIds.length) {
            throw new AppError('FAILED_VALIDATION', {
              fields: [{ field: 'classroomLessonIds', key: 'lessonNotInClass' }],
            });
          }
        }
        await tx
          .update(classroomSessions)
          .set({
            teachingDate: toDate(body.date),
            taughtLessonsDescription: body.taughtLessonsDescription,
            teachingMinutes: body.teachingMinutes,
            teachingType: body.teachingType,
            taughtLessonIds: lessonIds,
            updatedAt: new Date(),
          })
          .where(eq(classroomSessions.sessionId, body.sessionId));
        return current;
      });
      await emit(found, user, 'recorded');
      return result(found);
    },

    /** Clears records and confirmation; a confirmed session needs an admin (sessions.confirmAsAdmin). */
    async reset(user: SessionUser, sessionId: string) {
      const found = await db.transaction(async (tx) => {
        const current = await load(tx, user, sessionId, true);
        assertLiveClass(current);
        if (current.session.state === 'canceled') throw fail('sessionIsCancelled');
        if (current.session.confirmation !== 'noConfirmation' && !has(user, 'sessions.confirmAsAdmin')) {
          throw new AppError('ACCESS_DENIED', { text: { key: 'sessionResetNeedsAdmin' } });
        }
        await tx.delete(sessionPresences).where(eq(sessionPresences.sessionId, sessionId));
        await tx
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
        return current;
      });
      await emit(found, user, 'reset');
      return result(found);
    },

    /**
     * The teacher confirms a session they taught: it has started, every student's presence and the
     * teaching-day information are recorded. noConfirmation → confirmedByTeacher; state → haveclass.
     */
    async confirmByTeacher(user: SessionUser, sessionId: string) {
      const found = await db.transaction(async (tx) => {
        const current = await load(tx, user, sessionId, true);
        if (!isUnscoped(user) && current.classroomTeacherKey !== user.publicKey) throw notFound();
        assertRecordable(current);
        const students = await repo.studentsOf(tx, current.session.classroomId);
        const presences = await repo.presencesOf(tx, [sessionId]);
        const recorded = new Set(presences.map((p) => p.studentPublicKey));
        if (!current.session.teachingDate || !students.every((s) => recorded.has(s.studentPublicKey)))
          throw fail('sessionNeedsRecords');
        if (
          !(await transition(tx, sessionId, ['noConfirmation'], {
            confirmation: 'confirmedByTeacher',
            state: 'haveclass',
          }))
        ) {
          throw fail('sessionLocked');
        }
        return current;
      });
      await emit(found, user, 'confirmedByTeacher');
      return result(found);
    },

    /** confirmedByTeacher → confirmedByAdmin ('Class confirmed'). */
    async confirmByAdmin(user: SessionUser, sessionId: string) {
      const found = await db.transaction(async (tx) => {
        const current = await load(tx, user, sessionId, true);
        assertLiveClass(current);
        if (current.session.confirmation !== 'confirmedByTeacher') {
          throw fail(
            current.session.confirmation === 'confirmedByAdmin'
              ? 'sessionLocked'
              : 'sessionNotConfirmedByTeacher',
          );
        }
        await transition(tx, sessionId, ['confirmedByTeacher'], { confirmation: 'confirmedByAdmin' });
        return current;
      });
      await emit(found, user, 'confirmedByAdmin');
      return result(found);
    },

    /** The admin sends a confirmed session back to the teacher: → noConfirmation, records kept. */
    async revert(user: SessionUser, sessionId: string) {
      const found = await db.transaction(async (tx) => {
        const current = await load(tx, user, sessionId, true);
        assertLiveClass(current);
        if (current.session.confirmation === 'noConfirmation') throw fail('sessionNotConfirmed');
        await transition(tx, sessionId, ['confirmedByTeacher', 'confirmedByAdmin'], {
          confirmation: 'noConfirmation',
        });
        return current;
      });
      await emit(found, user, 'reverted');
      return result(found);
    },

    /** Each side accepts the other side's schedule changes (changesConfirmedByTeacher / BySchedulingAdmin). */
    async confirmChanges(
      user: SessionUser,
      body: Output<typeof changesConfirmationBody>,
      side: 'teacher' | 'admin',
    ) {
      const row = await repo.findClassroom(db, body.classroomId, classroomScope(user));
      if (!row) throw notFound();
      if (side === 'teacher' && !isUnscoped(user) && row.teacherPublicKey !== user.publicKey)
        throw notFound();
      const column =
        side === 'teacher'
          ? classroomSessions.changesConfirmedByTeacher
          : classroomSessions.changesConfirmedBySchedulingAdmin;
      const updated = await db
        .update(classroomSessions)
        .set(
          side === 'teacher'
            ? { changesConfirmedByTeacher: true }
            : { changesConfirmedBySchedulingAdmin: true },
        )
        .where(
          and(
            eq(classroomSessions.classroomId, body.classroomId),
            eq(column, false),
            body.sessionIds
              ? inArray(
                  classroomSessions.sessionId,
                  body.sessionIds.length ? body.sessionIds : ['00000000-0000-0000-0000-000000000000'],
                )
              : undefined,
          ),
        )
        .returning({ id: classroomSessions.sessionId });
      const ids = updated.map((r) => r.id);
      if (ids.length) {
        const who = (await sessionsRepo.peopleOf(db, [body.classroomId])).get(body.classroomId);
        await publish('session.changed', {
          classroomId: body.classroomId,
          classroomName: row.classroomName,
          sessionIds: ids,
          action: 'changesConfirmed',
          actorKey: user.publicKey,
          userKeys: who?.userKeys ?? [],
        });
      }
      return { classroomId: body.classroomId, sessionIds: ids };
    },
  };
}
