import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { homeworks } from '../../db/schema/academic.ts';
import { selectRow } from '../../db/sql.ts';

/**
 * Homework to grade (staff tasks, issue 29): done by the student, no correct percentage given
 * yet, in the classes of `classes` (the reach policy's condition on a classroom id).
 */
export async function homeworkToGradeCount(q: Queryable, classes: (classroomId: SQL) => SQL | undefined) {
  const scope = classes(sql`h.classroom_id`);
  const row = await selectRow<{ n: number }>(
    q,
    sql`select count(*)::int as n from ${homeworks} h
      where h.state = 'Done' and h.correct_percentation is null and ${scope ?? sql`true`}`,
  );
  return row!.n;
}
