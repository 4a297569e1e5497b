import { z } from 'zod';
import { examKinds } from './academic.ts';
import { level, lessonType } from './catalog.ts';
import { entityId, publicKey, textInput } from './common.ts';
import { registerFieldLabels } from '../field-labels.ts';
import { centreReportDay, dayPeriodInOrder } from './centre-period.ts';

/**
 * Exam scores compared between classes (issue 29; SPEC §7 `students_average_exams_score`, per
 * class): the scored exams held in a period of calendar days (the centre's time zone, both ends
 * included), averaged per class and, inside a class, per exam kind and examined name. Averages are
 * SQL averages with two decimals, as the student reports' are (docs/decisions.md "Exam scores").
 */

registerFieldLabels({ examsNames: { en: 'Exam names', zh: '考试名称' } });

/** The longest period one report covers: a year (a leap one included). */
export const EXAM_SCORES_MAX_DAYS = 366;

/** An exam kind, or Total: the scored exams of every kind. */
export const examScoresTypes = [...examKinds, 'Total'] as const;
export const examScoresType = z.enum(examScoresTypes);
export type ExamScoresType = z.infer<typeof examScoresType>;

export const classesExamScoresQuery = z
  .strictObject({
    from: centreReportDay,
    to: centreReportDay,
    examType: examScoresType.default('Total'),
    /** The examined names (lesson name, title or subtitle by kind), comma-separated. */
    examsNames: textInput().max(2000).optional(),
    /** Classes this teacher teaches or assists. */
    teacherPublicKey: publicKey.optional(),
    classroomId: entityId.optional(),
    lessonType: lessonType.optional(),
    level: level.optional(),
  })
  .superRefine(dayPeriodInOrder(EXAM_SCORES_MAX_DAYS));
export type ClassesExamScoresQuery = z.input<typeof classesExamScoresQuery>;

const figure = {
  /** Mean of the scored exams, two decimals. */
  average: z.number(),
  examCount: z.number().int(),
  /** Distinct students with a scored exam in the figure. */
  studentCount: z.number().int(),
};

export const classExamScores = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  teacherName: z.string(),
  level,
  lessonType,
  ...figure,
  /** Per exam kind and examined name (null: an exam of the whole session), by kind then name. */
  exams: z.array(z.object({ examType: z.enum(examKinds), examName: z.string().nullable(), ...figure })),
});
export type ClassExamScores = z.infer<typeof classExamScores>;

/** The classes with a scored exam in the period, by name. */
export const classesExamScores = z.object({ classes: z.array(classExamScores) });
export type ClassesExamScores = z.infer<typeof classesExamScores>;
