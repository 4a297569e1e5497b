import { z } from 'zod';
import { entityId, listResponse, publicKey } from './common.ts';
import { level, lessonType } from './catalog.ts';
import { MAX_PAGE_SIZE } from './list-query.ts';

/**
 * The teaching-hours report (issue 29; SPEC §7 getTotalTeachingHourReport and the two below it):
 * the hours held (each held session of a live class counts its booked hours) per month of a year,
 * per level of a month and per lesson type of a month and level, months in the centre's time zone.
 * A session counts once, under its class's level and lesson type, so each step's figures add up
 * to the one above it. Hours are numbers with two decimals.
 */

const teachingHoursYearField = z.coerce.number().int().min(2000).max(2100);
const teachingHoursMonthField = z.coerce.number().int().min(1).max(12);

/** Every step narrowed to one teacher's sessions or one class (still within the caller's reach). */
const teachingHoursFilters = { teacherPublicKey: publicKey.optional(), classroomId: entityId.optional() };
export type TeachingHoursFilters = {
  teacherPublicKey?: string | undefined;
  classroomId?: string | undefined;
};

export const teachingHoursYearQuery = z.strictObject({
  year: teachingHoursYearField,
  ...teachingHoursFilters,
});
export const teachingHoursMonthQuery = z.strictObject({
  year: teachingHoursYearField,
  month: teachingHoursMonthField,
  ...teachingHoursFilters,
});
export const teachingHoursLevelQuery = z.strictObject({
  year: teachingHoursYearField,
  month: teachingHoursMonthField,
  level,
  ...teachingHoursFilters,
});
export const teachingHoursSessionsQuery = z.strictObject({
  ...teachingHoursFilters,
  year: teachingHoursYearField,
  month: teachingHoursMonthField,
  level,
  lessonType,
  index: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type TeachingHoursSessionsQuery = z.infer<typeof teachingHoursSessionsQuery>;

const figure = { hours: z.number(), sessionCount: z.number().int() };

export const teachingHoursYear = z.object({
  year: z.number().int(),
  hours: z.number(),
  sessionCount: z.number().int(),
  /** All twelve months, January first; a month without a held session has 0 hours. */
  months: z.array(z.object({ month: z.number().int(), ...figure })),
});
export type TeachingHoursYear = z.infer<typeof teachingHoursYear>;

export const teachingHoursLevels = z.object({
  year: z.number().int(),
  month: z.number().int(),
  hours: z.number(),
  sessionCount: z.number().int(),
  /** The levels with held sessions in the month, most hours first. */
  levels: z.array(z.object({ level, ...figure })),
});
export type TeachingHoursLevels = z.infer<typeof teachingHoursLevels>;

export const teachingHoursLessons = z.object({
  year: z.number().int(),
  month: z.number().int(),
  level,
  hours: z.number(),
  sessionCount: z.number().int(),
  /** The lesson types with held sessions at the level in the month, most hours first. */
  lessons: z.array(z.object({ lessonType, ...figure })),
});
export type TeachingHoursLessons = z.infer<typeof teachingHoursLessons>;

/** One held session behind a figure: its class, teacher, start and end (epoch seconds) and hours. */
export const teachingHoursSession = z.object({
  sessionId: entityId,
  classroomId: entityId,
  classroomName: z.string(),
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  hours: z.number(),
});
export type TeachingHoursSession = z.infer<typeof teachingHoursSession>;
export const teachingHoursSessions = listResponse(teachingHoursSession);
export type TeachingHoursSessions = z.infer<typeof teachingHoursSessions>;
