import { z } from 'zod';
import { entityId, publicKey, textInput } from './common.ts';
import { exam, examKinds, homework } from './academic.ts';
import { centreReportDay, dayPeriodInOrder } from './centre-period.ts';

/**
 * The student-level reports (SPEC §7 Reports; §9: chart percentages floored, axis 0–100; issue 10):
 * what a student reads on `/panel/reports` and staff on `users/report/{key}`. Every percentage is
 * computed and floored in SQL; scores are numeric there and numbers on the wire.
 */

// ————————————————————————————————————————————— filters

/** Epoch seconds in a query string. */
const queryEpoch = z.coerce.number().int().min(0).max(32503680000);

/** The student reported on; left out: the caller (a student reading their own). */
const studentKey = publicKey.optional();
const lessonNameFilter = textInput().trim().min(1).max(200).optional();
const classroomFilter = entityId.optional();

/**
 * `examType` of the report filters: one of the three kinds, or Total (the scored exams of every
 * kind), Pending (the exams not yet scored), All (every exam). docs/decisions.md "Reports".
 */
export const reportExamTypes = [...examKinds, 'Total', 'Pending', 'All'] as const;
export const reportExamType = z.enum(reportExamTypes);
export type ReportExamType = z.infer<typeof reportExamType>;

/** A period [from, to] in epoch seconds; either end may be left open. */
const period = { from: queryEpoch.optional(), to: queryEpoch.optional() };
const periodInOrder = (v: { from?: number; to?: number }, ctx: z.RefinementCtx) => {
  if (v.from !== undefined && v.to !== undefined && v.to < v.from)
    ctx.addIssue({ code: 'custom', path: ['to'], params: { messageKey: 'endAfterStart' } });
};

export const pendingHomeworksQuery = z.strictObject({
  studentPublicKey: studentKey,
  lessonName: lessonNameFilter,
  classroomId: classroomFilter,
});
export type PendingHomeworksQuery = z.input<typeof pendingHomeworksQuery>;

export const completedHomeworksQuery = z
  .strictObject({
    studentPublicKey: studentKey,
    ...period,
    lessonName: lessonNameFilter,
    classroomId: classroomFilter,
  })
  .superRefine(periodInOrder);

/** The four lesson-progress calls: per lesson name or title, teaching or review. */
export const lessonProgressQuery = z.strictObject({
  publicKey: studentKey,
  lessonName: lessonNameFilter,
  classroomId: classroomFilter,
});
export type LessonProgressQuery = z.input<typeof lessonProgressQuery>;

export const studentExamsQuery = z
  .strictObject({
    studentPublicKey: studentKey,
    examType: reportExamType.default('All'),
    ...period,
    classroomId: classroomFilter,
  })
  .superRefine(periodInOrder);
export type StudentExamsQuery = z.input<typeof studentExamsQuery>;

/** Every student in reach: their average; `examsNames` (comma-separated) narrows to the exams of those lessons. */
export const studentsAverageExamsQuery = z
  .strictObject({
    examType: reportExamType.default('Total'),
    ...period,
    examsNames: textInput().max(2000).optional(),
  })
  .superRefine(periodInOrder);

export const studentOfReportQuery = z.strictObject({ publicKey: studentKey });
/**
 * Presence per student of a teacher's classes; `from`/`to` (issue 29, optional: left out, every
 * session) narrow it to the sessions starting on those days (the centre's time zone, both included).
 */
export const teacherOfReportQuery = z
  .strictObject({
    teacherPublicKey: publicKey.optional(),
    from: centreReportDay.optional(),
    to: centreReportDay.optional(),
  })
  .superRefine(dayPeriodInOrder());
export type TeacherOfReportQuery = z.input<typeof teacherOfReportQuery>;
export const tasksBody = z.strictObject({ publicKey: studentKey });

// ————————————————————————————————————————————— answers

/** A homework with its class's name, the lessons taught at its session, and whether it is overdue. */
export const reportHomework = homework.extend({
  classroomName: z.string(),
  lessonNames: z.array(z.string()),
  overdue: z.boolean(),
});
export type ReportHomework = z.infer<typeof reportHomework>;
export const homeworksReport = z.object({ homeworks: z.array(reportHomework) });
export type HomeworksReport = z.infer<typeof homeworksReport>;

export const reportExam = exam.extend({ classroomName: z.string() });
export type ReportExam = z.infer<typeof reportExam>;
export const examsReport = z.object({ exams: z.array(reportExam) });
export type ExamsReport = z.infer<typeof examsReport>;

