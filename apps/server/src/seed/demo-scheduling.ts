import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { LessonType } from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import {
  availableTimes,
  classroomLessons,
  classrooms,
  classroomSessions,
  classroomSpecifications,
  classroomStudents,
  lessons,
  sessionPresences,
  specificationLessons,
  specifications,
  teacherTimetables,
  users,
} from '../db/schema/index.ts';

/**
 * Demo timetables, classrooms of every type and their sessions (DESIGN §9, issue #5): three weeks
 * back and four ahead, laid out so nothing double-books, every session sits inside an available time
 * of its teacher, and every slot colour and session display state of SPEC §4 appears. Sessions
 * already held carry presence and teaching-day records; finance's flag (financialConfirmation) is
 * set on the paid ones, so the later weeks show as reserved. `demo-scheduling.api.test.ts` checks
 * these promises on a freshly seeded database.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const WEEKS = { from: -3, to: 4 };

/** Monday 00:00 UTC of the current week (the centre's default time zone is UTC). */
function thisMonday(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return midnight - ((now.getUTCDay() + 6) % 7) * DAY;
}

/** weekday 0 = Monday; hours may be fractional. */
interface Weekly {
  weekday: number;
  from: number;
  to: number;
}

const availability: Record<string, { lessonNames: string[]; times: Weekly[] }> = {
  teacher: {
    lessonNames: ['Mathematics', 'Physics'],
    times: [
      { weekday: 0, from: 9, to: 13 },
      { weekday: 2, from: 9, to: 13 },
      { weekday: 4, from: 14, to: 18 },
    ],
  },
  hannah_brooks: {
    lessonNames: ['English'],
    times: [
      { weekday: 1, from: 9, to: 13 },
      { weekday: 3, from: 9, to: 13 },
    ],
  },
  wei_zhang: {
    lessonNames: ['Physics', 'Chemistry', 'Mathematics'],
    times: [
      { weekday: 0, from: 14, to: 18 },
      { weekday: 3, from: 14, to: 18 },
    ],
  },
  priya_sharma: { lessonNames: ['Chemistry', 'Economics'], times: [{ weekday: 2, from: 15, to: 19 }] },
  ethan_park: { lessonNames: ['Mathematics', 'English'], times: [{ weekday: 5, from: 9, to: 11 }] },
};

interface DemoClass {
  name: string;
  teacher: string;
  assistant?: string;
  students: string[];
  type: 'Private' | 'TwoOrThreePerson' | 'ThreeOrFourPerson' | 'MoreThanFourPerson' | 'Full';
  lessonType: LessonType;
  level: string;
  room: string | null;
  course: string | null;
  times: Weekly[];
  weeks: { from: number; to: number };
  archived?: boolean;
  disabled?: boolean;
  /** reminders (issue 12): an online class's meeting link. */
  meetingLink?: string;
}

