import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, messages } from '@tutoria/shared';
import { classroomLessons, lessonProgress } from '../../db/schema/index.ts';
import { refusedUnchanged } from '../../../test/academic-factories.ts';
import {
  buildClassroom,
  type BuiltClassroom,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Lesson hours (issue 27): a session's hours are shared among its lessons, a lesson's hours never
 * pass its length, the pre-filled hours are what the session may still give the lesson, and the
 * records, the reports and the parent's report show one computation of the figures.
 */
let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
});
afterAll(() => t.close());

const a = contract.academic;
const r = contract.reports;
const first = monday(-2) + 9 * HOUR;
const second = monday(-1) + 9 * HOUR;

/** A class with two held 90-minute sessions and two lessons: the factory's (1.5 h) and a 2 h one. */
async function twoLessonClass() {
  const built = await buildClassroom(t, {
    times: [
      { start: first, end: first + 1.5 * HOUR },
      { start: second, end: second + 1.5 * HOUR },
    ],
  });
  const [extra] = await t.db
    .insert(classroomLessons)
    .values({
      classroomId: built.classroomId,
      lessonName: 'Physics',
      lessonTitle: 'Mechanics',
      lessonSubTitle: 'Forces',
      lessonLevel: 'A_LEVEL',
      description: 'Newton’s laws',
      teachingLessonTimeInHour: '2.00',
      position: 1,
    })
    .returning();
  return { ...built, secondLessonId: extra!.classroomLessonId };
}

const teach = (
  built: BuiltClassroom,
  session: number,
  lessonId: string,
  extra: { teachedTimeInHour?: number; teachState?: 'Pending' | 'Done' } = {},
  language: 'en' | 'zh' = 'en',
) =>
  t.call(
    a.setTeaching,
    {
      body: {
        sessionId: built.sessionIds[session]!,
        classroomLessonId: lessonId,
        teachState: extra.teachState ?? 'Pending',
        ...(extra.teachedTimeInHour === undefined ? {} : { teachedTimeInHour: extra.teachedTimeInHour }),
      },
    },
    { token: built.teacher.token, language },
  );

const recordsOf = async (built: BuiltClassroom, session: number) =>
  (
    await t.call(
      a.sessionRecords,
      { query: { sessionId: built.sessionIds[session]! } },
      { token: admin.token },
    )
  ).json();

const storedHours = async (sessionId: string, lessonId: string) => {
  const [row] = await t.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.sessionId, sessionId), eq(lessonProgress.classroomLessonId, lessonId)));
  return row?.teachedTimeInHour ?? null;
};

describe('sharing a session among its lessons', () => {
  it('pre-fills what the session may still give each lesson, and refuses more than the session has left', async () => {
    const built = await twoLessonClass();
    const before = await recordsOf(built, 0);
    expect(before.lessons.map((l: { hoursRoomHere: number }) => l.hoursRoomHere)).toEqual([1.5, 1.5]);
    // Left out, the hours are the room: the whole 1.5 h session to the first lesson.
    expect((await teach(built, 0, built.lessonId)).statusCode).toBe(200);
    expect(await storedHours(built.sessionIds[0]!, built.lessonId)).toBe('1.50');
    const after = await recordsOf(built, 0);
    expect(after.lessons[1]).toMatchObject({ lessonName: 'Physics', hoursRoomHere: 0 });
    // The second lesson can take nothing more of this session: refused, with what is left.
    const refused = await refusedUnchanged(
      t,
      () => teach(built, 0, built.secondLessonId, { teachedTimeInHour: 0.5 }),
      'FAILED_VALIDATION',
    );
    expect(refused.json().details).toEqual([
      {
        field: 'teachedTimeInHour',
        message: "This session's other lessons took their share: 0 h of its 1.5 h are left.",
      },
    ]);
    // A correction of the first lesson frees time for the second.
    expect((await teach(built, 0, built.lessonId, { teachedTimeInHour: 1 })).statusCode).toBe(200);
    expect((await recordsOf(built, 0)).lessons[1].hoursRoomHere).toBe(0.5);
    expect((await teach(built, 0, built.secondLessonId)).statusCode).toBe(200);
    expect(await storedHours(built.sessionIds[0]!, built.secondLessonId)).toBe('0.50');
  });
});