/** Progress of the lessons sharing a name (or a title) across the student's classes. */
export const lessonProgressGroup = z.object({
  name: z.string(),
  lessons: z.number().int(),
  /** Lessons whose teaching (or review) is done. */
  done: z.number().int(),
  hours: z.number(),
  taughtHours: z.number(),
  /** Teaching: hours taught (a finished lesson counts whole) over the lessons' hours; review: done over lessons. Floored. */
  percent: z.number().int().min(0).max(100),
});
export type LessonProgressGroup = z.infer<typeof lessonProgressGroup>;
export const lessonProgressReport = z.object({ groups: z.array(lessonProgressGroup) });
export type LessonProgressReport = z.infer<typeof lessonProgressReport>;

export const averageScore = z.object({
  /** Mean of the scored exams, two decimals; null: none. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export const studentAverageScores = z.object({
  kinds: z.array(averageScore.extend({ examType: z.enum(examKinds) })),
  overall: averageScore,
});
export type StudentAverageScores = z.infer<typeof studentAverageScores>;

export const studentsAverageScores = z.object({
  students: z.array(
    z.object({
      studentPublicKey: publicKey,
      studentName: z.string(),
      average: z.number(),
      count: z.number().int(),
    }),
  ),
});
export type StudentsAverageScores = z.infer<typeof studentsAverageScores>;

/** Homework finished per day (the centre's time zone). */
export const homeworkTimeline = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      count: z.number().int(),
      averagePercentation: z.number().nullable(),
    }),
  ),
});
export type HomeworkTimeline = z.infer<typeof homeworkTimeline>;

/** Presence per student over a teacher's classes. */
export const presenceReport = z.object({
  students: z.array(
    z.object({
      studentPublicKey: publicKey,
      studentName: z.string(),
      present: z.number().int(),
      absent: z.number().int(),
      /** Present over recorded, floored; null: nothing recorded. */
      percent: z.number().int().nullable(),
    }),
  ),
});
export type PresenceReport = z.infer<typeof presenceReport>;

/** One line per class of the student. */
export const classroomReport = z.object({
  classrooms: z.array(
    z.object({
      classroomId: entityId,
      classroomName: z.string(),
      teacherName: z.string(),
      state: z.string(),
      /** Sessions held (not cancelled, started) and upcoming. */
      held: z.number().int(),
      upcoming: z.number().int(),
      present: z.number().int(),
      absent: z.number().int(),
      homeworks: z.number().int(),
      homeworksDone: z.number().int(),
      averageScore: z.number().nullable(),
      /** Teaching progress of the class's lessons, floored. */
      teachingPercent: z.number().int().nullable(),
    }),
  ),
});
export type ClassroomReport = z.infer<typeof classroomReport>;

/** The student's to-dos: pending homework by deadline (overdue first), exams not yet scored. */
export const studentTasks = z.object({
  homeworks: z.array(reportHomework),
  exams: z.array(reportExam),
});
export type StudentTasks = z.infer<typeof studentTasks>;

// ————————————————————————————————————————————— what a class still misses

/** The record kinds a held session needs a decision on: a record, or its WithOut… flag. */
export const recordKinds = ['homework', 'exam', 'teaching', 'review'] as const;
export type RecordKind = (typeof recordKinds)[number];

export const missingRecordsQuery = z.strictObject({ classroomId: entityId });

/** The class's held sessions with no record and no WithOut… flag for some kind, oldest first. */
export const missingRecords = z.object({
  sessions: z.array(
    z.object({
      sessionId: entityId,
      start: z.number().int(),
      end: z.number().int(),
      missing: z.array(z.enum(recordKinds)),
    }),
  ),
});
export type MissingRecords = z.infer<typeof missingRecords>;

// ————————————————————————————————————————————— what waits for a staff member (issue 29)

/**
 * The staff task groups (docs/decisions.md "Staff tasks"), in the order the page shows them. Which
 * ones a caller gets follows their role and permissions (`staffTaskGroupsOf`, server side).
 */
export const staffTaskKeys = [
  'sessionsToRecord',
  'sessionsToConfirm',
  'homeworkToGrade',
  'sessionsToConfirmAsAdmin',
  'scheduleChangesToConfirm',
  'depositsWaiting',
  'transfersWaiting',
  'debtors',
  'studentsWithoutPlan',
  'teachersUnpaid',
] as const;
export type StaffTaskKey = (typeof staffTaskKeys)[number];

/** The caller's task groups with their counts, and their sum (the sidebar's badge). */
export const staffTasks = z.object({
  groups: z.array(z.object({ key: z.enum(staffTaskKeys), count: z.number().int().nonnegative() })),
  total: z.number().int().nonnegative(),
});
export type StaffTasks = z.infer<typeof staffTasks>;