const demoClasses: DemoClass[] = [
  {
    name: 'A-Level Mathematics · Lucas',
    teacher: 'teacher',
    assistant: 'assistant',
    students: ['student'],
    type: 'Private',
    lessonType: 'A_LEVEL_Offline',
    level: 'A_LEVEL',
    room: '101',
    course: 'A-Level Mathematics',
    times: [{ weekday: 0, from: 9, to: 10.5 }],
    weeks: WEEKS,
  },
  {
    name: 'A-Level Physics · pair',
    teacher: 'teacher',
    students: ['ethan_xu', 'isabella_ma'],
    type: 'TwoOrThreePerson',
    lessonType: 'A_LEVEL_Offline',
    level: 'A_LEVEL',
    room: '102',
    course: 'A-Level Physics',
    times: [{ weekday: 2, from: 10, to: 11.5 }],
    weeks: WEEKS,
  },
  {
    name: 'IELTS Speaking · trio',
    teacher: 'hannah_brooks',
    assistant: 'assistant',
    students: ['olivia_sun', 'ryan_he', 'alex_qian'],
    type: 'ThreeOrFourPerson',
    lessonType: 'IELTS_Online',
    level: 'IELTS',
    room: null,
    meetingLink: 'https://meet.example.com/ielts-speaking-trio',
    course: 'IELTS Speaking',
    times: [
      { weekday: 1, from: 10, to: 11 },
      { weekday: 3, from: 10, to: 11 },
    ],
    weeks: WEEKS,
  },
  {
    name: 'GCSE Science · group',
    teacher: 'wei_zhang',
    students: ['ava_lin', 'zoe_luo', 'chloe_tang', 'jason_feng', 'leo_guo'],
    type: 'MoreThanFourPerson',
    lessonType: 'GCSE_Offline',
    level: 'GCSE',
    room: '201',
    course: 'GCSE Physics',
    times: [{ weekday: 0, from: 15, to: 16.5 }],
    weeks: WEEKS,
  },
  {
    name: 'SAT Bootcamp',
    teacher: 'ethan_park',
    students: ['leo_guo', 'jason_feng', 'chloe_tang', 'ryan_he', 'ethan_xu', 'isabella_ma', 'student'],
    type: 'Full',
    lessonType: 'SAT_Offline',
    level: 'SAT',
    room: 'Hall',
    course: 'SAT preparation',
    times: [{ weekday: 5, from: 9, to: 11 }],
    weeks: { from: -2, to: 3 },
  },
  {
    name: 'IB Chemistry · Chloe',
    teacher: 'priya_sharma',
    students: ['chloe_tang'],
    type: 'Private',
    lessonType: 'IB_Online',
    level: 'IB',
    room: null,
    course: null,
    times: [{ weekday: 2, from: 16, to: 17 }],
    weeks: { from: 1, to: 3 },
  },
  {
    name: 'GCSE Physics · summer revision',
    teacher: 'wei_zhang',
    students: ['ava_lin'],
    type: 'Private',
    lessonType: 'GCSE_Offline',
    level: 'GCSE',
    room: '202',
    course: 'GCSE Physics',
    times: [{ weekday: 3, from: 15, to: 16 }],
    weeks: { from: -3, to: -1 },
    archived: true,
  },
  {
    name: 'TOEFL Writing (closed)',
    teacher: 'hannah_brooks',
    students: ['ryan_he'],
    type: 'Private',
    lessonType: 'TOEFL_Online',
    level: 'TOEFL',
    room: null,
    course: 'TOEFL iBT preparation',
    times: [{ weekday: 1, from: 11.5, to: 12.5 }],
    weeks: { from: -2, to: 2 },
    disabled: true,
  },
];

type SessionInsert = typeof classroomSessions.$inferInsert;

/**
 * How a session of the demo looks, by where it falls (SPEC §4's states all show up):
 * held weeks confirmed by the admin (green), last week's awaiting the admin, one teacher-moved
 * session (new, yellow), one recorded but not accepted by the teacher (passed), ended ones left
 * unrecorded (not recorded, amber), one cancelled, paid future weeks (green)
 * and unpaid later weeks (reserved, purple).
 */
function lifecycle(
  c: DemoClass,
  week: number,
  index: number,
  past: boolean,
): Partial<SessionInsert> & { records: boolean } {
  const both = { changesConfirmedByTeacher: true, changesConfirmedBySchedulingAdmin: true };
  if (c.disabled) {
    return past
      ? {
          ...both,
          financialConfirmation: true,
          state: 'haveclass',
          confirmation: 'confirmedByAdmin',
          records: true,
        }
      : { ...both, financialConfirmation: true, state: 'canceled', records: false };
  }
  if (past) {
    if (c.name.startsWith('IELTS') && week === -2 && index === 1) {
      return { ...both, financialConfirmation: true, state: 'canceled', records: false };
    }
    if (week === -1 && c.name.startsWith('A-Level Mathematics')) {
      // Recorded and confirmed by the teacher, then moved by the teacher: the admin has to accept it.
      return {
        changesConfirmedByTeacher: true,
        changesConfirmedBySchedulingAdmin: false,
        financialConfirmation: true,
        state: 'haveclass',
        confirmation: 'confirmedByTeacher',
        records: true,
      };
    }
    if (week === -1 && c.name.startsWith('A-Level Physics')) {
      // Booked by the scheduling admin, never accepted by the teacher, not recorded: not recorded.
      return { changesConfirmedBySchedulingAdmin: true, financialConfirmation: true, records: false };
    }
    if (week === -2 && c.name.startsWith('A-Level Physics')) {
      // Recorded and confirmed by the admin, the teacher never accepted the booking: passed.
      return {
        changesConfirmedBySchedulingAdmin: true,
        financialConfirmation: true,
        state: 'haveclass',
        confirmation: 'confirmedByAdmin',
        records: true,
      };
    }
    if (week >= 0) return { ...both, financialConfirmation: true, records: false };
    const confirmation = week === -1 ? 'confirmedByTeacher' : 'confirmedByAdmin';
    return { ...both, financialConfirmation: true, state: 'haveclass', confirmation, records: true };
  }
  if (c.name.startsWith('IB Chemistry')) return { changesConfirmedBySchedulingAdmin: true, records: false };
  return { ...both, financialConfirmation: week <= 2, records: false };
}

