import {
  type addHomeworkBody,
  type MessageKey,
  type removeExamBody,
  type sessionFlagsBody,
  type setExamBody,
  type setHomeworkBody,
  type setReviewBody,
  type setTeachingBody,
  teachingHoursRoom,
} from '@tutoria/shared';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client.ts';
import { readableStudents } from '../../access/reach.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { fromEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import {
  assertLiveClass,
  classroomRosterOf,
  type FoundSession,
  scopedSession,
} from '../scheduling/scheduling.module.ts';
import type { AcademicEvents } from './academic.events.ts';
import { examView, homeworkView, progressViews } from './views.ts';
import * as repo from './records.repo.ts';
import { examsOfSession, homeworksOfSession, lessonsOfClass } from './record-filters.repo.ts';

export type SessionRecordsService = ReturnType<typeof createSessionRecordsService>;

const fail = (key: MessageKey, field?: string) =>
  new AppError('FAILED_VALIDATION', field ? { fields: [{ field, key }] } : { text: { key } });

/** Hours past what the lesson or the session has left, named on the hours field. */
const tooManyHours = (key: 'lessonHoursLeft' | 'sessionHoursLeft', left: number, total: number) =>
  new AppError('FAILED_VALIDATION', {
    fields: [{ field: 'teachedTimeInHour', key, values: { left, total } }],
  });

/** Hours as stored: numeric with two decimals, never a float in the database. */
const hours = (n: number) => n.toFixed(2);

/** A session's teaching time in hours: its recorded teaching minutes, else its booked length. */
const sessionHours = (s: FoundSession['session']) => (s.teachingMinutes ?? s.durationMinutes) / 60;

/**
 * Records can be written once the session has started, while it is not cancelled and its class is
 * live; once the admin confirmed it, only with `sessions.confirmAsAdmin` (DESIGN §7, issue 10).
 * Grading a homework (`lockedAllowed`) is allowed after confirmation: it is handed in later.
 */
export function assertRecordable(
  user: SessionUser,
  found: FoundSession,
  options: { lockedAllowed?: boolean } = {},
) {
  assertLiveClass(found);
  const s = found.session;
  if (s.state === 'canceled') throw fail('sessionIsCancelled');
  if (s.startAt.getTime() > Date.now()) throw fail('sessionNotStarted');
  if (
    !options.lockedAllowed &&
    s.confirmation === 'confirmedByAdmin' &&
    !user.permissions.has('sessions.confirmAsAdmin')
  )
    throw fail('recordsLockedByAdmin');
}

/**
 * What a teacher records per session and student (issue 10): homework, exams, lesson progress and
 * the WithOut… flags. Each command: the scope check (the session's class in the caller's reach),
 * one transaction, the events recorded in it.
 */
