import { z } from 'zod';
import { lessonType, lessonTypes, type LessonType } from './catalog.ts';
import { entityId, epochSeconds, okResponse, publicKey, textInput } from './common.ts';
import { listQuery } from './list-query.ts';
import {
  checkInterval,
  checkRange,
  chosenKey,
  classroomType,
  MAX_TIME_HOURS,
  MAX_TIMES_PER_REQUEST,
  nonEmpty,
  queryEpoch,
  queryId,
  queryList,
  sessionConfirmation,
  sessionDisplayStateEnum,
  sessionTimeState,
  teachingType,
  timeFields,
} from './scheduling-basics.ts';

/** Classrooms and their sessions (SPEC §3, §7 Classes). */

// ————————————————————————————————————————————— classrooms

/** Hours as a decimal, from a number or a numeric string (SPEC §5: the lesson hour is parsed as a decimal). */
export const lessonHoursDecimal = z
  .union([z.number(), textInput().trim().min(1).max(12)])
  .transform((v) => (typeof v === 'number' ? v : Number(v)))
  .refine((n) => Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
    params: { messageKey: 'decimal', values: { places: 2 } },
    abort: true,
  })
  .pipe(z.number().gt(0).max(1000));

export const classroomLessonInput = z.strictObject({
  lessonName: textInput().trim().min(1).max(100),
  lessonTitle: textInput().trim().max(200).default(''),
  lessonSubTitle: textInput().trim().max(200).default(''),
  lessonLevel: textInput().trim().min(1).max(50),
  teachingLessonTimeInHour: lessonHoursDecimal,
  description: textInput().trim().max(2000).default(''),
});
export type ClassroomLessonInput = z.input<typeof classroomLessonInput>;

export const classroomLesson = z.object({
  classroomLessonId: entityId,
  lessonName: z.string(),
  lessonTitle: z.string(),
  lessonSubTitle: z.string(),
  lessonLevel: z.string(),
  teachingLessonTimeInHour: z.number(),
  description: z.string(),
});
export type ClassroomLesson = z.infer<typeof classroomLesson>;

/** A session to book: inside an available time of the teacher (found by the server when not named). */
export const sessionTimeInput = z
  .strictObject({ ...timeFields, availableTimeId: entityId.optional() })
  .superRefine((v, ctx) => checkInterval(v, ctx));

const roomNumber = textInput().trim().max(20).nullable();

/** reminders (issue 12): an online class's meeting link, SPEC §5's url rule; kept only for an online lesson type. */
export const meetingLink = textInput()
  .trim()
  .max(500)
  .refine((v) => /^https?:\/\/\S+$/i.test(v), { params: { messageKey: 'url' } })
  .nullable();

/** A lesson type taught online (`…_Online`): its class may carry a meeting link. */
export const isOnlineLessonType = (type: string) => type.endsWith('_Online');

const classroomFields = {
  classroomName: textInput().trim().min(1).max(100),
  classroomLevel: textInput().trim().min(1).max(50),
  classroomType,
  lessonType,
  /** The room; null for a class taught online. */
  classroomNumber: roomNumber.optional(),
  meetingLink: meetingLink.optional(),
};

export const createClassroomBody = z.strictObject({
  studentsPublicKey: nonEmpty(publicKey, 'selectStudent', 200),
  teacherPublicKey: chosenKey('selectTeacher'),
  assistantTeacherPublicKey: publicKey.nullable().optional(),
  lessons: nonEmpty(classroomLessonInput, 'selectLessons', 50),
  specificationIds: z.array(entityId).max(50).default([]),
  ...classroomFields,
  times: nonEmpty(sessionTimeInput, 'addTime', MAX_TIMES_PER_REQUEST),
});
export type CreateClassroomBody = z.infer<typeof createClassroomBody>;
export type CreateClassroomInput = z.input<typeof createClassroomBody>;

export const checkTimesBody = z.strictObject({
  teacherPublicKey: chosenKey('selectTeacher'),
  studentsPublicKey: z.array(publicKey).max(200).default([]),
  classroomNumber: roomNumber.optional(),
  /** The class the times are for, when adding to an existing one (its sessions still clash with new times). */
  classroomId: entityId.optional(),
  times: nonEmpty(sessionTimeInput, 'addTime', MAX_TIMES_PER_REQUEST),
});

export const bookingConflictKind = z.enum(['teacher', 'student', 'room', 'availability', 'request']);
export type BookingConflictKind = z.infer<typeof bookingConflictKind>;

