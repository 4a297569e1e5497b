import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  contract,
  type CreateClassroomInput,
  type ErrorCode,
  errorCatalogue,
  formatMessage,
  type Language,
  type MessageKey,
  type Role,
} from '@tutoria/shared';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  availableTimes,
  classroomLessons,
  classrooms,
  classroomSessions,
  classroomStudents,
  sessionPresences,
  teacherTimetables,
} from '../src/db/schema/index.ts';
import { type BuiltUser, buildUser, sessionFor, tableCounts } from './factories.ts';
import type { TestApp } from './test-app.ts';

export const HOUR = 3600;
export const DAY = 86400;
export const WEEK = 7 * DAY;

/** Midnight UTC of the Monday `weeks` weeks from this one: a stable grid for test times. */
export function monday(weeks = 1): number {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000;
  const weekday = (now.getUTCDay() + 6) % 7;
  return today - weekday * DAY + weeks * WEEK;
}

export interface Person extends BuiltUser {
  token: string;
  fullName: string;
}

export async function person(
  t: TestApp,
  role: Role,
  overrides: { fullName?: string; consultantKey?: string } = {},
): Promise<Person> {
  const fullName = overrides.fullName ?? `${role} ${Math.random().toString(36).slice(2, 8)}`;
  const user = await buildUser(t.db, { role, fullName, consultantKey: overrides.consultantKey });
  return { ...user, fullName, token: await sessionFor(t.db, user) };
}

/** One user per role plus a second teacher and three students (two with the consultant). */
export async function centre(t: TestApp) {
  const admin = await person(t, 'Admin');
  const scheduler = await person(t, 'SchedulingAdmin');
  const leader = await person(t, 'TeamLeader');
  const finance = await person(t, 'FinancialAdmin');
  const consultant = await person(t, 'AcademicConsultant');
  const teacher = await person(t, 'Teacher', { fullName: 'Teacher Tina' });
  const teacher2 = await person(t, 'Teacher', { fullName: 'Teacher Tom' });
  const assistant = await person(t, 'AssistantTeacher');
  const student = await person(t, 'Student', {
    fullName: 'Student Sara',
    consultantKey: consultant.publicKey,
  });
  const student2 = await person(t, 'Student', {
    fullName: 'Student Sam',
    consultantKey: consultant.publicKey,
  });
  const student3 = await person(t, 'Student', { fullName: 'Student Sue' });
  return {
    admin,
    scheduler,
    leader,
    finance,
    consultant,
    teacher,
    teacher2,
    assistant,
    student,
    student2,
    student3,
  };
}
export type Centre = Awaited<ReturnType<typeof centre>>;

