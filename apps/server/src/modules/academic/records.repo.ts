import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { HomeworkFile } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { exams, homeworks, lessonProgress, sessionAcademicFlags } from '../../db/schema/academic.ts';
import { epochOf, selectRow, selectRows } from '../../db/sql.ts';
import { classroomLessonsView, isLessonOfClassroom, sessionsView } from '../scheduling/scheduling.module.ts';
import { homeworkFilesColumn } from './homework-files.repo.ts';

/** Writes and reads of one session's academic records (issue 10). */

export interface HomeworkRow {
  homeworkId: string;
  sessionId: string;
  classroomId: string;
  studentPublicKey: string;
  subtitle: string;
  deadLine: number;
  form: string;
  state: string;
  feedback: string | null;
  correctPercentation: string | null;
  doneMoment: number | null;
  createMoment: number;
  sessionStart: number;
  /** Assignment and answer files (hw-files), already in the contract's shape. */
  files: HomeworkFile[];
}

export interface ExamRow {
  examId: string;
  sessionId: string;
  classroomId: string;
  studentPublicKey: string;
  examType: string;
  classroomLessonId: string | null;
  lessonName: string | null;
  score: string | null;
  examState: string;
  feedback: string | null;
  createMoment: number;
  sessionStart: number;
}

const homeworkColumns = sql`h.homework_id, h.session_id, h.classroom_id, h.student_key as student_public_key,
  h.subtitle, ${epochOf(sql`h.dead_line`)} as dead_line, h.form, h.state, h.feedback, h.correct_percentation,
  ${epochOf(sql`h.done_moment`)} as done_moment, ${epochOf(sql`h.create_moment`)} as create_moment,
  ${epochOf(sql`s.start_at`)} as session_start, ${homeworkFilesColumn(sql`h.homework_id`)} as files`;

const examColumns = sql`e.exam_id, e.session_id, e.classroom_id, e.student_key as student_public_key, e.exam_type,
  e.classroom_lesson_id, l.lesson_name, e.score, e.exam_state, e.feedback,
  ${epochOf(sql`e.create_moment`)} as create_moment, ${epochOf(sql`s.start_at`)} as session_start`;

/** Homework matching a condition on `h` (homeworks) and `s` (its session), deadline first. */
export function homeworksWhere(q: Queryable, where: SQL) {
  return selectRows<HomeworkRow>(
    q,
    sql`select ${homeworkColumns} from ${homeworks} h join ${sessionsView} s on s.session_id = h.session_id
      where ${where} order by s.start_at, h.create_moment`,
  );
}

/** Exams matching a condition on `e` (exams) and `s` (its session), in session order. */
export function examsWhere(q: Queryable, where: SQL) {
  return selectRows<ExamRow>(
    q,
    sql`select ${examColumns} from ${exams} e join ${sessionsView} s on s.session_id = e.session_id
      left join ${classroomLessonsView} l on l.classroom_lesson_id = e.classroom_lesson_id
      where ${where} order by s.start_at, e.create_moment`,
  );
}

export async function insertHomeworks(
  q: Queryable,
  target: { sessionId: string; classroomId: string; createdBy: string },
  values: { studentKeys: readonly string[]; subtitle: string; deadLine: Date; form: string },
) {
  const rows = await q
    .insert(homeworks)
    .values(
      values.studentKeys.map((studentKey) => ({
        ...target,
        studentKey,
        subtitle: values.subtitle,
        deadLine: values.deadLine,
        form: values.form,
      })),
    )
    .returning({ homeworkId: homeworks.homeworkId });
  return rows.map((r) => r.homeworkId);
}

/** A homework's session and student, its row held. */
export async function lockHomework(q: Queryable, homeworkId: string) {
  const [row] = await q
    .select({
      sessionId: homeworks.sessionId,
      studentKey: homeworks.studentKey,
      classroomId: homeworks.classroomId,
    })
    .from(homeworks)
    .where(eq(homeworks.homeworkId, homeworkId))
    .for('update');
  return row;
}

export async function updateHomework(
  q: Queryable,
  homeworkId: string,
  changes: {
    state: string;
    correctPercentation: string | null;
    feedback: string | null;
    doneMoment: Date | null;
  },
) {
  await q
    .update(homeworks)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(homeworks.homeworkId, homeworkId));
}

/** An exam's session and student, its row held. */
export async function lockExam(q: Queryable, examId: string) {
  const [row] = await q
    .select({ sessionId: exams.sessionId, studentKey: exams.studentKey, classroomId: exams.classroomId })
    .from(exams)
    .where(eq(exams.examId, examId))
    .for('update');
  return row;
}

