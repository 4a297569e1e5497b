import { z } from 'zod';
import { registerFieldLabels } from '../field-labels.ts';
import { entityId, epochSeconds, okResponse, publicKey, textInput } from './common.ts';
import { homeworkFile } from './homework-files.ts';

/**
 * Academic records (SPEC §3 Homework, Exam, Lesson progress; §4; DESIGN §7; issue 10): what a
 * teacher records per session and student, and what students, staff and parents read of it.
 */

// ————————————————————————————————————————————— values

/** How a homework is done (docs/decisions.md "Academic records"). */
export const homeworkForms = ['written', 'online', 'project', 'reading'] as const;
export const homeworkForm = z.enum(homeworkForms);
export type HomeworkForm = z.infer<typeof homeworkForm>;

export const recordStates = ['Pending', 'Done'] as const;
/** Homework, exam, teaching and review: Pending → Done (SPEC §4). */
export const recordState = z.enum(recordStates);
export type RecordState = z.infer<typeof recordState>;

/** The three kinds of exam a teacher records (SPEC §3). */
export const examKinds = ['TitleExam', 'NameExam', 'SubTitleExam'] as const;
export const examKind = z.enum(examKinds);
export type ExamKind = z.infer<typeof examKind>;

/** A number from 0 to `max` with at most two decimals (stored as numeric, never a float). */
const twoDecimals = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      params: { messageKey: 'decimal', values: { places: 2 } },
    });

/** A score or a correct percentage: 0–100 with at most two decimals. */
export const percentScore = twoDecimals(100);

/** Hours taught or delayed at a session: 0–24 with at most two decimals. */
const sessionHours = twoDecimals(24);

const feedbackText = textInput().trim().max(2000).nullish();

// ————————————————————————————————————————————— commands

/** Gives one homework to some (or all) of a session's students. */
export const addHomeworkBody = z.strictObject({
  sessionId: entityId,
  studentsPublicKey: z
    .array(publicKey)
    .max(200)
    .refine((a) => a.length > 0, { params: { messageKey: 'selectStudent' } }),
  subtitle: textInput().trim().min(1).max(300),
  deadLine: epochSeconds,
  form: homeworkForm,
});
export type AddHomeworkInput = z.input<typeof addHomeworkBody>;

/** Grades (or re-opens) a homework: Done needs the correct percentage. */
export const setHomeworkBody = z
  .strictObject({
    homeworkId: entityId,
    state: recordState,
    correctPercentation: percentScore.nullish(),
    feedback: feedbackText,
    /** When it was done; the server's now when left out. */
    doneMoment: epochSeconds.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.state === 'Done' && (v.correctPercentation === null || v.correctPercentation === undefined))
      ctx.addIssue({ code: 'custom', path: ['correctPercentation'], params: { messageKey: 'scoreNeeded' } });
  });
export type SetHomeworkInput = z.input<typeof setHomeworkBody>;

/** Records a new exam (no examId) or edits one; Done needs the score. */
export const setExamBody = z
  .strictObject({
    sessionId: entityId,
    studentPublicKey: publicKey,
    examId: entityId.nullish(),
    examType: examKind,
    classroomLessonId: entityId.nullish(),
    score: percentScore.nullish(),
    examState: recordState,
    feedback: feedbackText,
  })
  .superRefine((v, ctx) => {
    if (v.examState === 'Done' && (v.score === null || v.score === undefined))
      ctx.addIssue({ code: 'custom', path: ['score'], params: { messageKey: 'scoreNeeded' } });
  });
export type SetExamInput = z.input<typeof setExamBody>;

export const removeExamBody = z.strictObject({ examId: entityId });

/** Teaching of one of the class's lessons at a session; hours default to the session's teaching time. */
export const setTeachingBody = z.strictObject({
  sessionId: entityId,
  classroomLessonId: entityId,
  teachState: recordState,
  teachedTimeInHour: sessionHours.nullish(),
  delay: z.boolean().default(false),
  delayInTeachingTimeInHour: sessionHours.default(0),
});
export type SetTeachingInput = z.input<typeof setTeachingBody>;

export const setReviewBody = z.strictObject({
  sessionId: entityId,
  classroomLessonId: entityId,
  reviewState: recordState,
});
export type SetReviewInput = z.input<typeof setReviewBody>;

/** The session had no exam / homework / review / teaching (SPEC §4). */
export const sessionFlagsBody = z.strictObject({
  sessionId: entityId,
  withOutExam: z.boolean(),
  withOutHomeWork: z.boolean(),
  withOutReview: z.boolean(),
  withOutTeach: z.boolean(),
});
export type SessionFlagsInput = z.input<typeof sessionFlagsBody>;

export const sessionIdQuery = z.strictObject({ sessionId: z.uuid() });

// ————————————————————————————————————————————— answers

