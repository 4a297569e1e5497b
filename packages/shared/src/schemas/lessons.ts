import { z } from 'zod';
import { baseType, level, type BaseType, type Level } from './catalog.ts';
import { entityId, epochSeconds, listResponse, okResponse, publicKey, textInput } from './common.ts';

/**
 * Lessons, specifications (courses) and course files (SPEC §3, §7). Browser-safe: the server and
 * the forms validate with the same schemas, so a rule says the same thing on both sides.
 */
export const LESSON_TEXT_MAX = 200;
export const LESSON_DESCRIPTION_MAX = 2000;
export const LESSON_HOURS_MIN = 0.25;
export const LESSON_HOURS_MAX = 1000;
export const SPECIFICATION_LESSONS_MAX = 200;
export const COURSE_FILES_PER_UPLOAD_MAX = 10;
export const EVALUATION_STUDENTS_MAX = 100;
/** Course files: the only kinds accepted, checked by the file's first bytes (SPEC §5). */
export const courseFileKinds = ['zip', 'rar'] as const;
export type CourseFileKind = (typeof courseFileKinds)[number];
export const courseFileExtensions = courseFileKinds.map((k) => `.${k}`);

const requiredText = (max: number) => textInput().trim().min(1).max(max);
/** Optional free text: an empty string means none. */
const optionalText = (max: number) => textInput().trim().max(max).nullish();

/** Hours with at most two decimals ("the lesson hour is parsed as a decimal", SPEC §5). */
export const teachingHours = z
  .number()
  .min(LESSON_HOURS_MIN)
  .max(LESSON_HOURS_MAX)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
    params: { messageKey: 'decimal', values: { places: 2 } },
  });

const lessonFields = {
  name: requiredText(LESSON_TEXT_MAX),
  title: requiredText(LESSON_TEXT_MAX),
  subTitle: optionalText(LESSON_TEXT_MAX),
  level,
  baseType,
  teachingTimeInHour: teachingHours,
  description: optionalText(LESSON_DESCRIPTION_MAX),
};

export const createLessonBody = z.strictObject(lessonFields);
export type CreateLessonBody = z.infer<typeof createLessonBody>;
export const editLessonBody = z.strictObject({ lessonId: entityId, ...lessonFields });
export type EditLessonBody = z.infer<typeof editLessonBody>;
export const deleteLessonBody = z.strictObject({ lessonId: entityId });

export const lesson = z.object({
  lessonId: entityId,
  name: z.string(),
  title: z.string(),
  subTitle: z.string().nullable(),
  level,
  baseType,
  teachingTimeInHour: z.number(),
  description: z.string().nullable(),
  createMoment: epochSeconds,
});
export type Lesson = z.infer<typeof lesson>;
export const lessonList = listResponse(lesson);
export const lessonSaved = okResponse.extend({ lesson });

/** Optional narrowing of the title and name lists (filters of reports and timetables). */
export const lessonLabelsQuery = z.strictObject({ level: level.optional(), baseType: baseType.optional() });
export const lessonLabels = z.array(z.string());

/** A lesson as a course lists it, in the course's order. */
export const specificationLesson = lesson.pick({
  lessonId: true,
  name: true,
  title: true,
  subTitle: true,
  level: true,
  teachingTimeInHour: true,
});

export const courseFile = z.object({
  courseFileId: entityId,
  /** The name shown and offered on download; the stored file has a server-made name. */
  name: z.string(),
  kind: z.enum(courseFileKinds),
  sizeInBytes: z.number().int(),
  createMoment: epochSeconds,
});
export type CourseFile = z.infer<typeof courseFile>;

const lessonIds = z
  .array(entityId)
  .max(SPECIFICATION_LESSONS_MAX)
  .refine((ids) => ids.length > 0, { params: { messageKey: 'selectLessons' } })
  .refine((ids) => new Set(ids).size === ids.length, { params: { messageKey: 'invalidValue' } });

const specificationFields = {
  title: requiredText(LESSON_TEXT_MAX),
  level,
  baseType,
  /** A placement test offered when a class is created for new students. */
  isEvaluationTest: z.boolean().default(false),
  lessonIds,
};

export const createSpecificationBody = z.strictObject(specificationFields);
export type CreateSpecificationBody = z.infer<typeof createSpecificationBody>;
export const editSpecificationBody = z.strictObject({ specificationId: entityId, ...specificationFields });
export type EditSpecificationBody = z.infer<typeof editSpecificationBody>;
export const deleteSpecificationBody = z.strictObject({ specificationId: entityId });

export const specification = z.object({
  specificationId: entityId,
  title: z.string(),
  level,
  baseType,
  isEvaluationTest: z.boolean(),
  lessons: z.array(specificationLesson),
  /** Sum of the lessons' teaching hours. */
  totalHours: z.number(),
  courseFiles: z.array(courseFile),
  createMoment: epochSeconds,
});
export type Specification = z.infer<typeof specification>;
export const specificationList = listResponse(specification);
export const specificationSaved = okResponse.extend({ specification });

/** `uploadCourseFiles?names`: the course and, optionally, the names to show (one per file, in order). */
export const uploadCourseFilesQuery = z.strictObject({
  specificationId: entityId,
  names: z
    .union([
      textInput().trim().min(1).max(LESSON_TEXT_MAX),
      z.array(textInput().trim().min(1).max(LESSON_TEXT_MAX)).max(COURSE_FILES_PER_UPLOAD_MAX),
    ])
    .optional(),
});
export const courseFilesUploaded = okResponse.extend({ courseFiles: z.array(courseFile) });

export const courseFileParams = z.strictObject({ id: entityId });
export const courseFileLink = z.object({
  /** A same-origin path a browser can open as a plain link until `expiresAt`; it works once. */
  url: z.string(),
  expiresAt: epochSeconds,
});
export const downloadCourseFileQuery = z.strictObject({ ticket: textInput().min(20).max(100) });

export const evaluationTestBody = z.strictObject({
  studentsPublicKey: z
    .array(publicKey)
    .max(EVALUATION_STUDENTS_MAX)
    .refine((keys) => keys.length > 0, { params: { messageKey: 'selectStudent' } }),
  baseType,
});
export type EvaluationTestBody = z.infer<typeof evaluationTestBody>;
export const evaluationTestSpecifications = z.array(specification);

/**
 * The level a base type's students are at, where the two lists name the same thing; a student
 * whose base type has none (additional examination, contest) constrains nothing.
 */
export const levelOfBaseType: Record<BaseType, Level | null> = {
  GCSE: 'GCSE',
  A_LEVEL: 'A_LEVEL',
  KS_3: 'KS_3',
  EnglishElementary: 'Elementary',
  AdditionalExamination: null,
  University: 'University',
  Contest: null,
  IELTS: 'IELTS',
  IB: 'IB',
  AP: 'AP',
  TOEFL: 'TOEFL',
  SAT: 'SAT',
};