export interface ExamValues {
  examType: string;
  classroomLessonId: string | null;
  score: string | null;
  examState: string;
  feedback: string | null;
}

export async function insertExam(
  q: Queryable,
  target: { sessionId: string; classroomId: string; studentKey: string; createdBy: string },
  values: ExamValues,
) {
  const [row] = await q
    .insert(exams)
    .values({ ...target, ...values })
    .returning({ examId: exams.examId });
  return row!.examId;
}

export async function updateExam(q: Queryable, examId: string, values: ExamValues) {
  await q
    .update(exams)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(exams.examId, examId));
}

export async function deleteExam(q: Queryable, examId: string) {
  await q.delete(exams).where(eq(exams.examId, examId));
}

/** The teaching part of a lesson's progress at a session (the review part is kept). */
export async function upsertTeaching(
  q: Queryable,
  key: { sessionId: string; classroomLessonId: string; classroomId: string },
  values: {
    teachState: string;
    teachedMoment: Date | null;
    teachedTimeInHour: string;
    delay: boolean;
    delayInTeachingTimeInHour: string;
  },
) {
  await q
    .insert(lessonProgress)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [lessonProgress.sessionId, lessonProgress.classroomLessonId],
      set: { ...values, updatedAt: new Date() },
    });
}

/**
 * Holds one lesson's teaching hours for the transaction (an advisory lock on its id): two sessions
 * recording the same lesson at once can not both take its last hours. The session's own row lock
 * does the same for two lessons of one session.
 */
export async function lockLessonHours(q: Queryable, classroomLessonId: string) {
  await selectRow(
    q,
    sql`select pg_advisory_xact_lock(hashtext(${classroomLessonId}::text)) is null as locked`,
  );
}

/**
 * What bounds a lesson's hours at a session: the lesson's length, its hours recorded at its other
 * sessions and the hours the session's other lessons took (a correction leaves its own row out).
 */
export async function teachingHoursAt(q: Queryable, sessionId: string, classroomLessonId: string) {
  const row = await selectRow<{ lengthHours: string; elsewhereHours: string; otherLessonsHere: string }>(
    q,
    sql`select l.teaching_lesson_time_in_hour as length_hours,
        (select coalesce(sum(p.teached_time_in_hour), 0) from ${lessonProgress} p
          where p.classroom_lesson_id = l.classroom_lesson_id and p.session_id <> ${sessionId}::uuid) as elsewhere_hours,
        (select coalesce(sum(p.teached_time_in_hour), 0) from ${lessonProgress} p
          where p.session_id = ${sessionId}::uuid and p.classroom_lesson_id <> l.classroom_lesson_id) as other_lessons_here
      from ${classroomLessonsView} l where l.classroom_lesson_id = ${classroomLessonId}::uuid`,
  );
  return {
    lengthHours: Number(row!.lengthHours),
    elsewhereHours: Number(row!.elsewhereHours),
    otherLessonsHere: Number(row!.otherLessonsHere),
  };
}

/** The review part of a lesson's progress at a session (the teaching part is kept). */
export async function upsertReview(
  q: Queryable,
  key: { sessionId: string; classroomLessonId: string; classroomId: string },
  values: { reviewState: string; reviewMoment: Date | null },
) {
  await q
    .insert(lessonProgress)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [lessonProgress.sessionId, lessonProgress.classroomLessonId],
      set: { ...values, updatedAt: new Date() },
    });
}

export type FlagName = 'withOutExam' | 'withOutHomeWork' | 'withOutReview' | 'withOutTeach';
export type Flags = Record<FlagName, boolean>;

export async function flagsOf(q: Queryable, sessionId: string): Promise<Flags> {
  const [row] = await q
    .select({
      withOutExam: sessionAcademicFlags.withOutExam,
      withOutHomeWork: sessionAcademicFlags.withOutHomeWork,
      withOutReview: sessionAcademicFlags.withOutReview,
      withOutTeach: sessionAcademicFlags.withOutTeach,
    })
    .from(sessionAcademicFlags)
    .where(eq(sessionAcademicFlags.sessionId, sessionId));
  return row ?? { withOutExam: false, withOutHomeWork: false, withOutReview: false, withOutTeach: false };
}

export async function setFlags(q: Queryable, sessionId: string, flags: Flags) {
  await q
    .insert(sessionAcademicFlags)
    .values({ sessionId, ...flags })
    .onConflictDoUpdate({ target: sessionAcademicFlags.sessionId, set: { ...flags, updatedAt: new Date() } });
}

