import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { roleScopes } from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { classrooms } from '../db/schema/scheduling.ts';
import type { SessionUser } from '../http/fastify-types.ts';
import {
  classesOfConsultees,
  classesOfStudent,
  classroomIsLive,
  classroomTaughtBy,
  classroomWhere,
  consulteesOf,
  keysWhere,
  studentsTaughtBy,
  teachersOfClasses,
} from './reach.repo.ts';

/**
 * Who reaches whom (DESIGN §6), written once for every area (docs/architecture.md "Who reaches
 * whom"). Permissions say *what* a caller may do; this says *on which records*. Each answer is a
 * condition to add to a query (undefined: no condition, every record), so a record out of reach
 * never loads and answers as if it did not exist (FETCH_DATA_FAILED / 404).
 *
 * - Students: Admin, FinancialAdmin, SchedulingAdmin and TeamLeader every student; an
 *   AcademicConsultant their consultees; a Teacher or AssistantTeacher the students of the live
 *   classes they teach or assist; a Student themself.
 * - Classrooms: every one (disabled ones only with `classes.readDeleted`); those a Teacher or
 *   AssistantTeacher teaches or assists, a Student sits in, a consultant's consultees sit in — live.
 * - Teachers: every one for the roles that reach every classroom; a Teacher or AssistantTeacher
 *   themself; a Student or consultant the teachers and assistants of the classes they reach.
 * - Inside a classroom a caller reaches, per-student records (presence, feedback, homework,
 *   exams, reports, money, the student's key and consultant) are read only for the students the
 *   caller reaches (`readableStudents`): a consultant sees their own consultees' rows of a group
 *   class, a Student their own; the others appear by display name only, if at all.
 */

/**
 * The students `user` reaches, as a condition on a student key expression. `consultantKey`: the
 * student's consultant column when the query already joins the student's row (no sub-query then).
 * `money`: a Teacher's or AssistantTeacher's reach is for teaching, never for a student's money.
 */
export function reachableStudents(
  user: SessionUser,
  studentKey: SQLWrapper,
  options: { consultantKey?: SQLWrapper; money?: boolean } = {},
): SQL | undefined {
  const me = user.publicKey;
  switch (roleScopes[user.role].students) {
    case 'all':
      return undefined;
    case 'consultees':
      return options.consultantKey
        ? sql`${options.consultantKey} = ${me}::uuid`
        : sql`${studentKey} in (${consulteesOf(me)})`;
    case 'classrooms':
      return options.money ? sql`false` : sql`${studentKey} in (${studentsTaughtBy(me)})`;
    case 'self':
      return sql`${studentKey} = ${me}::uuid`;
  }
}

/**
 * The classrooms `user` reaches, as a condition on a classroom id expression, or (by default) on
 * the columns of `classrooms` itself when the query reads that table.
 */
export function reachableClassrooms(
  user: SessionUser,
  classroomId: SQLWrapper = classrooms.classroomId,
): SQL | undefined {
  const me = user.publicKey;
  const conditions: SQL[] = [];
  switch (roleScopes[user.role].classrooms) {
    case 'all':
      break;
    case 'teachesOrAssists':
      conditions.push(classroomTaughtBy(me));
      break;
    case 'enrolled':
      conditions.push(sql`${classrooms.classroomId} in (${classesOfStudent(me)})`);
      break;
    case 'consultees':
      conditions.push(sql`${classrooms.classroomId} in (${classesOfConsultees(me)})`);
      break;
  }
  if (!user.permissions.has('classes.readDeleted')) conditions.push(classroomIsLive);
  if (!conditions.length) return undefined;
  // A lone condition is the constant itself (`classroomIsLive`): a list built with it is kept (list-statement.ts).
  const condition = conditions.length === 1 ? conditions[0]! : sql.join(conditions, sql` and `);
  return classroomId === classrooms.classroomId ? condition : classroomWhere(classroomId, condition);
}

/** The teachers (and assistants) `user` reaches, as a condition on a teacher key expression. */
export function reachableTeachers(user: SessionUser, teacherKey: SQLWrapper): SQL | undefined {
  const me = user.publicKey;
  switch (roleScopes[user.role].classrooms) {
    case 'all':
      return undefined;
    case 'teachesOrAssists':
      return sql`${teacherKey} = ${me}::uuid`;
    case 'enrolled':
      return sql`${teacherKey} in (${teachersOfClasses(classesOfStudent(me))})`;
    case 'consultees':
      return sql`${teacherKey} in (${teachersOfClasses(classesOfConsultees(me))})`;
  }
}

/** Whether `user` reaches every student (no condition is added to their queries). */
export const reachesEveryStudent = (user: SessionUser) => roleScopes[user.role].students === 'all';

/** Whether `user` reaches every classroom (their role is not narrowed to some). */
export const reachesEveryClassroom = (user: SessionUser) => roleScopes[user.role].classrooms === 'all';

/**
 * Whether `user` acts for a class's teacher (confirming a session or a schedule change as the
 * teacher): the teacher themself, or a role that reaches every classroom — not the assistant.
 */
export const speaksForTeacher = (user: SessionUser, teacherKey: string) =>
  reachesEveryClassroom(user) || teacherKey === user.publicKey;

/** Whether `user` reaches one student (their records answer as absent otherwise). */
export async function reachesStudent(q: Queryable, user: SessionUser, studentKey: string): Promise<boolean> {
  return (await readableStudents(q, user, [studentKey]))(studentKey);
}

/**
 * Which of these students' per-student records `user` reads, for rows already loaded from a
 * classroom the caller reaches: one query for a consultant, teacher or assistant, none otherwise.
 */
export async function readableStudents(
  q: Queryable,
  user: SessionUser,
  studentKeys: readonly string[],
): Promise<(studentKey: string) => boolean> {
  const scope = roleScopes[user.role].students;
  if (scope === 'all') return () => true;
  if (scope === 'self') return (key) => key === user.publicKey;
  const keys = [...new Set(studentKeys)];
  if (!keys.length) return () => false;
  const reached = await keysWhere(q, keys, (key) => reachableStudents(user, key)!);
  return (key) => reached.has(key);
}