export function createSessionRecordsService({ transaction, db }: ModuleContext, events: AcademicEvents) {
  async function rosterKeys(q: Queryable, classroomId: string) {
    return new Set((await classroomRosterOf(q, classroomId)).map((s) => s.studentPublicKey));
  }

  /** A lesson of the session's class, or FAILED_VALIDATION on the field. */
  async function assertLesson(q: Queryable, classroomId: string, classroomLessonId: string) {
    if (!(await repo.lessonOfClass(q, classroomId, classroomLessonId)))
      throw fail('lessonNotInClassroom', 'classroomLessonId');
  }

  return {
    /**
     * Everything recorded at a session, for the students whose records the caller reads (the reach
     * policy): a Student their own, a consultant their consultees' of a group class.
     */
    async read(user: SessionUser, sessionId: string) {
      const found = await scopedSession(db, user, sessionId);
      const s = found.session;
      const everyone = await classroomRosterOf(db, s.classroomId);
      const reads = await readableStudents(
        db,
        user,
        everyone.map((r) => r.studentPublicKey),
      );
      const roster = everyone.filter((r) => reads(r.studentPublicKey));
      const [homeworkRows, examRows, progress, flags] = await Promise.all([
        repo.homeworksWhere(db, homeworksOfSession(sessionId)),
        repo.examsWhere(db, examsOfSession(sessionId)),
        repo.lessonProgressOf(db, lessonsOfClass(s.classroomId), sessionId),
        repo.flagsOf(db, sessionId),
      ]);
      return {
        sessionId,
        classroomId: s.classroomId,
        start: Math.floor(s.startAt.getTime() / 1000),
        end: Math.floor(s.endAt.getTime() / 1000),
        confirmation: s.confirmation,
        teachingMinutes: s.teachingMinutes ?? s.durationMinutes,
        flags,
        students: roster.map((r) => ({
          studentPublicKey: r.studentPublicKey,
          studentName: r.studentName,
          homeworks: homeworkRows.filter((h) => h.studentPublicKey === r.studentPublicKey).map(homeworkView),
          exams: examRows.filter((e) => e.studentPublicKey === r.studentPublicKey).map(examView),
        })),
        lessons: progressViews(progress, sessionHours(s)),
      };
    },

    /** One homework for each named student of the session's class; the deadline after the start. */
    addHomework(user: SessionUser, body: z.output<typeof addHomeworkBody>) {
      return transaction(async (tx) => {
        const found = await scopedSession(tx, user, body.sessionId, true);
        assertRecordable(user, found);
        const s = found.session;
        const students = [...new Set(body.studentsPublicKey)];
        const roster = await rosterKeys(tx, s.classroomId);
        if (students.some((k) => !roster.has(k))) throw fail('studentNotInClass', 'studentsPublicKey');
        if (body.deadLine * 1000 <= s.startAt.getTime()) throw fail('deadLineBeforeSession', 'deadLine');
        const homeworkIds = await repo.insertHomeworks(
          tx,
          { sessionId: s.sessionId, classroomId: s.classroomId, createdBy: user.publicKey },
          {
            studentKeys: students,
            subtitle: body.subtitle,
            deadLine: fromEpoch(body.deadLine),
            form: body.form,
          },
        );
        await repo.clearFlag(tx, s.sessionId, 'withOutHomeWork');
        await events.homeworkGiven(tx, user, {
          classroomId: s.classroomId,
          sessionId: s.sessionId,
          homeworkIds,
          subtitle: body.subtitle,
          deadLine: body.deadLine,
          studentKeys: students,
        });
        return { homeworkIds };
      });
    },

    /** Pending → Done with the moment, percentage and feedback (or back to Pending). */
    setHomework(user: SessionUser, body: z.output<typeof setHomeworkBody>) {
      return transaction(async (tx) => {
        const homework = await repo.lockHomework(tx, body.homeworkId);
        if (!homework) throw notFound();
        const found = await scopedSession(tx, user, homework.sessionId);
        assertRecordable(user, found, { lockedAllowed: true });
        const done = body.state === 'Done';
        await repo.updateHomework(tx, body.homeworkId, {
          state: body.state,
          correctPercentation: done ? hours(body.correctPercentation!) : null,
          feedback: body.feedback || null,
          doneMoment: done ? (body.doneMoment ? fromEpoch(body.doneMoment) : new Date()) : null,
        });
        await events.homeworkGraded(tx, user, {
          classroomId: homework.classroomId,
          sessionId: homework.sessionId,
          homeworkId: body.homeworkId,
          state: body.state,
          studentKey: homework.studentKey,
        });
        return { homeworkIds: [body.homeworkId] };
      });
    },

    /** A new exam (no examId) or an edit of one of this session's exams. */
    setExam(user: SessionUser, body: z.output<typeof setExamBody>) {
      return transaction(async (tx) => {
        const found = await scopedSession(tx, user, body.sessionId, true);
        assertRecordable(user, found);
        const s = found.session;
        if (!(await rosterKeys(tx, s.classroomId)).has(body.studentPublicKey))
          throw fail('studentNotInClass', 'studentPublicKey');
        if (body.classroomLessonId) await assertLesson(tx, s.classroomId, body.classroomLessonId);
        const values: repo.ExamValues = {
          examType: body.examType,
          classroomLessonId: body.classroomLessonId ?? null,
          score: body.score === null || body.score === undefined ? null : hours(body.score),
          examState: body.examState,
          feedback: body.feedback || null,
        };
        let examId: string;
        if (body.examId) {
          const existing = await repo.lockExam(tx, body.examId);
          if (
            !existing ||
            existing.sessionId !== s.sessionId ||
            existing.studentKey !== body.studentPublicKey
          )
            throw notFound();
          examId = body.examId;
          await repo.updateExam(tx, examId, values);
        } else {
          examId = await repo.insertExam(
            tx,
            {
              sessionId: s.sessionId,
              classroomId: s.classroomId,
              studentKey: body.studentPublicKey,
              createdBy: user.publicKey,
            },
            values,
          );
        }
        await repo.clearFlag(tx, s.sessionId, 'withOutExam');
        await events.examRecorded(tx, user, {
          classroomId: s.classroomId,
          sessionId: s.sessionId,
          examId,
          action: body.examId ? 'edited' : 'recorded',
          examState: body.examState,
          studentKey: body.studentPublicKey,
        });
        return { examId };
      });
    },

    removeExam(user: SessionUser, body: z.output<typeof removeExamBody>) {
      return transaction(async (tx) => {
        const existing = await repo.lockExam(tx, body.examId);
        if (!existing) throw notFound();
        const found = await scopedSession(tx, user, existing.sessionId, true);
        assertRecordable(user, found);
        await repo.deleteExam(tx, body.examId);
        await events.examRecorded(tx, user, {
          classroomId: existing.classroomId,
          sessionId: existing.sessionId,
          examId: body.examId,
          action: 'removed',
          examState: 'Pending',
          studentKey: existing.studentKey,
        });
        return { examId: body.examId };
      });
    },

    /**
     * Teaching of a lesson at the session (issue 27). A session's hours are shared among its
     * lessons and a lesson's hours never pass its length: the hours given are refused past either
     * (the text says how many are left); left out, they are what the session may still give the
     * lesson (`teachingHoursRoom`). The session's row lock and the lesson's hours lock keep two
     * records at once from both taking the last hours.
     */
    setTeaching(user: SessionUser, body: z.output<typeof setTeachingBody>) {
      return transaction(async (tx) => {
        const found = await scopedSession(tx, user, body.sessionId, true);
        assertRecordable(user, found);
        const s = found.session;
        await assertLesson(tx, s.classroomId, body.classroomLessonId);
        await repo.lockLessonHours(tx, body.classroomLessonId);
        const bounds = await repo.teachingHoursAt(tx, s.sessionId, body.classroomLessonId);
        const room = teachingHoursRoom({ sessionHours: sessionHours(s), ...bounds });
        const taught = body.teachedTimeInHour ?? room.room;
        if (Math.round(taught * 100) > Math.round(room.lessonLeft * 100))
          throw tooManyHours('lessonHoursLeft', room.lessonLeft, bounds.lengthHours);
        if (Math.round(taught * 100) > Math.round(room.sessionLeft * 100))
          throw tooManyHours('sessionHoursLeft', room.sessionLeft, sessionHours(s));
        await repo.upsertTeaching(
          tx,
          { sessionId: s.sessionId, classroomLessonId: body.classroomLessonId, classroomId: s.classroomId },
          {
            teachState: body.teachState,
            teachedMoment: body.teachState === 'Done' ? new Date() : null,
            teachedTimeInHour: hours(taught),
            delay: body.delay,
            delayInTeachingTimeInHour: hours(body.delay ? body.delayInTeachingTimeInHour : 0),
          },
        );
        await repo.clearFlag(tx, s.sessionId, 'withOutTeach');
        return { sessionId: s.sessionId };
      });
    },

    setReview(user: SessionUser, body: z.output<typeof setReviewBody>) {
      return transaction(async (tx) => {
        const found = await scopedSession(tx, user, body.sessionId, true);
        assertRecordable(user, found);
        const s = found.session;
        await assertLesson(tx, s.classroomId, body.classroomLessonId);
        await repo.upsertReview(
          tx,
          { sessionId: s.sessionId, classroomLessonId: body.classroomLessonId, classroomId: s.classroomId },
          { reviewState: body.reviewState, reviewMoment: body.reviewState === 'Done' ? new Date() : null },
        );
        await repo.clearFlag(tx, s.sessionId, 'withOutReview');
        return { sessionId: s.sessionId };
      });
    },

    /** WithOut… flags; a kind the session already has records of can not be marked absent. */
    setFlags(user: SessionUser, body: z.output<typeof sessionFlagsBody>) {
      return transaction(async (tx: Tx) => {
        const found = await scopedSession(tx, user, body.sessionId, true);
        assertRecordable(user, found);
        const counts = await repo.recordCounts(tx, body.sessionId);
        const clashes: MessageKey[] = [];
        if (body.withOutExam && counts.exams) clashes.push('recordKindExam');
        if (body.withOutHomeWork && counts.homeworks) clashes.push('recordKindHomework');
        if (body.withOutReview && counts.review) clashes.push('recordKindReview');
        if (body.withOutTeach && counts.teach) clashes.push('recordKindTeach');
        if (clashes.length)
          throw new AppError('FAILED_VALIDATION', {
            text: { key: 'sessionHasRecordsOfKind', values: { kinds: { messages: clashes } } },
          });
        const { sessionId, ...flags } = body;
        await repo.setFlags(tx, sessionId, flags);
        return { sessionId };
      });
    },
  };
}
