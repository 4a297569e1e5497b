import type { presenceBody, teachingDayInfoBody } from '@tutoria/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { assertLiveClass, assertRecordable, scopedSession } from './classes-rules.ts';
import * as repo from './classes.repo.ts';
import type { SchedulingEvents } from './scheduling.events.ts';
import { speaksForTeacher } from '../../access/reach.ts';
import { has } from './acting-side.ts';
import * as sessionsRepo from './sessions.repo.ts';

export type SessionRecordsService = ReturnType<typeof createSessionRecordsService>;

const fail = (
  key:
    | 'sessionNeedsRecords'
    | 'sessionLocked'
    | 'sessionNotConfirmedByTeacher'
    | 'sessionNotConfirmed'
    | 'sessionIsCancelled',
) => new AppError('FAILED_VALIDATION', { text: { key } });

/**
 * What happened at a session (DESIGN §7 Session lifecycle): presence and feedback per student, the
 * teaching day, and the confirmation flow noConfirmation → confirmedByTeacher → confirmedByAdmin with
 * the admin's revert and reset.
 */
export function createSessionRecordsService({ transaction }: ModuleContext, events: SchedulingEvents) {
  /** One transaction on one session in the caller's scope, its row held; recorded as `action`. */
  function onSession(
    user: SessionUser,
    sessionId: string,
    action: DomainEvents['session.changed']['action'],
    work: (tx: Tx, found: sessionsRepo.FoundSession) => Promise<void>,
  ) {
    return transaction(async (tx) => {
      const found = await scopedSession(tx, user, sessionId, true);
      await work(tx, found);
      await events.sessionsChanged(tx, user, action, [found.session]);
      return { sessionId, classroomId: found.session.classroomId };
    });
  }

  return {
    /** Presence and feedback of the class's students, all in one statement. */
    setPresence(user: SessionUser, body: z.output<typeof presenceBody>) {
      return onSession(user, body.sessionId, 'recorded', async (tx, found) => {
        assertRecordable(found);
        const students = new Set(
          (await repo.studentsOf(tx, found.session.classroomId)).map((s) => s.studentPublicKey),
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
        // One row per student: when a student is named twice, the last entry counts.
        const byStudent = new Map(
          body.presences.map((p) => [
            p.studentPublicKey,
            { studentKey: p.studentPublicKey, isPresent: p.isPresent, feedback: p.feedback || null },
          ]),
        );
        await sessionsRepo.upsertPresences(tx, body.sessionId, [...byStudent.values()], user.publicKey);
      });
    },

    /** Date, description, minutes, online or offline, and which of the class's lessons were taught. */
    setTeachingDayInfo(user: SessionUser, body: z.output<typeof teachingDayInfoBody>) {
      return onSession(user, body.sessionId, 'recorded', async (tx, found) => {
        assertRecordable(found);
        const lessonIds = [...new Set(body.classroomLessonIds)];
        if ((await repo.lessonIdsIn(tx, found.session.classroomId, lessonIds)).length !== lessonIds.length) {
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: 'classroomLessonIds', key: 'lessonNotInClass' }],
          });
        }
        await sessionsRepo.setTeachingDay(tx, body.sessionId, { ...body, classroomLessonIds: lessonIds });
      });
    },

    /** Clears records and confirmation; a confirmed session needs an admin (sessions.confirmAsAdmin). */
    reset(user: SessionUser, sessionId: string) {
      return onSession(user, sessionId, 'reset', async (tx, found) => {
        assertLiveClass(found);
        if (found.session.state === 'canceled') throw fail('sessionIsCancelled');
        if (found.session.confirmation !== 'noConfirmation' && !has(user, 'sessions.confirmAsAdmin')) {
          throw new AppError('ACCESS_DENIED', { text: { key: 'sessionResetNeedsAdmin' } });
        }
        await sessionsRepo.resetRecords(tx, sessionId);
      });
    },

    /**
     * The teacher confirms a session they taught: it has started, every student's presence and the
     * teaching-day information are recorded. noConfirmation → confirmedByTeacher; state → haveclass.
     */
    confirmByTeacher(user: SessionUser, sessionId: string) {
      return onSession(user, sessionId, 'confirmedByTeacher', async (tx, found) => {
        if (!speaksForTeacher(user, found.classroomTeacherKey)) throw notFound();
        assertRecordable(found);
        const missing = await sessionsRepo.studentsWithoutPresence(tx, sessionId, found.session.classroomId);
        if (!found.session.teachingDate || missing > 0) throw fail('sessionNeedsRecords');
        const moved = await sessionsRepo.transition(tx, sessionId, ['noConfirmation'], {
          confirmation: 'confirmedByTeacher',
          state: 'haveclass',
        });
        if (!moved) throw fail('sessionLocked');
      });
    },

    /** confirmedByTeacher → confirmedByAdmin ('Class confirmed'). */
    confirmByAdmin(user: SessionUser, sessionId: string) {
      return onSession(user, sessionId, 'confirmedByAdmin', async (tx, found) => {
        assertLiveClass(found);
        const { confirmation } = found.session;
        if (confirmation !== 'confirmedByTeacher')
          throw fail(confirmation === 'confirmedByAdmin' ? 'sessionLocked' : 'sessionNotConfirmedByTeacher');
        await sessionsRepo.transition(tx, sessionId, ['confirmedByTeacher'], {
          confirmation: 'confirmedByAdmin',
        });
      });
    },

    /** The admin sends a confirmed session back to the teacher: → noConfirmation, records kept. */
    revert(user: SessionUser, sessionId: string) {
      return onSession(user, sessionId, 'reverted', async (tx, found) => {
        assertLiveClass(found);
        if (found.session.confirmation === 'noConfirmation') throw fail('sessionNotConfirmed');
        await sessionsRepo.transition(tx, sessionId, ['confirmedByTeacher', 'confirmedByAdmin'], {
          confirmation: 'noConfirmation',
        });
      });
    },
  };
}
