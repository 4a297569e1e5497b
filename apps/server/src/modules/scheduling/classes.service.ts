import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  baseTypeOfLessonType,
  classroomCapacity,
  type ClassroomDetails,
  type CreateClassroomBody,
  type FilteredByDateBody,
  type Language,
  type ListQuery,
  type MessageKey,
} from '@tutoria/shared';
import type { z } from 'zod';
import type {
  archiveClassroomBody,
  checkTimesBody,
  classroomAddLessonBody,
  classroomLessonInput,
  classroomSpecificationsBody,
  destroyClassroomBody,
  editClassroomBody,
  editTimesAndLessonsBody,
  notAvailableRoomsQuery,
  notAvailableStudentsQuery,
} from '@tutoria/shared';
import type { Config } from '../../config.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import {
  classroomLessons,
  classrooms,
  classroomSessions,
  classroomSpecifications,
  classroomStudents,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { toEpoch } from '../../lib/time.ts';
import { describeConflict, findConflicts, lockForBooking, throwIfConflicts } from './booking.ts';
import * as repo from './classes.repo.ts';
import { classroomsOfUser, listClassrooms, listSessions } from './classes.list.ts';
import { activeAssistant, activeStudents, activeTeacher } from './people.ts';
import { changeFlags, classroomScope } from './scope.ts';
import * as sessionsRepo from './sessions.repo.ts';
import { epoch, toDate, withRetry } from './sql.ts';
import { toSession } from './views.ts';

type LessonInput = z.output<typeof classroomLessonInput>;
type Output<T extends z.ZodType> = z.output<T>;

export type ClassesService = ReturnType<typeof createClassesService>;

