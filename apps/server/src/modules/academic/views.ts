import type {
  Exam,
  ExamKind,
  Homework,
  HomeworkForm,
  LessonProgressEntry,
  RecordState,
} from '@tutoria/shared';
import type { ExamRow, HomeworkRow, ProgressRow } from './records.repo.ts';

/** Rows as the contract shapes them: numeric columns (strings from the driver) as numbers. */

const num = (value: string | number | null) => (value === null ? null : Number(value));

export function homeworkView(row: HomeworkRow): Homework {
  return {
    ...row,
    form: row.form as HomeworkForm,
    state: row.state as RecordState,
    correctPercentation: num(row.correctPercentation),
  };
}

export function examView(row: ExamRow): Exam {
  return {
    ...row,
    examType: row.examType as ExamKind,
    examState: row.examState as RecordState,
    score: num(row.score),
  };
}

export function progressView(row: ProgressRow): LessonProgressEntry {
  return {
    classroomLessonId: row.classroomLessonId,
    lessonName: row.lessonName,
    lessonTitle: row.lessonTitle,
    lessonSubTitle: row.lessonSubTitle,
    teachingLessonTimeInHour: Number(row.teachingLessonTimeInHour),
    atSession: row.atTeachState
      ? {
          teachState: row.atTeachState as RecordState,
          teachedMoment: row.atTeachedMoment,
          teachedTimeInHour: Number(row.atTeachedTimeInHour),
          delay: row.atDelay ?? false,
          delayInTeachingTimeInHour: Number(row.atDelayInTeachingTimeInHour),
          reviewState: (row.atReviewState ?? 'Pending') as RecordState,
          reviewMoment: row.atReviewMoment,
        }
      : null,
    teachState: row.teachState as RecordState,
    reviewState: row.reviewState as RecordState,
    teachedTimeInHour: Number(row.teachedTimeInHour),
    delayInTeachingTimeInHour: Number(row.delayInTeachingTimeInHour),
    teachingTimeLeftInHour: Number(row.teachingTimeLeftInHour),
  };
}