/** Seeds the scheduling demo inside the demo transaction; skipped when the demo people are missing. */
export async function seedDemoScheduling(tx: Queryable, now = new Date()): Promise<void> {
  const monday = thisMonday(now);
  const people = await tx.select({ key: users.publicKey, userName: users.userName }).from(users);
  const keyOf = new Map(people.map((p) => [p.userName, p.key]));
  const needed = [...Object.keys(availability), ...demoClasses.flatMap((c) => [c.teacher, ...c.students])];
  if (needed.some((name) => !keyOf.has(name))) return;

  // Timetables: the weekly available times of every demo teacher, one series per weekday.
  const slotsByTeacher = new Map<string, { id: string; start: number; end: number }[]>();
  for (const [userName, plan] of Object.entries(availability)) {
    const teacherKey = keyOf.get(userName)!;
    const [timetable] = await tx
      .insert(teacherTimetables)
      .values({ teacherKey, lessonNames: plan.lessonNames })
      .returning({ id: teacherTimetables.teacherTimeTableId });
    const rows = plan.times.flatMap((time) => {
      const seriesId = randomUUID();
      return range(WEEKS.from, WEEKS.to).map((week) => ({
        teacherTimeTableId: timetable!.id,
        teacherKey,
        startAt: new Date(monday + week * WEEK + time.weekday * DAY + time.from * HOUR),
        endAt: new Date(monday + week * WEEK + time.weekday * DAY + time.to * HOUR),
        seriesId,
      }));
    });
    const inserted = await tx.insert(availableTimes).values(rows).returning();
    slotsByTeacher.set(
      teacherKey,
      inserted.map((s) => ({ id: s.availableTimeId, start: s.startAt.getTime(), end: s.endAt.getTime() })),
    );
  }
  // One available time cancelled next week (black on the calendar).
  const james = slotsByTeacher.get(keyOf.get('teacher')!)!;
  const cancelled = james.find((s) => s.start > monday + WEEK + 4 * DAY && s.start < monday + 2 * WEEK)!;
  await tx
    .update(availableTimes)
    .set({ state: 'Cancel' })
    .where(eq(availableTimes.availableTimeId, cancelled.id));

  for (const c of demoClasses) {
    const teacherKey = keyOf.get(c.teacher)!;
    const studentKeys = c.students.map((s) => keyOf.get(s)!);
    const courseLessons = c.course
      ? await lessonsOfCourse(tx, c.course)
      : { specificationId: null, lessons: [] };
    const [classroom] = await tx
      .insert(classrooms)
      .values({
        classroomName: c.name,
        classroomLevel: c.level,
        classroomType: c.type,
        classroomNumber: c.room,
        meetingLink: c.meetingLink ?? null,
        lessonType: c.lessonType,
        teacherKey,
        assistantKey: c.assistant ? keyOf.get(c.assistant)! : null,
        state: c.disabled ? 'Deleted' : courseLessons.specificationId ? 'Active' : 'WaitingForAddCourse',
        archived: c.archived ?? false,
        createdBy: keyOf.get('scheduler') ?? null,
        createMoment: new Date(monday + c.weeks.from * WEEK - 3 * DAY),
      })
      .returning({ id: classrooms.classroomId });
    const classroomId = classroom!.id;
    await tx.insert(classroomStudents).values(studentKeys.map((studentKey) => ({ classroomId, studentKey })));
    if (courseLessons.specificationId) {
      await tx
        .insert(classroomSpecifications)
        .values({ classroomId, specificationId: courseLessons.specificationId });
    }
    const lessonRows = courseLessons.lessons.length
      ? courseLessons.lessons
      : [
          {
            name: 'Chemistry',
            title: 'Organic chemistry',
            subTitle: 'Functional groups',
            level: c.level,
            hours: '1.00',
            description: '',
          },
        ];
    const insertedLessons = await tx
      .insert(classroomLessons)
      .values(
        lessonRows.map((l, position) => ({
          classroomId,
          lessonName: l.name,
          lessonTitle: l.title,
          lessonSubTitle: l.subTitle ?? '',
          lessonLevel: l.level,
          teachingLessonTimeInHour: l.hours,
          description: l.description ?? '',
          position,
        })),
      )
      .returning({
        id: classroomLessons.classroomLessonId,
        title: classroomLessons.lessonTitle,
        subTitle: classroomLessons.lessonSubTitle,
      });

    const slots = slotsByTeacher.get(teacherKey)!;
    const sessions: (SessionInsert & { records: boolean })[] = [];
    let taught = 0;
    for (const week of range(c.weeks.from, c.weeks.to)) {
      c.times.forEach((time, index) => {
        const start = monday + week * WEEK + time.weekday * DAY + time.from * HOUR;
        const end = monday + week * WEEK + time.weekday * DAY + time.to * HOUR;
        const slot = slots.find((s) => s.start <= start && end <= s.end)!;
        const { records, ...state } = lifecycle(c, week, index, end <= now.getTime());
        const lesson = insertedLessons[taught % insertedLessons.length]!;
        if (records) taught++;
        sessions.push({
          classroomId,
          teacherKey,
          classroomNumber: c.room,
          availableTimeId: slot.id,
          startAt: new Date(start),
          endAt: new Date(end),
          ...state,
          records,
          ...(records
            ? {
                teachingDate: new Date(start),
                taughtLessonsDescription: `${lesson.title}: ${lesson.subTitle || 'review and practice'}`,
                teachingMinutes: Math.round((end - start) / 60_000),
                teachingType: c.lessonType.endsWith('_Online') ? 'online' : 'offline',
                taughtLessonIds: [lesson.id],
              }
            : {}),
        });
      });
    }
    const inserted = await tx
      .insert(classroomSessions)
      .values(sessions.map(({ records: _records, ...s }) => s))
      .returning({ id: classroomSessions.sessionId, start: classroomSessions.startAt });
    const presences = inserted.flatMap((row, i) =>
      sessions[i]!.records
        ? studentKeys.map((studentKey, j) => ({
            sessionId: row.id,
            studentKey,
            // Somebody misses a class now and then.
            isPresent: (i + j) % 7 !== 3,
            feedback: (i + j) % 4 === 0 ? feedbackLines[(i + j) % feedbackLines.length]! : null,
            recordedBy: teacherKey,
          }))
        : [],
    );
    if (presences.length) await tx.insert(sessionPresences).values(presences);
    await tx.execute(
      sql`update classrooms c set
          first_session_start = (select min(s.start_at) from classroom_sessions s where s.classroom_id = c.classroom_id and s.state <> 'canceled'),
          last_session_end = (select max(s.end_at) from classroom_sessions s where s.classroom_id = c.classroom_id and s.state <> 'canceled')
        where c.classroom_id = ${classroomId}`,
    );
  }
}

const feedbackLines = [
  'Well prepared; clear, confident answers.',
  'Needs more practice with the homework questions.',
  'Great participation today.',
  'Arrived late; catch up on the first exercise.',
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

async function lessonsOfCourse(tx: Queryable, title: string) {
  const [course] = await tx
    .select({ id: specifications.specificationId })
    .from(specifications)
    .where(eq(specifications.title, title))
    .limit(1);
  if (!course) return { specificationId: null, lessons: [] };
  const rows = await tx
    .select({
      name: lessons.name,
      title: lessons.title,
      subTitle: lessons.subTitle,
      level: lessons.level,
      hours: lessons.teachingTimeInHour,
      description: lessons.description,
    })
    .from(specificationLessons)
    .innerJoin(lessons, eq(lessons.lessonId, specificationLessons.lessonId))
    .where(inArray(specificationLessons.specificationId, [course.id]))
    .orderBy(asc(specificationLessons.position));
  return { specificationId: course.id, lessons: rows };
}
