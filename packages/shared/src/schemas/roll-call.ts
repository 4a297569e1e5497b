import { z } from 'zod';
import { entityId, publicKey } from './common.ts';
import { lessonType } from './catalog.ts';
import { centreReportDay, centrePeriodFields, dayPeriodInOrder } from './centre-period.ts';

/**
 * The roll call of a day (issue 29; SPEC §7 "roll-call reports"): every live session of a day in
 * the centre's time zone, held or still scheduled, with each student of its class present, absent or
 * not yet recorded, and the absence rate (absent ÷ recorded, percent floored: SPEC §9).
 */

/** Optional filters narrow the day: the session's teacher, one class, the class's lesson type. */
export const rollCallDayQuery = z.strictObject({
  day: centreReportDay,
  teacherPublicKey: publicKey.optional(),
  classroomId: entityId.optional(),
  lessonType: lessonType.optional(),
});
export type RollCallDayQuery = z.infer<typeof rollCallDayQuery>;

export const rollCallPresence = z.enum(['present', 'absent', 'unrecorded']);
export type RollCallPresence = z.infer<typeof rollCallPresence>;

const counts = {
  presentCount: z.number().int(),
  absentCount: z.number().int(),
  /** absent ÷ (present + absent) × 100, floored; null when nobody's presence is recorded. */
  absencePercent: z.number().int().nullable(),
};

export const rollCallSession = z.object({
  sessionId: entityId,
  classroomId: entityId,
  classroomName: z.string(),
  teacherName: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  held: z.boolean(),
  students: z.array(
    z.object({ studentPublicKey: publicKey, fullName: z.string(), presence: rollCallPresence }),
  ),
  ...counts,
});
export type RollCallSession = z.infer<typeof rollCallSession>;

export const rollCallDay = z.object({ day: z.string(), sessions: z.array(rollCallSession), ...counts });
export type RollCallDay = z.infer<typeof rollCallDay>;

/** The longest period a class's or a student's roll call covers (a year, leap day included). */
export const ROLL_CALL_MAX_DAYS = 366;
export const rollCallClassQuery = z
  .strictObject({ classroomId: entityId, ...centrePeriodFields })
  .superRefine(dayPeriodInOrder(ROLL_CALL_MAX_DAYS));
export type RollCallClassQuery = z.infer<typeof rollCallClassQuery>;
export const rollCallStudentQuery = z
  .strictObject({ studentPublicKey: publicKey, ...centrePeriodFields })
  .superRefine(dayPeriodInOrder(ROLL_CALL_MAX_DAYS));
export type RollCallStudentQuery = z.infer<typeof rollCallStudentQuery>;

/** Counts over a period; `unrecordedCount`: a student's sessions with no presence recorded yet. */
const tally = { ...counts, unrecordedCount: z.number().int() };

/**
 * A class's roll call over a period: each live session (time order) with its counts over the
 * students the caller reaches, each of those students with their counts, and the totals.
 */
export const rollCallClass = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  teacherName: z.string(),
  from: z.string(),
  to: z.string(),
  sessions: z.array(
    z.object({
      sessionId: entityId,
      start: z.number().int(),
      end: z.number().int(),
      held: z.boolean(),
      ...tally,
    }),
  ),
  students: z.array(z.object({ studentPublicKey: publicKey, fullName: z.string(), ...tally })),
  ...tally,
});
export type RollCallClass = z.infer<typeof rollCallClass>;

/**
 * A student's roll call over a period: the live sessions of their classes the caller reaches (time
 * order) with the student's presence, one line per class with counts, and the totals.
 */
export const rollCallStudent = z.object({
  studentPublicKey: publicKey,
  fullName: z.string(),
  from: z.string(),
  to: z.string(),
  sessions: z.array(
    z.object({
      sessionId: entityId,
      classroomId: entityId,
      classroomName: z.string(),
      start: z.number().int(),
      end: z.number().int(),
      held: z.boolean(),
      presence: rollCallPresence,
    }),
  ),
  classes: z.array(z.object({ classroomId: entityId, classroomName: z.string(), ...tally })),
  ...tally,
});
export type RollCallStudent = z.infer<typeof rollCallStudent>;

/** The absence rate of SPEC §9: floored percent of the recorded presences; null with none recorded. */
export function absencePercent(present: number, absent: number): number | null {
  return present + absent === 0 ? null : Math.floor((absent * 100) / (present + absent));
}