export const homework = z.object({
  homeworkId: entityId,
  sessionId: entityId,
  classroomId: entityId,
  studentPublicKey: publicKey,
  subtitle: z.string(),
  deadLine: epochSeconds,
  form: homeworkForm,
  state: recordState,
  feedback: z.string().nullable(),
  correctPercentation: z.number().nullable(),
  doneMoment: epochSeconds.nullable(),
  createMoment: epochSeconds,
  /** The session's start: when it was given. */
  sessionStart: epochSeconds,
  /** The teacher's assignment files and the student's answer files (hw-files), oldest first. */
  files: z.array(homeworkFile),
});
export type Homework = z.infer<typeof homework>;

export const exam = z.object({
  examId: entityId,
  sessionId: entityId,
  classroomId: entityId,
  studentPublicKey: publicKey,
  examType: examKind,
  classroomLessonId: entityId.nullable(),
  lessonName: z.string().nullable(),
  score: z.number().nullable(),
  examState: recordState,
  feedback: z.string().nullable(),
  createMoment: epochSeconds,
  sessionStart: epochSeconds,
});
export type Exam = z.infer<typeof exam>;

/** A lesson's progress at one session, and over the whole class. */
export const lessonProgressEntry = z.object({
  classroomLessonId: entityId,
  lessonName: z.string(),
  lessonTitle: z.string(),
  lessonSubTitle: z.string(),
  teachingLessonTimeInHour: z.number(),
  /** What this session recorded, or null. */
  atSession: z
    .object({
      teachState: recordState,
      teachedMoment: epochSeconds.nullable(),
      teachedTimeInHour: z.number(),
      delay: z.boolean(),
      delayInTeachingTimeInHour: z.number(),
      reviewState: recordState,
      reviewMoment: epochSeconds.nullable(),
    })
    .nullable(),
  /** Over every session of the class (`lessonFigures`: taught never past the lesson's length). */
  teachState: recordState,
  reviewState: recordState,
  teachedTimeInHour: z.number(),
  delayInTeachingTimeInHour: z.number(),
  /** 0 once teaching is finished. */
  teachingTimeLeftInHour: z.number(),
  /** Floored share of the lesson covered (100 once finished). */
  teachingPercent: z.number().int(),
  /**
   * The most hours this session may still give the lesson (what is left of the lesson, at most the
   * session's time its other lessons left; `teachingHoursRoom`): the pre-filled value.
   */
  hoursRoomHere: z.number(),
});
export type LessonProgressEntry = z.infer<typeof lessonProgressEntry>;

export const sessionFlags = z.object({
  withOutExam: z.boolean(),
  withOutHomeWork: z.boolean(),
  withOutReview: z.boolean(),
  withOutTeach: z.boolean(),
});
export type SessionFlags = z.infer<typeof sessionFlags>;

/** Everything recorded at one session: per student (a Student gets only their own), per lesson. */
export const sessionRecords = z.object({
  sessionId: entityId,
  classroomId: entityId,
  start: epochSeconds,
  end: epochSeconds,
  confirmation: z.string(),
  /** The teaching-day minutes, else the session's length: the default hours of a teaching record. */
  teachingMinutes: z.number().int(),
  flags: sessionFlags,
  students: z.array(
    z.object({
      studentPublicKey: publicKey,
      studentName: z.string(),
      homeworks: z.array(homework),
      exams: z.array(exam),
    }),
  ),
  lessons: z.array(lessonProgressEntry),
});
export type SessionRecords = z.infer<typeof sessionRecords>;

export const homeworkChangeResponse = okResponse.extend({ homeworkIds: z.array(entityId) });
export const examChangeResponse = okResponse.extend({ examId: entityId });
export const sessionRecordChangeResponse = okResponse.extend({ sessionId: entityId });

// ————————————————————————————————————————————— one student in one class

export const studentClassRecordsQuery = z.strictObject({ classroomId: z.uuid(), studentPublicKey: z.uuid() });

/** Every homework and exam of one student across a class's sessions, with the summary SPEC §2 asks. */
export const studentClassRecords = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  studentPublicKey: publicKey,
  studentName: z.string(),
  homeworks: z.array(homework),
  exams: z.array(exam),
  /** Mean score of the finished exams (null: none yet), two decimals. */
  averageScore: z.number().nullable(),
  /** Done homework over all homework, percent floored (SPEC §9); null: no homework. */
  completionRate: z.number().int().nullable(),
});
export type StudentClassRecords = z.infer<typeof studentClassRecords>;

registerFieldLabels({
  subtitle: { en: 'Homework', zh: '作业' },
  deadLine: { en: 'Deadline', zh: '截止时间' },
  form: { en: 'Form', zh: '形式' },
  correctPercentation: { en: 'Correct percentage', zh: '正确率' },
  score: { en: 'Score', zh: '分数' },
  examType: { en: 'Exam type', zh: '考试类型' },
  examState: { en: 'Exam state', zh: '考试状态' },
  teachedTimeInHour: { en: 'Hours taught', zh: '授课小时' },
  delayInTeachingTimeInHour: { en: 'Delay (hours)', zh: '延误（小时）' },
});
