import type { archiveClassroomBody, destroyClassroomBody, editClassroomBody } from '@tutoria/shared';
import { isOnlineLessonType } from '@tutoria/shared';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { toEpoch } from '../../lib/time.ts';
import { refuseIfInUse, type UsageCheck } from '../../lib/in-use.ts';
import type { ModuleContext } from '../module.ts';
import { findConflicts, lockForBooking, throwIfConflicts } from './booking.ts';
import { assertWritable, checkCapacity, scopedClassroom } from './classes-rules.ts';
import * as repo from './classes.repo.ts';
import { activeAssistant, activeTeacher } from './people.ts';
import type { SchedulingEvents } from './scheduling.events.ts';
import { changeFlags } from './acting-side.ts';
import * as sessionsRepo from './sessions.repo.ts';

export type ClassesLifecycleService = ReturnType<typeof createClassesLifecycleService>;

/** A class's own facts and its life: edit, archive, disable (the spec's delete), destroy (DESIGN §7). */
export function createClassesLifecycleService(
  { db, config, transaction }: ModuleContext,
  events: SchedulingEvents,
  /** Checks other areas register: a record of theirs that must outlive the class refuses its destruction. */
  destroyChecks: readonly UsageCheck[] = [],
) {
  return {
    /**
     * Name, level, type, lesson type, room, teacher, assistant. A new teacher needs no future live
     * session; a new room is checked against the future sessions, which move to it.
     */
    async edit(user: SessionUser, body: z.output<typeof editClassroomBody>) {
      const before = await scopedClassroom(db, user, body.classroomId);
      assertWritable(before);
      const newTeacher =
        body.teacherPublicKey && body.teacherPublicKey !== before.teacherPublicKey
          ? body.teacherPublicKey
          : null;
      if (newTeacher) await activeTeacher(db, newTeacher, 'teacherPublicKey');
      if (body.assistantTeacherPublicKey)
        await activeAssistant(db, body.assistantTeacherPublicKey, 'assistantTeacherPublicKey');
      const room = body.classroomNumber === undefined ? before.classroomNumber : body.classroomNumber || null;
      const roomChanged = room !== before.classroomNumber;
      return transaction(async (tx) => {
        const studentKeys = (await repo.studentsOf(tx, body.classroomId)).map((s) => s.studentPublicKey);
        await lockForBooking(tx, {
          teachers: [before.teacherPublicKey, ...(newTeacher ? [newTeacher] : [])],
          students: studentKeys,
          rooms: [before.classroomNumber, room],
        });
        checkCapacity(body.classroomType, studentKeys.length);
        const upcoming = await repo.sessionsOf(tx, body.classroomId, 'upcoming');
        if (newTeacher && upcoming.length) {
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: 'teacherPublicKey', key: 'teacherChangeWithSessions' }],
          });
        }
        if (roomChanged && room && upcoming.length) {
          const check = await findConflicts(
            tx,
            {
              teacherKey: before.teacherPublicKey,
              teacherName: before.teacherName,
              studentKeys: [],
              room,
              times: upcoming.map((s, index) => ({
                index,
                start: toEpoch(s.startAt),
                end: toEpoch(s.endAt),
              })),
              excludeSessionIds: upcoming.map((s) => s.sessionId),
              kinds: ['room'],
            },
            config.timeZone,
          );
          throwIfConflicts(check.conflicts, 'classroomNumber');
        }
        await repo.updateClassroom(tx, body.classroomId, {
          classroomName: body.classroomName,
          classroomLevel: body.classroomLevel,
          classroomType: body.classroomType,
          lessonType: body.lessonType,
          classroomNumber: room,
          meetingLink: isOnlineLessonType(body.lessonType)
            ? body.meetingLink === undefined
              ? before.meetingLink
              : body.meetingLink
            : null,
          ...(newTeacher ? { teacherKey: newTeacher } : {}),
          ...(body.assistantTeacherPublicKey !== undefined
            ? { assistantKey: body.assistantTeacherPublicKey }
            : {}),
        });
        if (roomChanged) {
          await sessionsRepo.setSessionsRoom(
            tx,
            upcoming.map((s) => s.sessionId),
            room,
          );
        }
        await events.classroomChanged(tx, user, body.classroomId, 'edited');
        return { classroomId: body.classroomId };
      });
    },

    /** Archive needs no future live session; un-archive always works (on a class that is not disabled). */
    async archive(user: SessionUser, body: z.output<typeof archiveClassroomBody>) {
      const row = await scopedClassroom(db, user, body.classroomId);
      assertWritable(row, { allowArchived: true });
      return transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        if (body.archived && (await repo.sessionsOf(tx, body.classroomId, 'waiting')).length)
          throw new AppError('FAILED_VALIDATION', { text: { key: 'classHasFutureSessions' } });
        await repo.updateClassroom(tx, body.classroomId, { archived: body.archived });
        await events.classroomChanged(tx, user, body.classroomId, body.archived ? 'archived' : 'unarchived');
        return { classroomId: body.classroomId };
      });
    },

    /** Disable (the spec's delete call): state Deleted, future sessions cancelled; only Admin still sees it. */
    async disable(user: SessionUser, classroomId: string) {
      const row = await scopedClassroom(db, user, classroomId);
      if (row.storedState === 'Deleted')
        throw new AppError('FAILED_VALIDATION', { text: { key: 'classDisabled' } });
      return transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        const cancelled = (await repo.sessionsOf(tx, classroomId, 'waiting')).map((s) => s.sessionId);
        await sessionsRepo.cancelSessions(tx, cancelled, changeFlags(user));
        await repo.updateClassroom(tx, classroomId, { state: 'Deleted' });
        await sessionsRepo.refreshSpans(tx, [classroomId]);
        await events.classroomChanged(tx, user, classroomId, 'disabled', {
          sessions: { ids: cancelled, action: 'cancelled' },
        });
        return { classroomId };
      });
    },

    /** Destroy (Admin): the class and everything of it, for good; the typed name must match. */
    async destroy(user: SessionUser, body: z.output<typeof destroyClassroomBody>) {
      const row = await scopedClassroom(db, user, body.classroomId);
      if (body.confirmation.trim() !== row.classroomName.trim()) {
        throw new AppError('FAILED_VALIDATION', {
          fields: [{ field: 'confirmation', key: 'destroyConfirmation' }],
        });
      }
      await transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        await refuseIfInUse(tx, destroyChecks, body.classroomId);
        // Recorded first: the delete takes the class's people with it.
        await events.classroomChanged(tx, user, body.classroomId, 'destroyed');
        await repo.deleteClassroom(tx, body.classroomId);
      });
    },
  };
}
