import type { CreateClassroomBody, checkTimesBody, editTimesAndLessonsBody } from '@tutoria/shared';
import { isOnlineLessonType } from '@tutoria/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { findConflicts, lockForBooking, throwIfConflicts } from './booking.ts';
import { assertWritable, checkCapacity, checkSpecifications, scopedClassroom } from './classes-rules.ts';
import * as repo from './classes.repo.ts';
import { activeAssistant, activeStudents, activeTeacher } from './people.ts';
import type { SchedulingEvents } from './scheduling.events.ts';
import { changeFlags } from './acting-side.ts';
import * as sessionsRepo from './sessions.repo.ts';

export type ClassesBookingService = ReturnType<typeof createClassesBookingService>;

interface BookingTarget {
  classroomId: string;
  teacherKey: string;
  teacherName: string;
  studentKeys: readonly string[];
  room: string | null;
}

/** Booking a class's sessions (DESIGN §7 No double booking): a new class, more times, and the preview of clashes. */
export function createClassesBookingService(
  { db, config, transaction }: ModuleContext,
  events: SchedulingEvents,
) {
  /** Books new sessions of a class under the locks the caller holds: every check, then the insert. */
  async function bookSessions(
    tx: Tx,
    user: SessionUser,
    target: BookingTarget,
    times: readonly { start: number; end: number; availableTimeId?: string }[],
  ): Promise<string[]> {
    if (!times.length) return [];
    const check = await findConflicts(
      tx,
      { ...target, times: times.map((t, index) => ({ index, ...t })) },
      config.timeZone,
    );
    throwIfConflicts(check.conflicts);
    const sessionIds = await sessionsRepo.insertSessions(
      tx,
      target,
      times.map((t, index) => ({ start: t.start, end: t.end, availableTimeId: check.slotOf.get(index)! })),
      changeFlags(user),
    );
    await sessionsRepo.refreshSpans(tx, [target.classroomId]);
    return sessionIds;
  }

  return {
    /** A class with its students, lessons, courses and sessions, in one transaction. */
    async create(user: SessionUser, body: CreateClassroomBody) {
      const teacher = await activeTeacher(db, body.teacherPublicKey, 'teacherPublicKey');
      const students = await activeStudents(db, body.studentsPublicKey, 'studentsPublicKey');
      if (body.assistantTeacherPublicKey)
        await activeAssistant(db, body.assistantTeacherPublicKey, 'assistantTeacherPublicKey');
      checkCapacity(body.classroomType, students.length);
      const specificationIds = [...new Set(body.specificationIds)];
      await checkSpecifications(db, specificationIds);
      const room = body.classroomNumber || null;
      const studentKeys = students.map((s) => s.publicKey);
      return transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [teacher.publicKey], students: studentKeys, rooms: [room] });
        const classroomId = await repo.insertClassroom(tx, {
          classroomName: body.classroomName,
          classroomLevel: body.classroomLevel,
          classroomType: body.classroomType,
          classroomNumber: room,
          meetingLink: isOnlineLessonType(body.lessonType) ? (body.meetingLink ?? null) : null,
          lessonType: body.lessonType,
          teacherKey: teacher.publicKey,
          assistantKey: body.assistantTeacherPublicKey ?? null,
          state: 'WaitingForAddCourse',
          createdBy: user.publicKey,
        });
        await repo.insertStudents(tx, classroomId, studentKeys);
        await repo.insertLessons(tx, classroomId, body.lessons, 0);
        await repo.addSpecifications(tx, classroomId, specificationIds);
        const sessionIds = await bookSessions(
          tx,
          user,
          { classroomId, teacherKey: teacher.publicKey, teacherName: teacher.fullName, studentKeys, room },
          body.times,
        );
        await events.classroomChanged(tx, user, classroomId, 'created', {
          sessions: { ids: sessionIds, action: 'added' },
        });
        return { classroomId, sessionIds };
      });
    },

    /** Every clash of proposed times, without booking (the class wizard shows them before saving). */
    async checkTimes(body: z.output<typeof checkTimesBody>) {
      const teacher = await activeTeacher(db, body.teacherPublicKey, 'teacherPublicKey');
      const check = await findConflicts(
        db,
        {
          teacherKey: teacher.publicKey,
          teacherName: teacher.fullName,
          studentKeys: body.studentsPublicKey,
          room: body.classroomNumber || null,
          times: body.times.map((t, index) => ({ index, ...t })),
        },
        config.timeZone,
      );
      return {
        times: body.times.map((t, index) => ({
          start: t.start,
          end: t.end,
          availableTimeId: check.slotOf.get(index) ?? null,
          conflicts: check.conflicts.filter((c) => c.index === index),
        })),
        conflictCount: check.conflicts.length,
      };
    },

    /** Adds sessions (checked like a new class's) and lessons. */
    async editTimesAndLessons(user: SessionUser, body: z.output<typeof editTimesAndLessonsBody>) {
      const row = await scopedClassroom(db, user, body.classroomId);
      assertWritable(row);
      return transaction(async (tx) => {
        const studentKeys = (await repo.studentsOf(tx, body.classroomId)).map((s) => s.studentPublicKey);
        await lockForBooking(tx, {
          teachers: [row.teacherPublicKey],
          students: studentKeys,
          rooms: [row.classroomNumber],
        });
        const lessons = await repo.lessonsOf(tx, body.classroomId);
        await repo.insertLessons(tx, body.classroomId, body.lessons, lessons.length);
        const sessionIds = await bookSessions(
          tx,
          user,
          {
            classroomId: body.classroomId,
            teacherKey: row.teacherPublicKey,
            teacherName: row.teacherName,
            studentKeys,
            room: row.classroomNumber,
          },
          body.times,
        );
        await events.classroomChanged(
          tx,
          user,
          body.classroomId,
          body.lessons.length ? 'lessonsChanged' : 'edited',
          {
            sessions: { ids: sessionIds, action: 'added' },
          },
        );
        return { classroomId: body.classroomId, sessionIds };
      });
    },
  };
}
