import { contract, type CreateClassroomInput, type Role } from '@tutoria/shared';
import { expect } from 'vitest';
import { type BuiltUser, buildUser, sessionFor } from './factories.ts';
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