/** One clash, named (DESIGN §7): which student, which room, which session. */
export const bookingConflict = z.object({
  kind: bookingConflictKind,
  /** The index of the requested time that clashes. */
  index: z.number().int(),
  message: z.string(),
  start: epochSeconds,
  end: epochSeconds,
  studentPublicKey: publicKey.nullable(),
  studentName: z.string().nullable(),
  classroomNumber: z.string().nullable(),
  classroomId: entityId.nullable(),
  classroomName: z.string().nullable(),
  sessionId: entityId.nullable(),
});
export type BookingConflict = z.infer<typeof bookingConflict>;

export const checkTimesResponse = z.object({
  times: z.array(
    z.object({
      start: epochSeconds,
      end: epochSeconds,
      availableTimeId: entityId.nullable(),
      conflicts: z.array(bookingConflict),
    }),
  ),
  conflictCount: z.number().int(),
});
export type CheckTimesResponse = z.infer<typeof checkTimesResponse>;

export const classroomStates = ['WaitingForAddCourse', 'Active', 'Finished', 'Deleted'] as const;
export const classroomState = z.enum(classroomStates);
export type ClassroomState = z.infer<typeof classroomState>;

export const classPersonRef = z.object({ publicKey, fullName: z.string() });

/**
 * A student named in a class: to a caller who reads only their own records (a Student, issue #14) a
 * classmate appears by display name alone, with `publicKey` null.
 */
export const classStudentRef = z.object({ publicKey: publicKey.nullable(), fullName: z.string() });

export const sessionPresence = z.object({
  studentPublicKey: publicKey,
  studentName: z.string(),
  isPresent: z.boolean(),
  feedback: z.string().nullable(),
});

export const teachingDayInformation = z.object({
  /** The teaching day (epoch seconds of the day's start in the centre's time zone, as entered). */
  date: epochSeconds,
  taughtLessonsDescription: z.string(),
  teachingMinutes: z.number().int(),
  teachingType: teachingType,
  classroomLessonIds: z.array(entityId),
});
export type TeachingDayInformation = z.infer<typeof teachingDayInformation>;

export const classSession = z.object({
  sessionId: entityId,
  classroomId: entityId,
  availableTimeId: entityId.nullable(),
  start: epochSeconds,
  end: epochSeconds,
  durationMinutes: z.number().int(),
  state: sessionTimeState,
  classroomNumber: z.string().nullable(),
  /**
   * Set by finance when every student's credit covers the session. Null for a student of a class
   * with classmates (it sums up their payments too); the display state then leaves out rule 1.
   */
  financialConfirmation: z.boolean().nullable(),
  confirmation: sessionConfirmation,
  changesConfirmedByTeacher: z.boolean(),
  changesConfirmedBySchedulingAdmin: z.boolean(),
  teachingDayInformation: teachingDayInformation.nullable(),
  /** Every student's presence and feedback; a Student gets only their own (issue #14). */
  presences: z.array(sessionPresence),
  /** SPEC §4's display state and colour, from the shared rule. */
  displayState: sessionDisplayStateEnum,
  displayColour: z.string(),
});
export type ClassSession = z.infer<typeof classSession>;

export const classroomSpecification = z.object({
  specificationId: entityId,
  title: z.string(),
  level: z.string().nullable(),
});

export const classroomDetails = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  classroomLevel: z.string(),
  classroomType,
  classroomNumber: z.string().nullable(),
  /** An online class's meeting link (reminders, issue 12). */
  meetingLink: z.string().nullable(),
  lessonType,
  baseType: z.string(),
  state: classroomState,
  archived: z.boolean(),
  teacher: z.object({ teacherPublicKey: publicKey, teacherName: z.string() }),
  assistantTeacher: classPersonRef.nullable(),
  /** The roster; to a Student, classmates by name only (key and consultant null, issue #14). */
  students: z.array(
    z.object({
      studentPublicKey: publicKey.nullable(),
      studentName: z.string(),
      consultantPublicKey: publicKey.nullable(),
    }),
  ),
  lessons: z.array(classroomLesson),
  specifications: z.array(classroomSpecification),
  times: z.array(classSession),
  /**
   * reserved while any live session lacks financial confirmation (finance sets it), else confirmed.
   * Null for a student of a class with classmates (issue #14: money figures are one's own only).
   */
  financialState: z.enum(['reserved', 'confirmed', 'none']).nullable(),
  createMoment: epochSeconds,
});
export type ClassroomDetails = z.infer<typeof classroomDetails>;

