import { sql } from 'drizzle-orm';

/**
 * Named conditions for the reads of `records.repo.ts` (`homeworksWhere` on `h`, `examsWhere` on
 * `e`, `lessonProgressOf` on `l`): services name what they read, the SQL stays here.
 */

/** A session's homework (`h`), or one student's of it. */
export const homeworksOfSession = (sessionId: string, studentKey?: string) =>
  studentKey === undefined
    ? sql`h.session_id = ${sessionId}`
    : sql`h.session_id = ${sessionId} and h.student_key = ${studentKey}`;

/** A session's exams (`e`), or one student's of it. */
export const examsOfSession = (sessionId: string, studentKey?: string) =>
  studentKey === undefined
    ? sql`e.session_id = ${sessionId}`
    : sql`e.session_id = ${sessionId} and e.student_key = ${studentKey}`;

/** One student's homework (`h`) in a class. */
export const homeworksOfStudentInClass = (classroomId: string, studentKey: string) =>
  sql`h.classroom_id = ${classroomId} and h.student_key = ${studentKey}`;

/** One student's exams (`e`) in a class. */
export const examsOfStudentInClass = (classroomId: string, studentKey: string) =>
  sql`e.classroom_id = ${classroomId} and e.student_key = ${studentKey}`;

/** The lessons (`l`) of a class. */
export const lessonsOfClass = (classroomId: string) => sql`l.classroom_id = ${classroomId}`;
