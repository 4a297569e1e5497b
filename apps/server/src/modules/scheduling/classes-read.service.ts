import {
  baseTypeOfLessonType,
  type ClassroomDetails,
  type FilteredByDateBody,
  type ListQuery,
  type notAvailableRoomsQuery,
  type notAvailableStudentsQuery,
} from '@tutoria/shared';
import type { z } from 'zod';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { classmateViewOf } from './classmates.ts';
import * as lists from './classes-list.repo.ts';
import { scopedClassroom } from './classes-rules.ts';
import * as bookingRepo from './booking.repo.ts';
import * as repo from './classes.repo.ts';
import { presencesOfClassroom, sessionViewsOf } from './session-views.repo.ts';
import { reachableClassrooms } from '../../access/reach.ts';
import { financialStateOf, toClassroomRow, toSession, toSessionRow } from './views.ts';

export type ClassesReadService = ReturnType<typeof createClassesReadService>;

/** Every student named in some list rows. */
const studentKeysOf = (rows: readonly { students: readonly { publicKey: string }[] }[]) =>
  rows.flatMap((row) => row.students.map((s) => s.publicKey));

/**
 * What callers read about classes, each within their scope (DESIGN §6) and with the classmates rule
 * (issue #14) applied to every per-student record.
 */
export function createClassesReadService({ db, config }: ModuleContext) {
  /** Sessions of a class in the caller's scope, with their records as the caller may read them. */
  async function sessions(user: SessionUser, classroomId: string, filter: repo.SessionFilter) {
    await scopedClassroom(db, user, classroomId);
    const [students, rows, presences] = await Promise.all([
      repo.studentsOf(db, classroomId),
      sessionViewsOf(db, classroomId, filter),
      presencesOfClassroom(db, classroomId, filter),
    ]);
    const keys = students.map((s) => s.studentPublicKey);
    const view = await classmateViewOf(db, user, [...keys, ...presences.map((p) => p.studentPublicKey)]);
    return { data: rows.map((s) => toSession(s, presences, keys, view)) };
  }

  async function list(user: SessionUser, query: ListQuery, taughtBy?: string) {
    const page = await lists.listClassrooms(
      db,
      query,
      { scope: reachableClassrooms(user), taughtBy },
      config.listAllCap,
    );
    const view = await classmateViewOf(db, user, studentKeysOf(page.data));
    return { data: page.data.map((row) => toClassroomRow(row, view)), totalCount: page.totalCount };
  }

  return {
    list: (user: SessionUser, query: ListQuery) => list(user, query),

    /** The Teacher's list (admin_classes_teacher): only classes the caller teaches or assists. */
    listOfTeacher: (user: SessionUser, query: ListQuery) => list(user, query, user.publicKey),

    async filteredByDate(user: SessionUser, body: FilteredByDateBody) {
      const { rows, totalCount } = await lists.listSessions(db, body, reachableClassrooms(user));
      const view = await classmateViewOf(db, user, studentKeysOf(rows));
      return { data: rows.map((row) => toSessionRow(row, view)), totalCount };
    },

    async details(user: SessionUser, classroomId: string): Promise<ClassroomDetails> {
      const row = await scopedClassroom(db, user, classroomId);
      const [students, lessons, specifications, sessionRows, presences] = await Promise.all([
        repo.studentsOf(db, classroomId),
        repo.lessonsOf(db, classroomId),
        repo.specificationsOf(db, classroomId),
        sessionViewsOf(db, classroomId),
        presencesOfClassroom(db, classroomId),
      ]);
      const keys = students.map((s) => s.studentPublicKey);
      const view = await classmateViewOf(db, user, [...keys, ...presences.map((p) => p.studentPublicKey)]);
      const times = sessionRows.map((s) => toSession(s, presences, keys, view));
      const lessonType = row.lessonType as ClassroomDetails['lessonType'];
      return {
        classroomId: row.classroomId,
        classroomName: row.classroomName,
        classroomLevel: row.classroomLevel,
        classroomType: row.classroomType as ClassroomDetails['classroomType'],
        classroomNumber: row.classroomNumber,
        meetingLink: row.meetingLink,
        lessonType,
        baseType: baseTypeOfLessonType(lessonType),
        state: row.state as ClassroomDetails['state'],
        archived: row.archived,
        teacher: { teacherPublicKey: row.teacherPublicKey, teacherName: row.teacherName },
        assistantTeacher: row.assistantKey
          ? { publicKey: row.assistantKey, fullName: row.assistantName ?? '' }
          : null,
        students: students.map(view.rosterEntry),
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
        times,
        financialState: view.readsClassMoney(keys) ? financialStateOf(times) : null,
        createMoment: row.createMoment,
      };
    },

    async timesState(user: SessionUser, classroomId: string) {
      await scopedClassroom(db, user, classroomId);
      const [state, students] = await Promise.all([
        repo.timesState(db, classroomId),
        repo.studentsOf(db, classroomId),
      ]);
      const keys = students.map((s) => s.studentPublicKey);
      const readsMoney = (await classmateViewOf(db, user, keys)).readsClassMoney(keys);
      return { classroomId, ...state, reserved: readsMoney ? state.reserved : null };
    },

    async notAvailableStudents(query: z.output<typeof notAvailableStudentsQuery>) {
      return { data: await bookingRepo.busyStudents(db, query.studentsPublicKey, query) };
    },

    async notAvailableRooms(query: z.output<typeof notAvailableRoomsQuery>) {
      const rows = await bookingRepo.busyRooms(db, query.classroomNumber, query);
      return { data: rows.map((r) => ({ ...r, classroomNumber: r.classroomNumber! })) };
    },

    async classNumbers() {
      return { data: await repo.classNumbers(db) };
    },

    /**
     * Classes where a user studies, teaches or assists, among the classes the caller reaches (a user
     * out of reach shares none with the caller: an empty list).
     */
    async ofUser(user: SessionUser, userKey: string) {
      const rows = await lists.classroomsOfUser(db, userKey, reachableClassrooms(user));
      const view = await classmateViewOf(db, user, studentKeysOf(rows));
      return {
        data: rows.map((row) => ({
          ...toClassroomRow(row, view),
          relation:
            row.teacherPublicKey === userKey
              ? ('teacher' as const)
              : row.assistantKey === userKey
                ? ('assistant' as const)
                : ('student' as const),
        })),
      };
    },

    /** Sessions of a class that ended and were not cancelled (held or not yet recorded). */
    passedLessons: (user: SessionUser, classroomId: string) => sessions(user, classroomId, 'passed'),

    /** Sessions whose teaching day names the lesson. */
    sessionsOfLesson: (user: SessionUser, classroomId: string, classroomLessonId: string) =>
      sessions(user, classroomId, { taughtLessonId: classroomLessonId }),
  };
}