export const classroomRow = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  classroomLevel: z.string(),
  classroomType,
  classroomNumber: z.string().nullable(),
  lessonType,
  state: classroomState,
  archived: z.boolean(),
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  students: z.array(classStudentRef),
  sessionCount: z.number().int(),
  nextSessionStart: epochSeconds.nullable(),
  lastSessionEnd: epochSeconds.nullable(),
  createMoment: epochSeconds,
});
export type ClassroomRow = z.infer<typeof classroomRow>;

/** The class lists (SPEC §7 admin_classes): where/order columns. fromTime/toTime: has a live session in [from, to). */
export const classroomListColumns = {
  classroomName: { type: 'text' },
  classroomLevel: { type: 'text' },
  classroomType: { type: 'enum' },
  classroomNumber: { type: 'text' },
  lessonType: { type: 'enum' },
  state: { type: 'enum' },
  archived: { type: 'boolean' },
  teacherPublicKey: { type: 'text' },
  teacherName: { type: 'text' },
  studentPublicKey: { type: 'text', sortable: false },
  studentName: { type: 'text', sortable: false },
  consultantPublicKey: { type: 'text', sortable: false },
  fromTime: { type: 'time', sortable: false },
  toTime: { type: 'time', sortable: false },
  createMoment: { type: 'time' },
  lastSessionEnd: { type: 'time' },
} as const;

export const classroomListQuery = listQuery;

/** Sessions in a date range with their classroom (SPEC §7 GetAllClassroomsFilteredByDate). */
export const filteredByDateBody = z
  .strictObject({
    start: epochSeconds,
    end: epochSeconds,
    classroomsId: z.array(entityId).max(500).optional(),
    teachersPublicKey: z.array(publicKey).max(500).optional(),
    studentsPublicKey: z.array(publicKey).max(500).optional(),
    academicConsultantPublicKey: z.union([publicKey, z.array(publicKey).max(100)]).optional(),
    lessonType: z.union([lessonType, z.array(lessonType).max(lessonTypes.length)]).optional(),
    /** Session time states to include; default all. */
    states: z.array(sessionTimeState).max(3).optional(),
    /** Only sessions waiting for their records (ended, not cancelled, records missing; issue #13). */
    waitingForRecords: z.boolean().optional(),
    page: z
      .strictObject({
        index: z.number().int().min(1).default(1),
        size: z.number().int().min(1).max(500).default(50),
      })
      .default({ index: 1, size: 50 }),
  })
  .superRefine(checkRange);
export type FilteredByDateBody = z.infer<typeof filteredByDateBody>;

export const classSessionRow = classSession.omit({ presences: true, teachingDayInformation: true }).extend({
  classroomName: z.string(),
  classroomType,
  lessonType,
  /** The class's meeting link, online classes only (reminders, issue 12). */
  meetingLink: z.string().nullable(),
  classroomState: classroomState,
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  students: z.array(classStudentRef),
  hasTeachingDayInformation: z.boolean(),
});
export type ClassSessionRow = z.infer<typeof classSessionRow>;

export const classroomIdQuery = z.strictObject({ classroomId: queryId });
export const classroomIdBody = z.strictObject({ classroomId: entityId });
export const sessionIdBody = z.strictObject({ sessionId: entityId });

export const notAvailableStudentsQuery = z
  .strictObject({
    studentsPublicKey: queryList(z.uuid()),
    start: queryEpoch,
    end: queryEpoch,
    exceptClassroomId: queryId.optional(),
  })
  .superRefine(checkRange);

export const busyStudentTime = z.object({
  studentPublicKey: publicKey,
  studentName: z.string(),
  sessionId: entityId,
  classroomId: entityId,
  classroomName: z.string(),
  start: epochSeconds,
  end: epochSeconds,
});
export const busyStudentTimes = z.object({ data: z.array(busyStudentTime) });

export const notAvailableRoomsQuery = z
  .strictObject({
    start: queryEpoch,
    end: queryEpoch,
    classroomNumber: textInput().trim().min(1).max(20).optional(),
    exceptClassroomId: queryId.optional(),
  })
  .superRefine(checkRange);

export const busyRoomTime = z.object({
  classroomNumber: z.string(),
  sessionId: entityId,
  classroomId: entityId,
  classroomName: z.string(),
  start: epochSeconds,
  end: epochSeconds,
});
export const busyRoomTimes = z.object({ data: z.array(busyRoomTime) });

