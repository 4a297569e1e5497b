import { z } from 'zod';
import { entityId, publicKey, textInput } from './common.ts';
import { isCalendarDate } from './users.ts';

/**
 * The roll call of a day (issue 29; SPEC §7 "roll-call reports"): every live session of a day in
 * the centre's time zone, held or still scheduled, with each student of its class present, absent or
 * not yet recorded, and the absence rate (absent ÷ recorded, percent floored: SPEC §9).
 */
export const rollCallDayQuery = z.strictObject({
  day: textInput().refine((v) => isCalendarDate(v, '2000-01-01'), { params: { messageKey: 'invalidValue' } }),
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
  students: z.array(z.object({ studentPublicKey: publicKey, fullName: z.string(), presence: rollCallPresence })),
  ...counts,
});
export type RollCallSession = z.infer<typeof rollCallSession>;

export const rollCallDay = z.object({ day: z.string(), sessions: z.array(rollCallSession), ...counts });
export type RollCallDay = z.infer<typeof rollCallDay>;

/** The absence rate of SPEC §9: floored percent of the recorded presences; null with none recorded. */
export function absencePercent(present: number, absent: number): number | null {
  return present + absent === 0 ? null : Math.floor((absent * 100) / (present + absent));
}
