import { and, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { classroomLessons, classrooms, classroomSessions, classroomStudents } from '../../db/schema/scheduling.ts';
import { anyUuid, selectRow } from '../../db/sql.ts';

/**
 * Who belongs to which classroom, and the classroom and session writes other areas ask of this
 * one (scheduling's general ports: any area may use them, none is kept for one consumer).
 */

/** Whether the student sits in the classroom. */
export async function isClassroomMember(q: Queryable, classroomId: string, studentKey: string): Promise<boolean> {
  const n = await q.$count(
    classroomStudents,
    and(eq(classroomStudents.classroomId, classroomId), eq(classroomStudents.studentKey, studentKey)),
  );
  return n > 0;
}

/** Whether a person teaches or assists any classroom (staff) or sits in one (a student). */
export async function belongsToAnyClassroom(q: Queryable, user: { publicKey: string; role: string }) {
  const n =
    user.role === 'Student'
      ? await q.$count(classroomStudents, eq(classroomStudents.studentKey, user.publicKey))
      : await q.$count(
          classrooms,
          or(eq(classrooms.teacherKey, user.publicKey), eq(classrooms.assistantKey, user.publicKey)),
        );
  return n > 0;
}

/**
 * Locks a classroom's row for the transaction: whoever changes what hangs on a classroom as a
 * whole (its money allocation, its prices) serialises behind it. False when it does not exist.
 */
export async function lockClassroom(q: Queryable, classroomId: string): Promise<boolean> {
  const rows = await q
    .select({ id: classrooms.classroomId })
    .from(classrooms)
    .where(eq(classrooms.classroomId, classroomId))
    .for('update');
  return rows.length > 0;
}

/**
 * Sets `financialConfirmation` of a classroom's live sessions: true exactly for `formalIds`
 * (finance's allocation decides which). Answers the ids whose flag changed.
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

/** Whether the lesson is one of the classroom's. */
export async function isLessonOfClassroom(q: Queryable, classroomId: string, classroomLessonId: string) {
  const row = await selectRow<{ ok: boolean }>(
    q,
    sql`select exists (select 1 from ${classroomLessons}
      where classroom_id = ${classroomId} and classroom_lesson_id = ${classroomLessonId}) as ok`,
  );
  return row?.ok === true;
}