export const classNumbers = z.object({ data: z.array(z.string()) });

export const userClassroomsQuery = z.strictObject({ publicKey: queryId });
export const userClassrooms = z.object({
  data: z.array(classroomRow.extend({ relation: z.enum(['student', 'teacher', 'assistant']) })),
});

export const classroomTimesState = z.object({
  classroomId: entityId,
  total: z.number().int(),
  waitingforclass: z.number().int(),
  haveclass: z.number().int(),
  canceled: z.number().int(),
  noConfirmation: z.number().int(),
  confirmedByTeacher: z.number().int(),
  confirmedByAdmin: z.number().int(),
  /** Live sessions not financially confirmed; null for a student of a class with classmates (issue #14). */
  reserved: z.number().int().nullable(),
  minutesHeld: z.number().int(),
  nextSessionStart: epochSeconds.nullable(),
});

export const classSessionsList = z.object({ data: z.array(classSession) });

export const sessionsOfLessonQuery = z.strictObject({ classroomId: queryId, classroomLessonId: queryId });

// ————————————————————————————————————————————— classroom changes

export const editClassroomBody = z.strictObject({
  classroomId: entityId,
  ...classroomFields,
  teacherPublicKey: publicKey.optional(),
  assistantTeacherPublicKey: publicKey.nullable().optional(),
});

export const editTimesAndLessonsBody = z
  .strictObject({
    classroomId: entityId,
    times: z.array(sessionTimeInput).max(MAX_TIMES_PER_REQUEST).default([]),
    lessons: z.array(classroomLessonInput).max(50).default([]),
  })
  .refine((b) => b.times.length + b.lessons.length > 0, {
    path: ['times'],
    params: { messageKey: 'addTime' },
  });

export const editTimeDetailBody = z
  .strictObject({ sessionId: entityId, ...timeFields, availableTimeId: entityId.optional() })
  .superRefine((v, ctx) => checkInterval(v, ctx));

export const classroomAddLessonBody = z.strictObject({ classroomId: entityId, lesson: classroomLessonInput });
export const classroomRemoveLessonBody = z.strictObject({
  classroomId: entityId,
  classroomLessonId: entityId,
});
export const classroomSpecificationsBody = z.strictObject({
  classroomId: entityId,
  specificationIds: z.array(entityId).min(1).max(50),
});
export const classroomAddStudentsBody = z.strictObject({
  classroomId: entityId,
  studentsPublicKey: nonEmpty(publicKey, 'selectStudent', 200),
});
export const classroomRemoveStudentBody = z.strictObject({
  classroomId: entityId,
  studentPublicKey: publicKey,
});

export const presenceBody = z.strictObject({
  sessionId: entityId,
  presences: z
    .array(
      z.strictObject({
        studentPublicKey: publicKey,
        isPresent: z.boolean(),
        feedback: textInput().trim().max(2000).nullable().optional(),
      }),
    )
    .min(1)
    .max(200),
});

export const teachingDayInfoBody = z.strictObject({
  sessionId: entityId,
  date: epochSeconds,
  taughtLessonsDescription: textInput().trim().min(1).max(4000),
  teachingMinutes: z
    .number()
    .int()
    .min(1)
    .max(MAX_TIME_HOURS * 60),
  teachingType,
  classroomLessonIds: z.array(entityId).max(50).default([]),
});

export const archiveClassroomBody = z.strictObject({
  classroomId: entityId,
  archived: z.boolean().default(true),
});

export const destroyClassroomBody = z.strictObject({
  classroomId: entityId,
  /** The class name typed by the admin, as a guard against destroying the wrong class. */
  confirmation: textInput().max(200),
});

export const changesConfirmationBody = z.strictObject({
  classroomId: entityId,
  /** Default: every session of the class waiting for this side's confirmation. */
  sessionIds: z.array(entityId).max(MAX_TIMES_PER_REQUEST).optional(),
});

export const createClassroomResponse = okResponse.extend({
  classroomId: entityId,
  sessionIds: z.array(entityId),
});
export const classroomChangeResponse = okResponse.extend({ classroomId: entityId });
export const sessionsChangeResponse = okResponse.extend({
  classroomId: entityId,
  sessionIds: z.array(entityId),
});

/** The base type of a lesson type (GCSE_Online → GCSE). */
export function baseTypeOfLessonType(type: LessonType): string {
  return type.replace(/_(Online|Offline)$/, '');
}
