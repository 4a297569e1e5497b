import type { changesConfirmationBody, editTimeDetailBody } from '@tutoria/shared';
import type { z } from 'zod';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { findConflicts, lockForBooking, throwIfConflicts } from './booking.ts';
import { assertLiveClass, assertMovable, scopedClassroom, scopedSession } from './classes-rules.ts';
import * as repo from './classes.repo.ts';
import { activeTeacher } from './people.ts';
import type { SchedulingEvents } from './scheduling.events.ts';
import { speaksForTeacher } from '../../access/reach.ts';
import { changeFlags } from './acting-side.ts';
import * as sessionsRepo from './sessions.repo.ts';

export type SessionsService = ReturnType<typeof createSessionsService>;

/**
 * When sessions happen (DESIGN §7 Session lifecycle): one moved or cancelled, the future ones removed,
 * and each side's confirmation of the other's schedule changes.
 */
export function createSessionsService({ db, config, transaction }: ModuleContext, events: SchedulingEvents) {
  return {
    /** Moves one session: inside an available time of the teacher, clashing with nothing (admin side). */
    async editTimeDetail(user: SessionUser, body: z.output<typeof editTimeDetailBody>) {
      const first = await scopedSession(db, user, body.sessionId);
      assertMovable(first);
      const { classroomId, teacherKey, classroomNumber } = first.session;
      return transaction(async (tx) => {
        const studentKeys = (await repo.studentsOf(tx, classroomId)).map((s) => s.studentPublicKey);
        await lockForBooking(tx, { teachers: [teacherKey], students: studentKeys, rooms: [classroomNumber] });
        const current = await scopedSession(tx, user, body.sessionId, true);
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
        throwIfConflicts(check.conflicts);
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
        await sessionsRepo.refreshSpans(tx, [classroomId]);
        await events.sessionsChanged(tx, user, 'moved', [current.session]);
        return { sessionId: body.sessionId, classroomId };
      });
    },

    /** Cancels a session that was not held; its time is free again. */
    async cancel(user: SessionUser, sessionId: string) {
      const first = await scopedSession(db, user, sessionId);
      assertMovable(first);
      const { classroomId } = first.session;
      return transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [first.session.teacherKey] });
        const current = await scopedSession(tx, user, sessionId, true);
        assertMovable(current);
        await sessionsRepo.cancelSessions(tx, [sessionId], changeFlags(user));
        await sessionsRepo.refreshSpans(tx, [classroomId]);
        await events.sessionsChanged(tx, user, 'cancelled', [current.session]);
        return { sessionId, classroomId };
      });
    },

    /** Removes the future sessions of a class that have no records; the past and held ones stay. */
    async removeAllTimes(user: SessionUser, classroomId: string) {
      const row = await scopedClassroom(db, user, classroomId);
      assertLiveClass({ classroomState: row.storedState, archived: row.archived });
      return transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        const sessionIds = await sessionsRepo.deleteUnrecordedFutureSessions(tx, classroomId);
        await sessionsRepo.refreshSpans(tx, [classroomId]);
        await events.sessionsChanged(
          tx,
          user,
          'removed',
          sessionIds.map((sessionId) => ({ classroomId, sessionId })),
        );
        return { classroomId, sessionIds };
      });
    },

    /** Each side accepts the other side's schedule changes (changesConfirmedByTeacher / BySchedulingAdmin). */
    async confirmChanges(
      user: SessionUser,
      body: z.output<typeof changesConfirmationBody>,
      side: 'teacher' | 'admin',
    ) {
      const row = await scopedClassroom(db, user, body.classroomId);
      if (side === 'teacher' && !speaksForTeacher(user, row.teacherPublicKey))
        throw notFound();
      return transaction(async (tx) => {
        const sessionIds = await sessionsRepo.confirmChanges(tx, body.classroomId, side, body.sessionIds);
        await events.sessionsChanged(
          tx,
          user,
          'changesConfirmed',
          sessionIds.map((sessionId) => ({ classroomId: body.classroomId, sessionId })),
        );
        return { classroomId: body.classroomId, sessionIds };
      });
    },
  };
}