/** Classrooms: creation with its sessions, reads, and every change but the per-session ones (DESIGN §7). */
export function createClassesService({ db, config, events }: { db: Db; config: Config; events: EventBus }) {
  /** Records an event and dispatches it (after the change committed). */
  async function publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]) {
    await events.record(db, name, payload);
    events.afterCommit();
  }

  /** A class in the caller's scope, or FETCH_DATA_FAILED as if it did not exist. */
  async function scoped(q: Queryable, user: SessionUser, classroomId: string) {
    const row = await repo.findClassroom(q, classroomId, classroomScope(user));
    if (!row) throw notFound();
    return row;
  }

  /** Changes need a live class: a disabled one answers classDisabled, an archived one classArchived. */
  function assertWritable(row: repo.ClassroomRecord, options: { allowArchived?: boolean } = {}) {
    if (row.storedState === 'Deleted')
      throw new AppError('FAILED_VALIDATION', { text: { key: 'classDisabled' } });
    if (row.archived && !options.allowArchived)
      throw new AppError('FAILED_VALIDATION', { text: { key: 'classArchived' } });
  }

  function checkCapacity(type: string, count: number) {
    const max = classroomCapacity[type as keyof typeof classroomCapacity];
    if (max !== null && max !== undefined && count > max) {
      throw new AppError('FAILED_VALIDATION', {
        fields: [{ field: 'studentsPublicKey', key: 'classCapacity', values: { max } }],
      });
    }
  }

  async function checkSpecifications(q: Queryable, ids: readonly string[]) {
    const found = await repo.existingSpecificationIds(q, ids);
    if (ids.some((id) => !found.has(id))) {
      throw new AppError('FAILED_VALIDATION', {
        fields: [{ field: 'specificationIds', key: 'unknownSpecification' }],
      });
    }
  }

  async function insertLessons(tx: Tx, classroomId: string, lessons: readonly LessonInput[], from = 0) {
    if (!lessons.length) return;
    await tx.insert(classroomLessons).values(
      lessons.map((l, i) => ({
        classroomId,
        lessonName: l.lessonName,
        lessonTitle: l.lessonTitle,
        lessonSubTitle: l.lessonSubTitle,
        lessonLevel: l.lessonLevel,
        teachingLessonTimeInHour: l.teachingLessonTimeInHour.toFixed(2),
        description: l.description,
        position: from + i,
      })),
    );
  }

  /** Who a change concerns, read after it commits. */
  async function notify(
    classroomId: string,
    user: SessionUser,
    action: DomainEvents['classroom.changed']['action'],
    sessions?: { ids: string[]; action: DomainEvents['session.changed']['action'] },
    known?: { name: string; userKeys: string[] },
  ) {
    const who = known ?? (await sessionsRepo.peopleOf(db, [classroomId])).get(classroomId);
    if (!who) return;
    await publish('classroom.changed', {
      classroomId,
      classroomName: who.name,
      action,
      actorKey: user.publicKey,
      userKeys: who.userKeys,
    });
    if (sessions?.ids.length) {
      await publish('session.changed', {
        classroomId,
        classroomName: who.name,
        sessionIds: sessions.ids,
        action: sessions.action,
        actorKey: user.publicKey,
        userKeys: who.userKeys,
      });
    }
  }

  /** Books new sessions of a class: locks, every check, then the insert — one transaction. */
  async function bookSessions(
    tx: Tx,
    user: SessionUser,
    language: Language,
    target: {
      classroomId: string;
      teacherKey: string;
      teacherName: string;
      studentKeys: readonly string[];
      room: string | null;
    },
    times: readonly { start: number; end: number; availableTimeId?: string }[],
  ): Promise<string[]> {
    if (!times.length) return [];
    const check = await findConflicts(
      tx,
      {
        teacherKey: target.teacherKey,
        teacherName: target.teacherName,
        studentKeys: target.studentKeys,
        room: target.room,
        times: times.map((t, index) => ({ index, ...t })),
      },
      config.timeZone,
    );
    throwIfConflicts(check.conflicts, language);
    const inserted = await tx
      .insert(classroomSessions)
      .values(
        times.map((t, index) => ({
          classroomId: target.classroomId,
          teacherKey: target.teacherKey,
          classroomNumber: target.room,
          availableTimeId: check.slotOf.get(index)!,
          startAt: toDate(t.start),
          endAt: toDate(t.end),
          ...changeFlags(user),
        })),
      )
      .returning({ sessionId: classroomSessions.sessionId });
    await sessionsRepo.refreshSpans(tx, [target.classroomId]);
    return inserted.map((r) => r.sessionId);
  }

  return {
    async create(user: SessionUser, body: CreateClassroomBody, language: Language) {
      const teacher = await activeTeacher(db, body.teacherPublicKey, 'teacherPublicKey');
      const students = await activeStudents(db, body.studentsPublicKey, 'studentsPublicKey');
      if (body.assistantTeacherPublicKey)
        await activeAssistant(db, body.assistantTeacherPublicKey, 'assistantTeacherPublicKey');
      checkCapacity(body.classroomType, students.length);
      const specificationIds = [...new Set(body.specificationIds)];
      await checkSpecifications(db, specificationIds);
      const room = body.classroomNumber || null;
      const studentKeys = students.map((s) => s.publicKey);
      const result = await withRetry(() =>
        db.transaction(async (tx) => {
          await lockForBooking(tx, { teachers: [teacher.publicKey], students: studentKeys, rooms: [room] });
          const [classroom] = await tx
            .insert(classrooms)
            .values({
              classroomName: body.classroomName,
              classroomLevel: body.classroomLevel,
              classroomType: body.classroomType,
              classroomNumber: room,
              lessonType: body.lessonType,
              teacherKey: teacher.publicKey,
              assistantKey: body.assistantTeacherPublicKey ?? null,
              state: specificationIds.length ? 'Active' : 'WaitingForAddCourse',
              createdBy: user.publicKey,
            })
            .returning({ classroomId: classrooms.classroomId });
          const classroomId = classroom!.classroomId;
          await tx
            .insert(classroomStudents)
            .values(studentKeys.map((studentKey) => ({ classroomId, studentKey })));
          await insertLessons(tx, classroomId, body.lessons);
          if (specificationIds.length) {
            await tx
              .insert(classroomSpecifications)
              .values(specificationIds.map((specificationId) => ({ classroomId, specificationId })));
          }
          const sessionIds = await bookSessions(
            tx,
            user,
            language,
            { classroomId, teacherKey: teacher.publicKey, teacherName: teacher.fullName, studentKeys, room },
            body.times,
          );
          return { classroomId, sessionIds };
        }),
      );
      await notify(result.classroomId, user, 'created', { ids: result.sessionIds, action: 'added' });
      return result;
    },

    /** Every clash of proposed times, without booking (the class wizard shows them before saving). */
    async checkTimes(body: Output<typeof checkTimesBody>, language: Language) {
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
          conflicts: check.conflicts
            .filter((c) => c.index === index)
            .map((c) => describeConflict(c, language)),
        })),
        conflictCount: check.conflicts.length,
      };
    },

    list(user: SessionUser, query: ListQuery) {
      return listClassrooms(db, query, classroomScope(user), config.listAllCap);
    },

    /** The Teacher's list (admin_classes_teacher): only classes the caller teaches or assists. */
    listOfTeacher(user: SessionUser, query: ListQuery) {
      const mine = sql`(${classrooms.teacherKey} = ${user.publicKey} or ${classrooms.assistantKey} = ${user.publicKey})`;
      return listClassrooms(db, query, and(classroomScope(user), mine), config.listAllCap);
    },

    filteredByDate(user: SessionUser, body: FilteredByDateBody) {
      return listSessions(db, body, classroomScope(user));
    },

    async details(user: SessionUser, classroomId: string): Promise<ClassroomDetails> {
      const row = await scoped(db, user, classroomId);
      const [students, lessons, specifications, sessions] = await Promise.all([
        repo.studentsOf(db, classroomId),
        repo.lessonsOf(db, classroomId),
        repo.specificationsOf(db, classroomId),
        repo.sessionsOf(db, classroomId),
      ]);
      const presences = await repo.presencesOf(
        db,
        sessions.map((s) => s.sessionId),
      );
      const studentKeys = students.map((s) => s.studentPublicKey);
      const live = sessions.filter((s) => s.state !== 'canceled');
      return {
        classroomId: row.classroomId,
        classroomName: row.classroomName,
        classroomLevel: row.classroomLevel,
        classroomType: row.classroomType as ClassroomDetails['classroomType'],
        classroomNumber: row.classroomNumber,
        lessonType: row.lessonType as ClassroomDetails['lessonType'],
        baseType: baseTypeOfLessonType(row.lessonType as ClassroomDetails['lessonType']),
        state: row.state as ClassroomDetails['state'],
        archived: row.archived,
        teacher: { teacherPublicKey: row.teacherPublicKey, teacherName: row.teacherName },
        assistantTeacher: row.assistantKey
          ? { publicKey: row.assistantKey, fullName: row.assistantName ?? '' }
          : null,
        students,
        lessons: lessons.map((l) => ({
          classroomLessonId: l.classroomLessonId,
          lessonName: l.lessonName,
          lessonTitle: l.lessonTitle,
          lessonSubTitle: l.lessonSubTitle,
          lessonLevel: l.lessonLevel,
          teachingLessonTimeInHour: Number(l.teachingLessonTimeInHour),
          description: l.description,
        })),
        specifications,
        times: sessions.map((s) => toSession(s, presences, studentKeys)),
        financialState: !live.length
          ? 'none'
          : live.every((s) => s.financialConfirmation)
            ? 'confirmed'
            : 'reserved',
        createMoment: toEpoch(row.createMoment),
      };
    },

    async timesState(user: SessionUser, classroomId: string) {
      await scoped(db, user, classroomId);
      const row = await repo.timesState(db, classroomId);
      const n = (key: string) => Number(row[key] ?? 0);
      return {
        classroomId,
        total: n('total'),
        waitingforclass: n('waitingforclass'),
        haveclass: n('haveclass'),
        canceled: n('canceled'),
        noConfirmation: n('noConfirmation'),
        confirmedByTeacher: n('confirmedByTeacher'),
        confirmedByAdmin: n('confirmedByAdmin'),
        reserved: n('reserved'),
        minutesHeld: n('minutesHeld'),
        nextSessionStart:
          row.nextSessionStart === null || row.nextSessionStart === undefined
            ? null
            : Number(row.nextSessionStart),
      };
    },

    async notAvailableStudents(query: Output<typeof notAvailableStudentsQuery>) {
      const rows = await repo.busyStudents(
        db,
        query.studentsPublicKey,
        query.start,
        query.end,
        query.exceptClassroomId,
      );
      return {
        data: rows.map((r) => ({
          studentPublicKey: r.student_key!,
          studentName: r.student_name!,
          sessionId: r.session_id,
          classroomId: r.classroom_id,
          classroomName: r.classroom_name,
          start: epoch(r.start_at),
          end: epoch(r.end_at),
        })),
      };
    },

    async notAvailableRooms(query: Output<typeof notAvailableRoomsQuery>) {
      const rows = await repo.busyRooms(
        db,
        query.classroomNumber,
        query.start,
        query.end,
        query.exceptClassroomId,
      );
      return {
        data: rows.map((r) => ({
          classroomNumber: r.classroom_number!,
          sessionId: r.session_id,
          classroomId: r.classroom_id,
          classroomName: r.classroom_name,
          start: epoch(r.start_at),
          end: epoch(r.end_at),
        })),
      };
    },

    async classNumbers() {
      return { data: await repo.classNumbers(db) };
    },

    async ofUser(user: SessionUser, userKey: string) {
      return { data: await classroomsOfUser(db, userKey, classroomScope(user)) };
    },

    /** Sessions of a class that ended and were not cancelled (held or not yet recorded). */
    async passedLessons(user: SessionUser, classroomId: string) {
      await scoped(db, user, classroomId);
      return sessionList(
        classroomId,
        sql`${classroomSessions.endAt} < now() and ${classroomSessions.state} <> 'canceled'`,
      );
    },

    async sessionsOfLesson(user: SessionUser, classroomId: string, classroomLessonId: string) {
      await scoped(db, user, classroomId);
      return sessionList(
        classroomId,
        sql`${classroomSessions.taughtLessonIds} @> array[${classroomLessonId}]::uuid[]`,
      );
    },

    async edit(user: SessionUser, body: Output<typeof editClassroomBody>, language: Language) {
      const before = await scoped(db, user, body.classroomId);
      assertWritable(before);
      const newTeacher =
        body.teacherPublicKey && body.teacherPublicKey !== before.teacherPublicKey
          ? body.teacherPublicKey
          : null;
      if (newTeacher) await activeTeacher(db, newTeacher, 'teacherPublicKey');
      if (body.assistantTeacherPublicKey)
        await activeAssistant(db, body.assistantTeacherPublicKey, 'assistantTeacherPublicKey');
      const room = body.classroomNumber === undefined ? before.classroomNumber : body.classroomNumber || null;
      await withRetry(() =>
        db.transaction(async (tx) => {
          const students = await repo.studentsOf(tx, body.classroomId);
          await lockForBooking(tx, {
            teachers: [before.teacherPublicKey, ...(newTeacher ? [newTeacher] : [])],
            students: students.map((s) => s.studentPublicKey),
            rooms: [before.classroomNumber, room],
          });
          checkCapacity(body.classroomType, students.length);
          const future = await repo.sessionsOf(
            tx,
            body.classroomId,
            sql`${classroomSessions.startAt} > now() and ${classroomSessions.state} <> 'canceled'`,
          );
          if (newTeacher && future.length) {
            throw new AppError('FAILED_VALIDATION', {
              fields: [{ field: 'teacherPublicKey', key: 'teacherChangeWithSessions' }],
            });
          }
          if (room !== before.classroomNumber && room && future.length) {
            const check = await findConflicts(
              tx,
              {
                teacherKey: before.teacherPublicKey,
                teacherName: before.teacherName,
                studentKeys: [],
                room,
                times: future.map((s, index) => ({
                  index,
                  start: toEpoch(s.startAt),
                  end: toEpoch(s.endAt),
                })),
                excludeSessionIds: future.map((s) => s.sessionId),
                kinds: ['room'],
              },
              config.timeZone,
            );
            throwIfConflicts(check.conflicts, language, 'classroomNumber');
          }
          await tx
            .update(classrooms)
            .set({
              classroomName: body.classroomName,
              classroomLevel: body.classroomLevel,
              classroomType: body.classroomType,
              lessonType: body.lessonType,
              classroomNumber: room,
              ...(newTeacher ? { teacherKey: newTeacher } : {}),
              ...(body.assistantTeacherPublicKey !== undefined
                ? { assistantKey: body.assistantTeacherPublicKey }
                : {}),
              updatedAt: new Date(),
            })
            .where(eq(classrooms.classroomId, body.classroomId));
          if (room !== before.classroomNumber && future.length) {
            await tx
              .update(classroomSessions)
              .set({ classroomNumber: room, updatedAt: new Date() })
              .where(
                inArray(
                  classroomSessions.sessionId,
                  future.map((s) => s.sessionId),
                ),
              );
          }
        }),
      );
      await notify(body.classroomId, user, 'edited');
      return { classroomId: body.classroomId };
    },

    /** Adds sessions (checked like a new class's) and lessons. */
    async editTimesAndLessons(
      user: SessionUser,
      body: Output<typeof editTimesAndLessonsBody>,
      language: Language,
    ) {
      const row = await scoped(db, user, body.classroomId);
      assertWritable(row);
      const sessionIds = await withRetry(() =>
        db.transaction(async (tx) => {
          const students = await repo.studentsOf(tx, body.classroomId);
          const studentKeys = students.map((s) => s.studentPublicKey);
          await lockForBooking(tx, {
            teachers: [row.teacherPublicKey],
            students: studentKeys,
            rooms: [row.classroomNumber],
          });
          const lessons = await repo.lessonsOf(tx, body.classroomId);
          await insertLessons(tx, body.classroomId, body.lessons, lessons.length);
          return bookSessions(
            tx,
            user,
            language,
            {
              classroomId: body.classroomId,
              teacherKey: row.teacherPublicKey,
              teacherName: row.teacherName,
              studentKeys,
              room: row.classroomNumber,
            },
            body.times,
          );
        }),
      );
      await notify(body.classroomId, user, body.lessons.length ? 'lessonsChanged' : 'edited', {
        ids: sessionIds,
        action: 'added',
      });
      return { classroomId: body.classroomId, sessionIds };
    },

    async addLesson(user: SessionUser, body: Output<typeof classroomAddLessonBody>) {
      const row = await scoped(db, user, body.classroomId);
      assertWritable(row);
      await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        const lessons = await repo.lessonsOf(tx, body.classroomId);
        await insertLessons(tx, body.classroomId, [body.lesson], lessons.length);
      });
      await notify(body.classroomId, user, 'lessonsChanged');
      return { classroomId: body.classroomId };
    },

    async removeLesson(user: SessionUser, body: { classroomId: string; classroomLessonId: string }) {
      const row = await scoped(db, user, body.classroomId);
      assertWritable(row);
      await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        const lessons = await repo.lessonsOf(tx, body.classroomId);
        if (!lessons.some((l) => l.classroomLessonId === body.classroomLessonId)) {
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: 'classroomLessonId', key: 'lessonNotInClass' }],
          });
        }
        if (lessons.length <= 1)
          throw new AppError('FAILED_VALIDATION', { text: { key: 'classKeepsLesson' } });
        await tx
          .delete(classroomLessons)
          .where(eq(classroomLessons.classroomLessonId, body.classroomLessonId));
        await tx.execute(
          sql`update classroom_sessions set taught_lesson_ids = array_remove(taught_lesson_ids, ${body.classroomLessonId}::uuid)
            where classroom_id = ${body.classroomId} and taught_lesson_ids @> array[${body.classroomLessonId}]::uuid[]`,
        );
      });
      await notify(body.classroomId, user, 'lessonsChanged');
      return { classroomId: body.classroomId };
    },

    async addSpecifications(user: SessionUser, body: Output<typeof classroomSpecificationsBody>) {
      const row = await scoped(db, user, body.classroomId);
      assertWritable(row);
      const ids = [...new Set(body.specificationIds)];
      await checkSpecifications(db, ids);
      await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        await tx
          .insert(classroomSpecifications)
          .values(ids.map((specificationId) => ({ classroomId: body.classroomId, specificationId })))
          .onConflictDoNothing();
        await tx
          .update(classrooms)
          .set({ state: 'Active', updatedAt: new Date() })
          .where(
            and(eq(classrooms.classroomId, body.classroomId), eq(classrooms.state, 'WaitingForAddCourse')),
          );
      });
      await notify(body.classroomId, user, 'specificationsChanged');
      return { classroomId: body.classroomId };
    },

    async removeSpecifications(user: SessionUser, body: Output<typeof classroomSpecificationsBody>) {
      const row = await scoped(db, user, body.classroomId);
      assertWritable(row);
      await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        await tx
          .delete(classroomSpecifications)
          .where(
            and(
              eq(classroomSpecifications.classroomId, body.classroomId),
              inArray(classroomSpecifications.specificationId, body.specificationIds),
            ),
          );
        const left = await repo.specificationsOf(tx, body.classroomId);
        if (!left.length) {
          await tx
            .update(classrooms)
            .set({ state: 'WaitingForAddCourse', updatedAt: new Date() })
            .where(and(eq(classrooms.classroomId, body.classroomId), eq(classrooms.state, 'Active')));
        }
      });
      await notify(body.classroomId, user, 'specificationsChanged');
      return { classroomId: body.classroomId };
    },

    /** New students must be free at every future session of the class, and the class type must take them. */
    async addStudents(
      user: SessionUser,
      body: { classroomId: string; studentsPublicKey: string[] },
      language: Language,
    ) {
      const row = await scoped(db, user, body.classroomId);
      assertWritable(row);
      const students = await activeStudents(db, body.studentsPublicKey, 'studentsPublicKey');
      const keys = students.map((s) => s.publicKey);
      await withRetry(() =>
        db.transaction(async (tx) => {
          await lockForBooking(tx, { teachers: [row.teacherPublicKey], students: keys });
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
          const future = await repo.sessionsOf(
            tx,
            body.classroomId,
            sql`${classroomSessions.endAt} > now() and ${classroomSessions.state} <> 'canceled'`,
          );
          const check = await findConflicts(
            tx,
            {
              teacherKey: row.teacherPublicKey,
              teacherName: row.teacherName,
              studentKeys: keys,
              room: null,
              times: future.map((s, index) => ({ index, start: toEpoch(s.startAt), end: toEpoch(s.endAt) })),
              excludeSessionIds: future.map((s) => s.sessionId),
              kinds: ['student'],
            },
            config.timeZone,
          );
          throwIfConflicts(check.conflicts, language, 'studentsPublicKey');
          await tx
            .insert(classroomStudents)
            .values(keys.map((studentKey) => ({ classroomId: body.classroomId, studentKey })));
        }),
      );
      await notify(body.classroomId, user, 'studentsAdded');
      return { classroomId: body.classroomId };
    },

    async removeStudent(user: SessionUser, body: { classroomId: string; studentPublicKey: string }) {
      const row = await scoped(db, user, body.classroomId);
      assertWritable(row);
      const before = (await sessionsRepo.peopleOf(db, [body.classroomId])).get(body.classroomId);
      await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        const current = await repo.studentsOf(tx, body.classroomId);
        if (!current.some((s) => s.studentPublicKey === body.studentPublicKey)) {
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: 'studentPublicKey', key: 'studentNotInClass' }],
          });
        }
        if (current.length <= 1)
          throw new AppError('FAILED_VALIDATION', { text: { key: 'classKeepsStudent' } });
        await tx
          .delete(classroomStudents)
          .where(
            and(
              eq(classroomStudents.classroomId, body.classroomId),
              eq(classroomStudents.studentKey, body.studentPublicKey),
            ),
          );
      });
      await notify(body.classroomId, user, 'studentRemoved', undefined, before);
      return { classroomId: body.classroomId };
    },

    /** Archive needs no future live session; un-archive always works (on a class that is not disabled). */
    async archive(user: SessionUser, body: Output<typeof archiveClassroomBody>): Promise<MessageKey> {
      const row = await scoped(db, user, body.classroomId);
      assertWritable(row, { allowArchived: true });
      await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        if (body.archived) {
          const future = await repo.sessionsOf(
            tx,
            body.classroomId,
            sql`${classroomSessions.startAt} > now() and ${classroomSessions.state} = 'waitingforclass'`,
          );
          if (future.length)
            throw new AppError('FAILED_VALIDATION', { text: { key: 'classHasFutureSessions' } });
        }
        await tx
          .update(classrooms)
          .set({ archived: body.archived, updatedAt: new Date() })
          .where(eq(classrooms.classroomId, body.classroomId));
      });
      await notify(body.classroomId, user, body.archived ? 'archived' : 'unarchived');
      return body.archived ? 'classArchivedDone' : 'classUnarchivedDone';
    },

    /** Disable (the spec's delete call): state Deleted, future sessions cancelled; only Admin still sees it. */
    async disable(user: SessionUser, classroomId: string) {
      const row = await scoped(db, user, classroomId);
      if (row.storedState === 'Deleted')
        throw new AppError('FAILED_VALIDATION', { text: { key: 'classDisabled' } });
      const who = (await sessionsRepo.peopleOf(db, [classroomId])).get(classroomId);
      const cancelled = await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        const future = await repo.sessionsOf(
          tx,
          classroomId,
          sql`${classroomSessions.startAt} > now() and ${classroomSessions.state} = 'waitingforclass'`,
        );
        const ids = future.map((s) => s.sessionId);
        await sessionsRepo.cancelSessions(tx, ids, changeFlags(user));
        await tx
          .update(classrooms)
          .set({ state: 'Deleted', updatedAt: new Date() })
          .where(eq(classrooms.classroomId, classroomId));
        await sessionsRepo.refreshSpans(tx, [classroomId]);
        return ids;
      });
      await notify(classroomId, user, 'disabled', { ids: cancelled, action: 'cancelled' }, who);
      return { classroomId };
    },

    /** Destroy (Admin): the class and everything of it, for good; the typed name must match. */
    async destroy(user: SessionUser, body: Output<typeof destroyClassroomBody>) {
      const row = await scoped(db, user, body.classroomId);
      if (body.confirmation.trim() !== row.classroomName.trim()) {
        throw new AppError('FAILED_VALIDATION', {
          fields: [{ field: 'confirmation', key: 'destroyConfirmation' }],
        });
      }
      const who = (await sessionsRepo.peopleOf(db, [body.classroomId])).get(body.classroomId);
      await db.transaction(async (tx) => {
        await lockForBooking(tx, { teachers: [row.teacherPublicKey] });
        await tx.delete(classrooms).where(eq(classrooms.classroomId, body.classroomId));
      });
      await notify(body.classroomId, user, 'destroyed', undefined, who);
    },
  };

  async function sessionList(classroomId: string, extra: ReturnType<typeof sql>) {
    const [students, sessions] = await Promise.all([
      repo.studentsOf(db, classroomId),
      repo.sessionsOf(db, classroomId, extra),
    ]);
    const presences = await repo.presencesOf(
      db,
      sessions.map((s) => s.sessionId),
    );
    const keys = students.map((s) => s.studentPublicKey);
    return { data: sessions.map((s) => toSession(s, presences, keys)) };
  }
}