describe('a lesson over several sessions', () => {
  it('never passes its length: the pre-fill is what is left, more is refused in the caller language', async () => {
    const built = await twoLessonClass();
    // 1.5 h lesson: 1 h at the first session, then only 0.5 h left at the second.
    expect((await teach(built, 0, built.lessonId, { teachedTimeInHour: 1 })).statusCode).toBe(200);
    expect((await recordsOf(built, 1)).lessons[0]).toMatchObject({
      teachedTimeInHour: 1,
      teachingTimeLeftInHour: 0.5,
      teachingPercent: 66,
      hoursRoomHere: 0.5,
    });
    const refused = await teach(built, 1, built.lessonId, { teachedTimeInHour: 1.5 }, 'zh');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toEqual({
      field: 'teachedTimeInHour',
      message: messages.zh.lessonHoursLeft.replace('{total}', '1.5').replace('{left}', '0.5'),
    });
    expect((await teach(built, 1, built.lessonId)).statusCode).toBe(200);
    expect(await storedHours(built.sessionIds[1]!, built.lessonId)).toBe('0.50');
    expect((await recordsOf(built, 1)).lessons[0]).toMatchObject({
      teachedTimeInHour: 1.5,
      teachingTimeLeftInHour: 0,
      teachingPercent: 100,
      hoursRoomHere: 0.5,
    });
  });

  it('old records past the length are shown as the length, in the records, the reports and the report of a session', async () => {
    const built = await twoLessonClass();
    const student = built.students[0]!;
    await t.db.insert(lessonProgress).values(
      [0, 1].map((i) => ({
        sessionId: built.sessionIds[i]!,
        classroomLessonId: built.lessonId,
        classroomId: built.classroomId,
        teachState: 'Pending',
        teachedTimeInHour: '1.50',
      })),
    );
    await recordSession(t.db, built.sessionIds[1]!, {
      teachingDay: true,
      presences: built.students.map((s) => ({ student: s, isPresent: true })),
    });
    expect((await recordsOf(built, 1)).lessons[0]).toMatchObject({
      teachedTimeInHour: 1.5,
      teachingTimeLeftInHour: 0,
      teachingPercent: 100,
    });
    const byTitle = await t.call(
      r.lessonTitleTeachingProgress,
      { query: { publicKey: student.publicKey, classroomId: built.classroomId } },
      { token: admin.token },
    );
    expect(byTitle.json().groups).toContainEqual(
      expect.objectContaining({ hours: 1.5, taughtHours: 1.5, percent: 100 }),
    );
    const report = await t.call(
      contract.sessionReports.sessionReport,
      { query: { sessionId: built.sessionIds[1]!, studentPublicKey: student.publicKey } },
      { token: admin.token },
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ status: 'held' });
    expect(report.json().progress[0]).toMatchObject({
      teachedTimeInHour: 1.5,
      teachingLessonTimeInHour: 1.5,
      teachingTimeLeftInHour: 0,
      teachingPercent: 100,
    });
  });

  it('a lesson finished early leaves nothing and counts whole, its hours as taught, everywhere alike', async () => {
    const built = await twoLessonClass();
    const student = built.students[0]!;
    expect(
      (await teach(built, 0, built.lessonId, { teachedTimeInHour: 1, teachState: 'Done' })).statusCode,
    ).toBe(200);
    const lesson = (await recordsOf(built, 0)).lessons[0];
    expect(lesson).toMatchObject({ teachedTimeInHour: 1, teachingTimeLeftInHour: 0, teachingPercent: 100 });
    const byName = await t.call(
      r.lessonNameTeachingProgress,
      { query: { publicKey: student.publicKey, classroomId: built.classroomId, lessonName: 'Mathematics' } },
      { token: admin.token },
    );
    expect(byName.json().groups).toEqual([
      { name: 'Mathematics', lessons: 1, done: 1, hours: 1.5, taughtHours: 1, percent: 100 },
    ]);
  });
});
