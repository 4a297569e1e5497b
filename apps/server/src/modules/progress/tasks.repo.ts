import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';
import { coursePlanEntries } from '../../db/schema/progress.ts';
import { selectRow } from '../../db/sql.ts';

/**
 * Active students without any course plan entry (staff tasks, issue 29), among `students` (the
 * reach policy's condition on a student key, given the student's consultant column).
 */
export async function studentsWithoutPlanCount(
  q: Queryable,
  students: (studentKey: SQL, consultantKey: SQL) => SQL | undefined,
) {
  const scope = students(sql`p.public_key`, sql`p.consultant_key`);
  const row = await selectRow<{ n: number }>(
    q,
    sql`select count(*)::int as n from ${people} p
      where p.role = 'Student' and p.status = 'active' and ${scope ?? sql`true`}
        and not exists (select 1 from ${coursePlanEntries} e where e.student_key = p.public_key)`,
  );
  return row!.n;
}
