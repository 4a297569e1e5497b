import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { exams, homeworks } from '../../db/schema/academic.ts';
import { selectRow } from '../../db/sql.ts';

/** Whether a student has homework or exams on record: their academic history is kept. */
export async function hasAcademicRecords(q: Queryable, studentKey: string): Promise<boolean> {
  const row = await selectRow<{ owned: boolean }>(
    q,
    sql`select exists (select 1 from ${homeworks} where ${homeworks.studentKey} = ${studentKey})
      or exists (select 1 from ${exams} where ${exams.studentKey} = ${studentKey}) as owned`,
  );
  return row?.owned ?? false;
}
