import { z } from 'zod';
import {
  classroomTypes,
  sessionConfirmations,
  sessionDisplayStates,
  sessionTimeStates,
  slotStates,
} from '../domain/scheduling.ts';
import { epochSeconds, textInput } from './common.ts';

/**
 * What timetables, classrooms and sessions share (SPEC §3, §7): time intervals and their limits,
 * query-string helpers, required choices and the scheduling enums.
 * Times are epoch seconds on the wire; ids are UUIDs; users are named by publicKey.
 */

/** The longest single available time or session, and the widest date range one call may ask for. */
export const MAX_TIME_HOURS = 16;
export const MAX_RANGE_DAYS = 400;
export const MAX_TIMES_PER_REQUEST = 400;

export const timeFields = { start: epochSeconds, end: epochSeconds };

/** Shared checks of a [start, end) interval: end after start, not longer than MAX_TIME_HOURS. */
export function checkInterval(
  value: { start: number; end: number },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
) {
  if (value.end <= value.start) {
    ctx.addIssue({ code: 'custom', path: [...path, 'end'], params: { messageKey: 'endAfterStart' } });
  } else if (value.end - value.start > MAX_TIME_HOURS * 3600) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'end'],
      params: { messageKey: 'timeTooLong', values: { hours: MAX_TIME_HOURS } },
    });
  }
}

export function checkRange(value: { start: number; end: number }, ctx: z.RefinementCtx) {
  if (value.end <= value.start) {
    ctx.addIssue({ code: 'custom', path: ['end'], params: { messageKey: 'endAfterStart' } });
  } else if (value.end - value.start > MAX_RANGE_DAYS * 86400) {
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      params: { messageKey: 'rangeTooLong', values: { days: MAX_RANGE_DAYS } },
    });
  }
}

export const schedulingInterval = z.strictObject(timeFields).superRefine((v, ctx) => checkInterval(v, ctx));
export type SchedulingInterval = z.infer<typeof schedulingInterval>;

/** A query-string list: repeated keys or one comma-separated value. */
export const queryList = (item: z.ZodType<string, string>) =>
  z
    .union([textInput().max(4000), z.array(textInput().max(200)).max(100)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(100));

export const queryEpoch = z.coerce.number().int().min(0).max(32503680000);
export const queryId = z.uuid();

/** Names a required choice with its own text (SPEC §5: 'Please select a teacher', …). */
export const chosenKey = (messageKey: 'selectTeacher' | 'selectStudent') =>
  textInput()
    .refine((v) => v.length > 0, { params: { messageKey }, abort: true })
    .pipe(z.uuid());

export const nonEmpty = <T extends z.ZodType>(
  item: T,
  messageKey: 'selectStudent' | 'selectLessons' | 'addTime',
  max: number,
) =>
  z
    .array(item)
    .max(max)
    .refine((a) => a.length > 0, { params: { messageKey } });

export const slotState = z.enum(slotStates);
export const sessionTimeState = z.enum(sessionTimeStates);
export const sessionConfirmation = z.enum(sessionConfirmations);
export const sessionDisplayStateEnum = z.enum(sessionDisplayStates);
export const classroomType = z.enum(classroomTypes);
export const teachingType = z.enum(['online', 'offline']);
export type TeachingType = z.infer<typeof teachingType>;
