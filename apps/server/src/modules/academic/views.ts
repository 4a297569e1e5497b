import {
  type Exam,
  type ExamKind,
  type Homework,
  type HomeworkForm,
  type LessonProgressEntry,
  lessonFigures,
  type RecordState,
  teachingHoursRoom,
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

/**
 * The class's lessons as a session shows them: each lesson's figures from the one computation
 * (`lessonFigures`: taught never past the lesson, nothing left once finished) and the hours this
 * session may still give it (`teachingHoursRoom`, the pre-filled value), from `sessionHours`, the
 * session's teaching time.
 */
export function progressViews(rows: readonly ProgressRow[], sessionHours: number): LessonProgressEntry[] {
  const here = (row: ProgressRow) => Number(row.atTeachedTimeInHour ?? 0);
  const allHere = rows.reduce((sum, row) => sum + Math.round(here(row) * 100), 0) / 100;
  return rows.map((row) => {
    const recorded = Number(row.teachedTimeInHour);
    const figures = lessonFigures({
      lengthHours: Number(row.teachingLessonTimeInHour),
      recordedHours: recorded,
      finished: row.teachState === 'Done',
    });
    const { room } = teachingHoursRoom({
      sessionHours,
      otherLessonsHere: allHere - here(row),
      lengthHours: figures.lengthHours,
      elsewhereHours: recorded - here(row),
    });
    return {
      classroomLessonId: row.classroomLessonId,
      lessonName: row.lessonName,
      lessonTitle: row.lessonTitle,
      lessonSubTitle: row.lessonSubTitle,
      teachingLessonTimeInHour: figures.lengthHours,
      atSession: row.atTeachState
        ? {
            teachState: row.atTeachState as RecordState,
            teachedMoment: row.atTeachedMoment,
            teachedTimeInHour: here(row),
            delay: row.atDelay ?? false,
            delayInTeachingTimeInHour: Number(row.atDelayInTeachingTimeInHour),
            reviewState: (row.atReviewState ?? 'Pending') as RecordState,
            reviewMoment: row.atReviewMoment,
          }
        : null,
      teachState: row.teachState as RecordState,
      reviewState: row.reviewState as RecordState,
      teachedTimeInHour: figures.taughtHours,
      delayInTeachingTimeInHour: Number(row.delayInTeachingTimeInHour),
      teachingTimeLeftInHour: figures.leftHours,
      teachingPercent: figures.percent,
      hoursRoomHere: room,
    };
  });
}