export async function addSlots(
  t: TestApp,
  token: string,
  times: { start: number; end: number }[],
  extra: { teacherPublicKey?: string; repeatWeeklyUntil?: number } = {},
) {
  const res = await t.call(contract.timetable.addAvailableTimes, { body: { times, ...extra } }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().availableTimes as {
    availableTimeId: string;
    start: number;
    end: number;
    seriesId: string | null;
  }[];
}

export const lesson = {
  lessonName: 'Mathematics',
  lessonTitle: 'Pure Mathematics 1',
  lessonSubTitle: 'Algebra',
  lessonLevel: 'A_LEVEL',
  teachingLessonTimeInHour: '1.5',
  description: 'Functions and graphs',
};

export function classBody(
  c: { teacher: Person; students: Person[] },
  times: { start: number; end: number }[],
  extra: Partial<CreateClassroomInput> = {},
): CreateClassroomInput {
  return {
    studentsPublicKey: c.students.map((s) => s.publicKey),
    teacherPublicKey: c.teacher.publicKey,
    lessons: [lesson],
    specificationIds: [],
    classroomName: `Class ${Math.random().toString(36).slice(2, 7)}`,
    classroomLevel: 'A_LEVEL',
    classroomType: 'TwoOrThreePerson',
    lessonType: 'A_LEVEL_Offline',
    classroomNumber: null,
    times,
    ...extra,
  };
}

export async function createClass(
  t: TestApp,
  token: string,
  c: { teacher: Person; students: Person[] },
  times: { start: number; end: number }[],
  extra: Partial<CreateClassroomInput> = {},
) {
  const res = await t.call(contract.classes.create, { body: classBody(c, times, extra) }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { classroomId: string; sessionIds: string[] };
}

export interface BuiltClassroom {
  classroomId: string;
  /** In the order of the times given. */
  sessionIds: string[];
  lessonId: string;
  teacher: Person;
  assistant: Person | null;
  students: Person[];
}

/**
 * A class straight in the database, as the booking would leave it: its own teacher and students
 * (unless given), an available time of the teacher around each session, one lesson, sessions booked
 * by the scheduling admin (not yet accepted by the teacher, not financially confirmed). Tests build
 * one each, so no test depends on another's records.
 */
export async function buildClassroom(
  t: TestApp,
  options: {
    times: { start: number; end: number }[];
    teacher?: Person;
    students?: Person[];
    assistant?: boolean;
    classroomType?: string;
    room?: string | null;
    name?: string;
  },
): Promise<BuiltClassroom> {
  const teacher = options.teacher ?? (await person(t, 'Teacher'));
  const students = options.students ?? [await person(t, 'Student'), await person(t, 'Student')];
  const assistant = options.assistant ? await person(t, 'AssistantTeacher') : null;
  const db = t.db;
  const [timetable] = await db
    .insert(teacherTimetables)
    .values({ teacherKey: teacher.publicKey })
    .onConflictDoUpdate({ target: teacherTimetables.teacherKey, set: { teacherKey: teacher.publicKey } })
    .returning();
  const slots = options.times.length
    ? await db
        .insert(availableTimes)
        .values(
          options.times.map((time) => ({
            teacherTimeTableId: timetable!.teacherTimeTableId,
            teacherKey: teacher.publicKey,
            startAt: new Date(time.start * 1000),
            endAt: new Date(time.end * 1000),
          })),
        )
        .returning()
    : [];
  const room = options.room ?? null;
  const [classroom] = await db
    .insert(classrooms)
    .values({
      classroomName: options.name ?? `Class ${Math.random().toString(36).slice(2, 7)}`,
      classroomLevel: 'A_LEVEL',
      classroomType: options.classroomType ?? 'TwoOrThreePerson',
      classroomNumber: room,
      lessonType: 'A_LEVEL_Offline',
      teacherKey: teacher.publicKey,
      assistantKey: assistant?.publicKey ?? null,
      state: 'WaitingForAddCourse',
      firstSessionStart: options.times.length
        ? new Date(Math.min(...options.times.map((x) => x.start)) * 1000)
        : null,
      lastSessionEnd: options.times.length
        ? new Date(Math.max(...options.times.map((x) => x.end)) * 1000)
        : null,
    })
    .returning();
  const classroomId = classroom!.classroomId;
  if (students.length)
    await db
      .insert(classroomStudents)
      .values(students.map((s) => ({ classroomId, studentKey: s.publicKey })));
  const [built] = await db
    .insert(classroomLessons)
    .values({ classroomId, ...lesson, teachingLessonTimeInHour: '1.50', position: 0 })
    .returning();
  const sessions = options.times.length
    ? await db
        .insert(classroomSessions)
        .values(
          options.times.map((time, i) => ({
            classroomId,
            teacherKey: teacher.publicKey,
            classroomNumber: room,
            availableTimeId: slots[i]!.availableTimeId,
            startAt: new Date(time.start * 1000),
            endAt: new Date(time.end * 1000),
            changesConfirmedBySchedulingAdmin: true,
          })),
        )
        .returning()
    : [];
  return {
    classroomId,
    sessionIds: sessions.map((x) => x.sessionId),
    lessonId: built!.classroomLessonId,
    teacher,
    assistant,
    students,
  };
}

/** Records of a session straight in the database: presences, the teaching day, a confirmation. */
export async function recordSession(
  db: Db,
  sessionId: string,
  records: {
    presences?: { student: { publicKey: string }; isPresent: boolean; feedback?: string | null }[];
    teachingDay?: boolean;
    confirmation?: 'confirmedByTeacher' | 'confirmedByAdmin';
  },
) {
  if (records.presences?.length) {
    await db.insert(sessionPresences).values(
      records.presences.map((p) => ({
        sessionId,
        studentKey: p.student.publicKey,
        isPresent: p.isPresent,
        feedback: p.feedback ?? null,
      })),
    );
  }
  await db
    .update(classroomSessions)
    .set({
      ...(records.teachingDay
        ? {
            teachingDate: sql`${classroomSessions.startAt}`,
            taughtLessonsDescription: 'Quadratic equations',
            teachingMinutes: 60,
            teachingType: 'offline',
          }
        : {}),
      ...(records.confirmation ? { confirmation: records.confirmation, state: 'haveclass' } : {}),
    })
    .where(sql`${classroomSessions.sessionId} = ${sessionId}`);
}

/** Rows of every scheduling table and the count of every table: what a refused call must leave as it was. */
export async function schedulingState(db: Db) {
  const rows: Record<string, string[]> = {};
  for (const table of [
    'teacher_timetables',
    'available_times',
    'classrooms',
    'classroom_students',
    'classroom_lessons',
    'classroom_specifications',
    'classroom_sessions',
    'session_presences',
  ]) {
    const result = (await db.execute(
      sql.raw(`select to_jsonb(x)::text as row from "${table}" x`),
    )) as unknown as {
      rows: { row: string }[];
    };
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return { counts: await tableCounts(db), rows };
}

/** The text the server says for a message key, in a language: tests name the key, not its wording. */
export const text = (
  key: MessageKey,
  values: Record<string, string | number> = {},
  language: Language = 'en',
) => formatMessage(language, key, values);

/** A refusal: the catalogue's status for the code, and (with `key`) the text of that message key. */
export function expectRefused(res: LightMyRequestResponse, code: ErrorCode, key?: MessageKey) {
  expect(res.json().code, res.body).toBe(code);
  expect(res.statusCode).toBe(errorCatalogue[code].status);
  if (key) expect(res.json().message).toBe(text(key));
}

/** Makes a call that must be refused with `code` (and the text of `key`) and proves it wrote nothing. */
export async function refusesWithoutWriting(
  t: TestApp,
  call: () => Promise<LightMyRequestResponse>,
  code: ErrorCode,
  key?: MessageKey,
) {
  const before = await schedulingState(t.db);
  const res = await call();
  expectRefused(res, code, key);
  expect(await schedulingState(t.db)).toEqual(before);
  return res;
}
