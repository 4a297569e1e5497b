import type { classroomAddLessonBody, classroomSpecificationsBody } from '@tutoria/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import { findConflicts, lockForBooking, throwIfConflicts } from './booking.ts';
import { assertWritable, checkCapacity, checkSpecifications, scopedClassroom } from './classes-rules.ts';
import * as repo from './classes.repo.ts';
import { activeStudents } from './people.ts';
import type { SchedulingEvents } from './scheduling.events.ts';

export type ClassesRosterService = ReturnType<typeof createClassesRosterService>;

/** Who and what a class teaches: its students, lessons and courses (DESIGN §7 Classroom). */
export function createClassesRosterService(
  { db, config, transaction }: ModuleContext,
  events: SchedulingEvents,
) {
  /** A live class in the caller's scope. */
  async function writable(user: SessionUser, classroomId: string) {
    const row = await scopedClassroom(db, user, classroomId);
    assertWritable(row);
    return row;
  }

  /**
   * The change, in one transaction under the class teacher's lock (so it queues behind bookings of
   * that teacher) and the given students', recorded as a `classroom.changed` event that also names
   * `alsoConcerned` (a student just removed).
   */
  async function commit(
    user: SessionUser,
    row: repo.ClassroomRecord,
    action: 'studentsAdded' | 'studentRemoved' | 'lessonsChanged' | 'specificationsChanged',
    work: (tx: Tx) => Promise<void>,
    lock: { students?: readonly string[]; alsoConcerned?: readonly string[] } = {},
  ) {
    await transaction(async (tx) => {
      await lockForBooking(tx, { teachers: [row.teacherPublicKey], students: lock.students });
      await work(tx);
      await events.classroomChanged(tx, user, row.classroomId, action, { alsoConcerned: lock.alsoConcerned });
    });
    return { classroomId: row.classroomId };
  }

  return {
    /** New students must be free at every future session of the class, and the class type must take them. */
    async addStudents(user: SessionUser, body: { classroomId: string; studentsPublicKey: string[] }) {
      const row = await writable(user, body.classroomId);
      const students = await activeStudents(db, body.studentsPublicKey, 'studentsPublicKey');
      const keys = students.map((s) => s.publicKey);
      return commit(
        user,
        row,
        'studentsAdded',
        async (tx) => {
          const current = await repo.studentsOf(tx, body.classroomId);
          const already = students.find((s) => current.some((c) => c.studentPublicKey === s.publicKey));
          if (already) {
            throw new AppError('FAILED_VALIDATION', {
              fields: [
                {
                  field: 'studentsPublicKey',
                  key: 'studentAlreadyInClass',
                  values: { student: already.fullName },
                },
              ],
            });
          }
          checkCapacity(row.classroomType, current.length + keys.length);
          const unfinished = await repo.sessionsOf(tx, body.classroomId, 'unfinished');
          const check = await findConflicts(
            tx,
            {
              teacherKey: row.teacherPublicKey,
              teacherName: row.teacherName,
              studentKeys: keys,
              room: null,
              times: unfinished.map((s, index) => ({
                index,
                start: toEpoch(s.startAt),
                end: toEpoch(s.endAt),
              })),
              excludeSessionIds: unfinished.map((s) => s.sessionId),
              kinds: ['student'],
            },
            config.timeZone,
          );
          throwIfConflicts(check.conflicts, 'studentsPublicKey');
          await repo.insertStudents(tx, body.classroomId, keys);
        },
        { students: keys },
      );
    },

    /** A class keeps at least one student. */
    async removeStudent(user: SessionUser, body: { classroomId: string; studentPublicKey: string }) {
      const row = await writable(user, body.classroomId);
      const removed = { alsoConcerned: [body.studentPublicKey] };
      return commit(
        user,
        row,
        'studentRemoved',
        async (tx) => {
          const current = await repo.studentsOf(tx, body.classroomId);
          if (!current.some((s) => s.studentPublicKey === body.studentPublicKey)) {
            throw new AppError('FAILED_VALIDATION', {
              fields: [{ field: 'studentPublicKey', key: 'studentNotInClass' }],
            });
          }
          if (current.length <= 1)
            throw new AppError('FAILED_VALIDATION', { text: { key: 'classKeepsStudent' } });
          await repo.deleteStudent(tx, body.classroomId, body.studentPublicKey);
        },
        removed,
      );
    },

    async addLesson(user: SessionUser, body: z.output<typeof classroomAddLessonBody>) {
      return commit(user, await writable(user, body.classroomId), 'lessonsChanged', async (tx) => {
        const lessons = await repo.lessonsOf(tx, body.classroomId);
        await repo.insertLessons(tx, body.classroomId, [body.lesson], lessons.length);
      });
    },

    /** A class keeps at least one lesson; sessions that taught it forget it. */
    async removeLesson(user: SessionUser, body: { classroomId: string; classroomLessonId: string }) {
      return commit(user, await writable(user, body.classroomId), 'lessonsChanged', async (tx) => {
        const lessons = await repo.lessonsOf(tx, body.classroomId);
        if (!lessons.some((l) => l.classroomLessonId === body.classroomLessonId)) {
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: 'classroomLessonId', key: 'lessonNotInClass' }],
          });
        }
        if (lessons.length <= 1)
          throw new AppError('FAILED_VALIDATION', { text: { key: 'classKeepsLesson' } });
        await repo.deleteLesson(tx, body.classroomId, body.classroomLessonId);
      });
    },

    /** Courses; the first makes a waiting class Active. */
    async addSpecifications(user: SessionUser, body: z.output<typeof classroomSpecificationsBody>) {
      const row = await writable(user, body.classroomId);
      const ids = [...new Set(body.specificationIds)];
      await checkSpecifications(db, ids);
      return commit(user, row, 'specificationsChanged', (tx) =>
        repo.addSpecifications(tx, body.classroomId, ids),
      );
    },

    /** Without courses a class waits for one again. */
    async removeSpecifications(user: SessionUser, body: z.output<typeof classroomSpecificationsBody>) {
      return commit(user, await writable(user, body.classroomId), 'specificationsChanged', (tx) =>
        repo.removeSpecifications(tx, body.classroomId, body.specificationIds),
      );
    },
  };
}
