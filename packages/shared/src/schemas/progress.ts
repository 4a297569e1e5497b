import { z } from 'zod';
import { classroomTypes, type ClassroomType } from '../domain/scheduling.ts';
import type { Language } from '../errors.ts';
import { registerFieldLabels } from '../field-labels.ts';
import { lessonType } from './catalog.ts';
import { entityId, epochSeconds, okResponse, publicKey, textInput } from './common.ts';
import { isoDate } from './users.ts';

/**
 * Course plans and the progress stage of a student (SPEC §3 "Course plan of a student", §7
 * "Course plans"; issue 12): plan entries with suggested hours and the hours actually held, and
 * the student's applications to schools and universities with the stages they went through.
 */

type Labels<T extends string> = Record<T, Record<Language, string>>;

// ————————————————————————————————————————————— values

export const coursePlanStatuses = ['New', 'Review'] as const;
export const coursePlanStatus = z.enum(coursePlanStatuses);
export type CoursePlanStatus = z.infer<typeof coursePlanStatus>;
export const coursePlanStatusLabels: Labels<CoursePlanStatus> = {
  New: { en: 'New', zh: '新课' },
  Review: { en: 'Review', zh: '复习' },
};

export const classTypeLabels: Labels<ClassroomType> = {
  Private: { en: 'Private', zh: '一对一' },
  TwoOrThreePerson: { en: '2–3 students', zh: '2–3 人' },
  ThreeOrFourPerson: { en: '3–4 students', zh: '3–4 人' },
  MoreThanFourPerson: { en: 'More than 4 students', zh: '4 人以上' },
  Full: { en: 'Full class', zh: '满班' },
};

export const institutionTypes = ['School', 'University'] as const;
export const institutionType = z.enum(institutionTypes);
export type InstitutionType = z.infer<typeof institutionType>;

/** The pipeline in order; Accepted, Rejected and Withdrawn end it. */
export const applicationStatuses = [
  'Preparing',
  'Submitted',
  'Interview',
  'Offer',
  'Accepted',
  'Rejected',
  'Withdrawn',
] as const;
export const applicationStatus = z.enum(applicationStatuses);
export type ApplicationStatus = z.infer<typeof applicationStatus>;
export const finalApplicationStatuses: readonly ApplicationStatus[] = ['Accepted', 'Rejected', 'Withdrawn'];

/**
 * Whether an application may move from one status to another: forward along the pipeline
 * (skipping is allowed: not every school interviews), Accepted only after an Offer, Rejected or
 * Withdrawn from any open status; an ended application stays ended.
 */
export function canMoveApplication(from: ApplicationStatus, to: ApplicationStatus): boolean {
  if (from === to) return true;
  if (finalApplicationStatuses.includes(from)) return false;
  if (to === 'Rejected' || to === 'Withdrawn') return true;
  if (to === 'Accepted') return from === 'Offer';
  return applicationStatuses.indexOf(to) > applicationStatuses.indexOf(from);
}

/** Hours: 0 to 10,000 with at most two decimals (numeric, never a float). */
export const planHours = z
  .number()
  .min(0)
  .max(10000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
    params: { messageKey: 'decimal', values: { places: 2 } },
  });

// ————————————————————————————————————————————— commands

const coursePlanFields = {
  studentPublicKey: publicKey,
  lessonType,
  sessionPerWeek: z.number().int().min(0).max(21),
  lessonTopic: textInput().trim().min(1).max(200),
  suggestedHours: planHours,
  classType: z.enum(classroomTypes),
  status: coursePlanStatus,
};

/** PUT createCoursePlanOfStudent: a new plan entry. */
export const createCoursePlanBody = z.strictObject(coursePlanFields);
export type CreateCoursePlanInput = z.input<typeof createCoursePlanBody>;

/** POST upsert: a new entry without an id, a change of that entry with one. actualHours is never sent. */
export const upsertCoursePlanBody = z.strictObject({
  progressStageCoursePlanId: entityId.nullish(),
  ...coursePlanFields,
});
export type UpsertCoursePlanInput = z.input<typeof upsertCoursePlanBody>;

export const deleteCoursePlanBody = z.strictObject({ progressStageCoursePlanId: entityId });

/** A new application (no id) or a change of one; a new status is dated `statusDate` (today when left out). */
export const upsertApplicationBody = z.strictObject({
  progressStageApplicationId: entityId.nullish(),
  studentPublicKey: publicKey,
  institutionType,
  institutionName: textInput().trim().min(1).max(200),
  programme: textInput().trim().min(1).max(200),
  deadline: isoDate,
  status: applicationStatus,
  statusDate: isoDate.nullish(),
});
export type UpsertApplicationInput = z.input<typeof upsertApplicationBody>;

