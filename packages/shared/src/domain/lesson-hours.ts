/**
 * A lesson's teaching progress, computed once for every screen and report (issue 27): the session
 * records, a student's reports, the parent report. Hours are stored with two decimals; the sums
 * here run on whole hundredths so 1.5 + 0.5 is exactly 2.
 *
 * - taught: the hours recorded over the lesson's sessions, never more than the lesson's length;
 * - finished (teaching marked Done): nothing is left and the lesson counts whole in percentages,
 *   however many hours it took;
 * - left: length − taught, or 0 once finished;
 * - percent: floored (SPEC §9), of the covered hours (taught, or the whole length once finished).
 */

const hundredths = (hours: number) => Math.round(hours * 100);
const hoursOf = (value: number) => value / 100;
const floorPercent = (part: number, whole: number) => (whole > 0 ? Math.floor((100 * part) / whole) : 0);

export interface LessonHoursRecord {
  /** The lesson's length (`teachingLessonTimeInHour`). */
  lengthHours: number;
  /** The hours recorded at all its sessions, as stored (may be over the length in old records). */
  recordedHours: number;
  /** Teaching marked Done at some session. */
  finished: boolean;
}

export interface LessonFigures {
  lengthHours: number;
  taughtHours: number;
  leftHours: number;
  /** Floored share of the lesson covered: 100 once finished. */
  percent: number;
}

export function lessonFigures(lesson: LessonHoursRecord): LessonFigures {
  const length = hundredths(lesson.lengthHours);
  const taught = Math.min(Math.max(hundredths(lesson.recordedHours), 0), length);
  const covered = lesson.finished ? length : taught;
  return {
    lengthHours: hoursOf(length),
    taughtHours: hoursOf(taught),
    leftHours: hoursOf(length - covered),
    percent: lesson.finished && length === 0 ? 100 : floorPercent(covered, length),
  };
}

export interface LessonGroupFigures {
  lessons: number;
  finished: number;
  hours: number;
  taughtHours: number;
  /** Floored share of the group's hours covered (a finished lesson whole); 0 without hours. */
  percent: number;
}

/** Several lessons together (a lesson name over classes, a class): each lesson counted as above. */
export function lessonGroupFigures(lessons: readonly LessonHoursRecord[]): LessonGroupFigures {
  let hours = 0;
  let taught = 0;
  let covered = 0;
  for (const lesson of lessons) {
    const length = hundredths(lesson.lengthHours);
    const lessonTaught = Math.min(Math.max(hundredths(lesson.recordedHours), 0), length);
    hours += length;
    taught += lessonTaught;
    covered += lesson.finished ? length : lessonTaught;
  }
  return {
    lessons: lessons.length,
    finished: lessons.filter((l) => l.finished).length,
    hours: hoursOf(hours),
    taughtHours: hoursOf(taught),
    percent: floorPercent(covered, hours),
  };
}

export interface TeachingHoursContext {
  /** The session's teaching time in hours (its recorded teaching minutes, else its length). */
  sessionHours: number;
  /** Hours the session's other lessons already took. */
  otherLessonsHere: number;
  /** The lesson's length. */
  lengthHours: number;
  /** Hours recorded for the lesson at its other sessions. */
  elsewhereHours: number;
}

/**
 * How many hours a lesson may take at a session: what is left of the lesson, at most what is left
 * of the session once its other lessons took theirs (never below 0). The pre-filled value, and the
 * most the server accepts.
 */
export function teachingHoursRoom(context: TeachingHoursContext) {
  const session = Math.max(hundredths(context.sessionHours) - hundredths(context.otherLessonsHere), 0);
  const lesson = Math.max(hundredths(context.lengthHours) - hundredths(context.elsewhereHours), 0);
  return { sessionLeft: hoursOf(session), lessonLeft: hoursOf(lesson), room: hoursOf(Math.min(session, lesson)) };
}
