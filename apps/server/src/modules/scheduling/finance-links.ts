import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { classrooms, classroomSessions, classroomStudents } from '../../db/schema/scheduling.ts';
import { anyUuid } from '../../db/sql.ts';

/**
 * What the finance area needs of classrooms and sessions (DESIGN §7 "Deposits and reserved
 * sessions"), offered by this module so finance never names scheduling's tables itself.
 */

/** Classrooms as finance joins them: id, name, teacher, lesson type, state. */
export const financeClassrooms = sql`(select classroom_id, classroom_name, teacher_key, lesson_type, state from ${classrooms})`;

/**
 * Sessions as finance reads them: the live ones (not cancelled), their hours as booked and whether
 * they were held; the classroom's students beside them in `financeClassroomStudents`.
 */
export const financeSessions = sql`(select session_id, classroom_id, start_at, state,
  (duration_minutes::numeric / 60) as hours, state = 'haveclass' as held, financial_confirmation
  from ${classroomSessions} where state <> 'canceled')`;

export const financeClassroomStudents = sql`(select classroom_id, student_key from ${classroomStudents})`;

/** Whether the student sits in the classroom (a deposit is for a student of that class). */
export async function isStudentOfClassroom(q: Queryable, classroomId: string, studentKey: string): Promise<boolean> {
  const n = await q.$count(
    classroomStudents,
    and(eq(classroomStudents.classroomId, classroomId), eq(classroomStudents.studentKey, studentKey)),
  );
  return n > 0;
}

/** Locks a classroom row: finance serialises every allocation of one classroom behind it. */
export async function lockClassroomForFinance(q: Queryable, classroomId: string): Promise<boolean> {
  const rows = await q
    .select({ id: classrooms.classroomId })
    .from(classrooms)
    .where(eq(classrooms.classroomId, classroomId))
    .for('update');
  return rows.length > 0;
}

/**
 * Sets `financialConfirmation` of a classroom's live sessions: true exactly for `formalIds`.
 * Answers the ids whose flag changed.
 */
export async function setFinancialConfirmation(
  q: Queryable,
  classroomId: string,
  formalIds: readonly string[],
): Promise<string[]> {
  const changed = await q
    .update(classroomSessions)
    .set({ financialConfirmation: sql`${classroomSessions.sessionId} = ${anyUuid(formalIds)}` })
    .where(
      and(
        eq(classroomSessions.classroomId, classroomId),
        sql`${classroomSessions.state} <> 'canceled'`,
        sql`${classroomSessions.financialConfirmation} is distinct from (${classroomSessions.sessionId} = ${anyUuid(formalIds)})`,
      ),
    )
    .returning({ sessionId: classroomSessions.sessionId });
  return changed.map((r) => r.sessionId);
}