export const deleteApplicationBody = z.strictObject({ progressStageApplicationId: entityId });

/** POST getStudentCoursePLan: one student's whole progress stage. */
export const studentCoursePlanBody = z.strictObject({ publicKey });

export const exportFormats = ['xlsx', 'csv'] as const;
export const exportFormat = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormat>;
export const coursePlanExportBody = z.strictObject({ studentPublicKey: publicKey, format: exportFormat });
export const coursePlanDownloadQuery = z.strictObject({ ticket: textInput().min(1).max(100) });

// ————————————————————————————————————————————— answers

export const coursePlanEntry = z.object({
  progressStageCoursePlanId: entityId,
  studentPublicKey: publicKey,
  lessonType,
  sessionPerWeek: z.number().int(),
  lessonTopic: z.string(),
  suggestedHours: z.number(),
  /** Summed from the student's held sessions of this lesson type (never typed). */
  actualHours: z.number(),
  classType: z.enum(classroomTypes),
  status: coursePlanStatus,
  createMoment: epochSeconds,
});
export type CoursePlanEntry = z.infer<typeof coursePlanEntry>;

export const applicationStage = z.object({ status: applicationStatus, reachedOn: z.string() });
export type ApplicationStage = z.infer<typeof applicationStage>;

export const progressApplication = z.object({
  progressStageApplicationId: entityId,
  studentPublicKey: publicKey,
  institutionType,
  institutionName: z.string(),
  programme: z.string(),
  deadline: z.string(),
  status: applicationStatus,
  /** Every status reached, oldest first, with its day. */
  stages: z.array(applicationStage),
  createMoment: epochSeconds,
});
export type ProgressApplication = z.infer<typeof progressApplication>;

export const progressStage = z.object({
  student: z.object({ publicKey, fullName: z.string() }),
  coursePlan: z.array(coursePlanEntry),
  applications: z.array(progressApplication),
});
export type ProgressStage = z.infer<typeof progressStage>;

export const coursePlanSaved = okResponse.extend({ entry: coursePlanEntry });
export const applicationSaved = okResponse.extend({ application: progressApplication });
export const coursePlanExportLink = z.object({ url: z.string(), expiresAt: epochSeconds });

/** POST get: plan entries as a list (the where filter names the student). */
export const coursePlanListColumns = {
  studentPublicKey: { type: 'text', sortable: false },
  lessonType: { type: 'enum' },
  lessonTopic: { type: 'text' },
  classType: { type: 'enum' },
  status: { type: 'enum' },
  sessionPerWeek: { type: 'number' },
  suggestedHours: { type: 'number' },
  createMoment: { type: 'time' },
} as const;

registerFieldLabels({
  sessionPerWeek: { en: 'Sessions per week', zh: '每周课次' },
  lessonTopic: { en: 'Topic', zh: '课程主题' },
  suggestedHours: { en: 'Suggested hours', zh: '建议课时' },
  classType: { en: 'Class type', zh: '班型' },
  status: { en: 'Status', zh: '状态' },
  institutionType: { en: 'School or university', zh: '学校类型' },
  institutionName: { en: 'School / university', zh: '学校名称' },
  programme: { en: 'Programme', zh: '专业 / 项目' },
  deadline: { en: 'Deadline', zh: '截止日期' },
  statusDate: { en: 'Status date', zh: '状态日期' },
  format: { en: 'Format', zh: '格式' },
});

/** The course plan export's columns (XLSX and CSV), in order, with their headers per language. */
export const coursePlanExportColumns = [
  'lessonType',
  'lessonTopic',
  'sessionPerWeek',
  'classType',
  'status',
  'suggestedHours',
  'actualHours',
] as const;
export const coursePlanExportHeaders: Labels<(typeof coursePlanExportColumns)[number] | 'sheet' | 'file'> = {
  lessonType: { en: 'Lesson type', zh: '课程类型' },
  lessonTopic: { en: 'Topic', zh: '课程主题' },
  sessionPerWeek: { en: 'Sessions per week', zh: '每周课次' },
  classType: { en: 'Class type', zh: '班型' },
  status: { en: 'Status', zh: '状态' },
  suggestedHours: { en: 'Suggested hours', zh: '建议课时' },
  actualHours: { en: 'Actual hours', zh: '实际课时' },
  sheet: { en: 'Course plan', zh: '课程规划' },
  file: { en: 'course-plan', zh: '课程规划' },
};

// fin-export: the student's own course plan export (issue 12)
export const myCoursePlanExportBody = z.strictObject({ format: exportFormat });
