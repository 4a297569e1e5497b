import { z } from 'zod';
import { entityId, epochSeconds, okResponse, publicKey, textInput } from './common.ts';
import {
  checkInterval,
  checkRange,
  MAX_TIMES_PER_REQUEST,
  nonEmpty,
  queryEpoch,
  queryList,
  sessionTimeState,
  slotState,
  timeFields,
} from './scheduling-basics.ts';

/** Teachers' timetables: available times, their sessions, the admin week in pages (SPEC §3, §7 Timetable). */

/** A session as it shows inside a timetable slot. */
export const slotSession = z.object({
  sessionId: entityId,
  classroomId: entityId,
  classroomName: z.string(),
  classroomNumber: z.string().nullable(),
  start: epochSeconds,
  end: epochSeconds,
  state: sessionTimeState,
  studentNames: z.array(z.string()),
  /** Ended without its records: shown "not recorded" (issue #13, docs/decisions.md). */
  waitingForRecords: z.boolean(),
});
export type SlotSession = z.infer<typeof slotSession>;

export const availableTime = z.object({
  availableTimeId: entityId,
  start: epochSeconds,
  end: epochSeconds,
  /** Stored Active or Cancel; Full when live sessions fill it; Expired when it passed unbooked. */
  state: slotState,
  hasClassroom: z.boolean(),
  /** Slots added together as a weekly series share this id. */
  seriesId: entityId.nullable(),
  sessions: z.array(slotSession),
});
export type AvailableTime = z.infer<typeof availableTime>;

export const teacherTimeTable = z.object({
  /** Null for a teacher who has never had an available time. */
  teacherTimeTableId: entityId.nullable(),
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  /** The lesson names this teacher teaches (SPEC §3 lessonName; a teacher may teach several). */
  lessonName: z.string().nullable(),
  lessonNames: z.array(z.string()),
  availableTimes: z.array(availableTime),
});
export type TeacherTimeTable = z.infer<typeof teacherTimeTable>;
export const teacherTimeTables = z.array(teacherTimeTable);

/** The most teachers one page of a timetable call may ask for (issue 30). */
export const MAX_TIMETABLE_PAGE = 100;

/**
 * A page of teachers (issue 30), in the answer's order (full name, then key): at most `limit`,
 * those after the teacher `after` (the last one of the previous page). Without them, every teacher.
 */
const teacherPage = (limit: z.ZodNumber | z.ZodCoercedNumber) => ({
  limit: limit.int().min(1).max(MAX_TIMETABLE_PAGE).optional(),
  after: publicKey.optional(),
});

export const timetableQuery = z
  .strictObject({
    start: queryEpoch,
    end: queryEpoch,
    lessonNames: queryList(textInput().min(1).max(100)).optional(),
    ...teacherPage(z.coerce.number()),
  })
  .superRefine(checkRange);

export const timetableFilterBody = z
  .strictObject({
    start: epochSeconds,
    end: epochSeconds,
    lessonNames: z.array(textInput().min(1).max(100)).max(100).optional(),
    teachersPublicKey: z.array(publicKey).max(500).optional(),
    ...teacherPage(z.number()),
  })
  .superRefine(checkRange);

/** An active teacher for a picker of the timetable (issue 30): no week, the lesson names it offers. */
export const timetableTeacher = z.object({
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  lessonNames: z.array(z.string()),
});
export type TimetableTeacher = z.infer<typeof timetableTeacher>;

export const addAvailableTimesBody = z
  .strictObject({
    /** Whose timetable; defaults to the caller's own. */
    teacherPublicKey: publicKey.optional(),
    times: nonEmpty(z.strictObject(timeFields), 'addTime', MAX_TIMES_PER_REQUEST),
    /** Repeat the given times every week while they start before this moment. */
    repeatWeeklyUntil: epochSeconds.optional(),
  })
  .superRefine((body, ctx) => body.times.forEach((t, i) => checkInterval(t, ctx, ['times', i])));
export type AddAvailableTimesBody = z.infer<typeof addAvailableTimesBody>;

export const availableTimesResponse = okResponse.extend({ availableTimes: z.array(availableTime) });

/** Acting on one slot, or on it and the later slots of its weekly series. */
const slotTarget = {
  availableTimeId: entityId,
  /** Also this slot's later siblings in its weekly series. */
  following: z.boolean().default(false),
  /** Cancel the future sessions booked in the slot(s) in the same action; refused otherwise. */
  cancelSessions: z.boolean().default(false),
};

export const cancelTimeBody = z.strictObject(slotTarget);
export const removeAvailableTimeBody = z.strictObject(slotTarget);

export const editSlotTimeBody = z
  .strictObject({
    availableTimeId: entityId,
    ...timeFields,
    /** Shift the slot's future sessions with it (by the change of its start) in the same action. */
    moveSessions: z.boolean().default(false),
  })
  .superRefine((v, ctx) => checkInterval(v, ctx));

export const editTimeTableBody = z.strictObject({
  teacherPublicKey: publicKey.optional(),
  lessonNames: z.array(textInput().trim().min(1).max(100)).max(50),
});

export const slotChangeResponse = okResponse.extend({
  /** Slots changed, and sessions moved or cancelled with them. */
  availableTimeIds: z.array(entityId),
  sessionIds: z.array(entityId),
});