/** A record of this kind now exists: the session is no longer "without" it. */
export async function clearFlag(q: Queryable, sessionId: string, flag: FlagName) {
  await q
    .update(sessionAcademicFlags)
    .set({ [flag]: false, updatedAt: new Date() })
    .where(and(eq(sessionAcademicFlags.sessionId, sessionId), eq(sessionAcademicFlags[flag], true)));
}

/** How many records of each kind a session holds. */
export async function recordCounts(q: Queryable, sessionId: string) {
  const row = await selectRow<{ exams: number; homeworks: number; teach: number; review: number }>(
    q,
    sql`select (select count(*)::int from ${exams} where session_id = ${sessionId}) as exams,
        (select count(*)::int from ${homeworks} where session_id = ${sessionId}) as homeworks,
        (select count(*)::int from ${lessonProgress} where session_id = ${sessionId}
           and (teach_state = 'Done' or teached_time_in_hour > 0)) as teach,
        (select count(*)::int from ${lessonProgress} where session_id = ${sessionId} and review_state = 'Done') as review`,
  );
  return row!;
}

export interface ProgressRow {
  classroomLessonId: string;
  lessonName: string;
  lessonTitle: string;
  lessonSubTitle: string;
  teachingLessonTimeInHour: string;
  teachState: string;
  reviewState: string;
  /** The hours recorded at all the lesson's sessions, as stored (the figures come from `lessonFigures`). */
  teachedTimeInHour: string;
  delayInTeachingTimeInHour: string;
  atTeachState: string | null;
  atTeachedMoment: number | null;
  atTeachedTimeInHour: string | null;
  atDelay: boolean | null;
  atDelayInTeachingTimeInHour: string | null;
  atReviewState: string | null;
  atReviewMoment: number | null;
}

/**
 * Each lesson of the classes matching `where` (on `l`, classroom_lessons) with its progress summed
 * over all sessions, and (with `sessionId`) what that session recorded. One query, grouped.
 */
export function lessonProgressOf(q: Queryable, where: SQL, sessionId: string | null) {
  return selectRows<ProgressRow>(
    q,
    sql`select l.classroom_lesson_id, l.lesson_name, l.lesson_title, l.lesson_sub_title,
        l.teaching_lesson_time_in_hour,
        case when bool_or(p.teach_state = 'Done') then 'Done' else 'Pending' end as teach_state,
        case when bool_or(p.review_state = 'Done') then 'Done' else 'Pending' end as review_state,
        coalesce(sum(p.teached_time_in_hour), 0) as teached_time_in_hour,
        coalesce(sum(p.delay_in_teaching_time_in_hour), 0) as delay_in_teaching_time_in_hour,
        max(at.teach_state) as at_teach_state, ${epochOf(sql`max(at.teached_moment)`)} as at_teached_moment,
        max(at.teached_time_in_hour) as at_teached_time_in_hour, bool_or(at.delay) as at_delay,
        max(at.delay_in_teaching_time_in_hour) as at_delay_in_teaching_time_in_hour,
        max(at.review_state) as at_review_state, ${epochOf(sql`max(at.review_moment)`)} as at_review_moment
      from ${classroomLessonsView} l
      left join ${lessonProgress} p on p.classroom_lesson_id = l.classroom_lesson_id
      left join ${lessonProgress} at on at.classroom_lesson_id = l.classroom_lesson_id
        and at.session_id = ${sessionId}::uuid and p.session_id = at.session_id
      where ${where}
      group by l.classroom_lesson_id
      order by l.classroom_id, l.position`,
  );
}

/** Which of these lessons belong to the class. */
export function lessonOfClass(q: Queryable, classroomId: string, classroomLessonId: string) {
  return isLessonOfClassroom(q, classroomId, classroomLessonId);
}

/** A student's mean finished-exam score and homework completion rate (floored percent) in a class. */
export async function studentClassSummary(q: Queryable, classroomId: string, studentKey: string) {
  const row = await selectRow<{ averageScore: string | null; completionRate: number | null }>(
    q,
    sql`select (select round(avg(score), 2) from ${exams}
          where classroom_id = ${classroomId} and student_key = ${studentKey} and exam_state = 'Done') as average_score,
        (select case when count(*) = 0 then null
            else floor(100.0 * count(*) filter (where state = 'Done') / count(*))::int end
          from ${homeworks} where classroom_id = ${classroomId} and student_key = ${studentKey}) as completion_rate`,
  );
  return row!;
}
