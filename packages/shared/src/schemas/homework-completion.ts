import { z } from 'zod';
import { level, lessonType } from './catalog.ts';
import { entityId, publicKey } from './common.ts';
import { centrePeriodFields, dayPeriodInOrder } from './centre-period.ts';

/**
 * Homework completion per class and teacher (issue 29; docs/decisions.md "Reports: homework
 * completion"): the homework given at the sessions that started in a period (calendar days in the
 * centre's time zone), per class with its teacher, per teacher and for the whole answer — assigned
 * (one per student and session), done, overdue (not done, deadline passed) and the completion
 * percent (done ÷ assigned × 100, floored in SQL: SPEC §9; null with none assigned).
 */

/** The longest period: a year, leap day included. */
export const HOMEWORK_COMPLETION_MAX_DAYS = 366;

export const homeworkCompletionQuery = z
  .strictObject({
    ...centrePeriodFields,
    teacherPublicKey: publicKey.optional(),
    classroomId: entityId.optional(),
    lessonType: lessonType.optional(),
    level: level.optional(),
  })
  .superRefine(dayPeriodInOrder(HOMEWORK_COMPLETION_MAX_DAYS));
export type HomeworkCompletionQuery = z.infer<typeof homeworkCompletionQuery>;

const counts = {
  assigned: z.number().int(),
  done: z.number().int(),
  /** Not done and past its deadline. */
  overdue: z.number().int(),
  /** done ÷ assigned × 100, floored; null with nothing assigned. */
  completionPercent: z.number().int().min(0).max(100).nullable(),
};

export const homeworkCompletionClass = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  level: level.nullable(),
  lessonType: lessonType.nullable(),
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  ...counts,
});
export type HomeworkCompletionClass = z.infer<typeof homeworkCompletionClass>;

export const homeworkCompletionTeacher = z.object({
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  classCount: z.number().int(),
  ...counts,
});
export type HomeworkCompletionTeacher = z.infer<typeof homeworkCompletionTeacher>;

export const homeworkCompletion = z.object({
  from: z.string(),
  to: z.string(),
  /** Lowest completion first (the classes to chase), then by name. */
  classes: z.array(homeworkCompletionClass),
  /** By name. */
  teachers: z.array(homeworkCompletionTeacher),
  ...counts,
});
export type HomeworkCompletion = z.infer<typeof homeworkCompletion>;
