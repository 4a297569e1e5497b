import { z } from 'zod';
import { lessonType } from './catalog.ts';
import { publicKey } from './common.ts';
import { centrePeriodFields, dayPeriodInOrder } from './centre-period.ts';

/**
 * Teacher workload (issue 29; docs/decisions.md "Reports: teacher workload"): hours per teacher per
 * week (weeks start on Monday in the centre's time zone) over a period of calendar days — held
 * hours (sessions that took place) and booked hours (every session not cancelled, held ones
 * included) — each session counting its booked length under the teacher of the session.
 */

/** The longest period: 26 weeks. */
export const TEACHER_WORKLOAD_MAX_DAYS = 26 * 7;

export const teacherWorkloadQuery = z
  .strictObject({
    ...centrePeriodFields,
    teacherPublicKey: publicKey.optional(),
    lessonType: lessonType.optional(),
  })
  .superRefine(dayPeriodInOrder(TEACHER_WORKLOAD_MAX_DAYS));
export type TeacherWorkloadQuery = z.infer<typeof teacherWorkloadQuery>;

const hours = { heldHours: z.number(), bookedHours: z.number() };

export const teacherWorkloadWeek = z.object({
  /** The week's Monday, YYYY-MM-DD. */
  week: z.string(),
  ...hours,
});

export const teacherWorkloadTeacher = z.object({
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  ...hours,
  /** Every week of the period, in order, zeros included. */
  weeks: z.array(teacherWorkloadWeek),
});
export type TeacherWorkloadTeacher = z.infer<typeof teacherWorkloadTeacher>;

export const teacherWorkload = z.object({
  from: z.string(),
  to: z.string(),
  /** The Mondays of the weeks the period touches (the first and last may be partial), in order. */
  weeks: z.array(z.string()),
  /** Teachers with a booked session in the period, by name. */
  teachers: z.array(teacherWorkloadTeacher),
  ...hours,
});
export type TeacherWorkload = z.infer<typeof teacherWorkload>;
