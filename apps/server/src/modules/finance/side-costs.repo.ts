import { eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { studentSideCosts } from '../../db/schema/finance.ts';
import { epochOf, selectRows } from '../../db/sql.ts';
import { people } from '../users/users.module.ts';

export interface SideCostRow {
  sideCostId: string;
  studentKey: string;
  studentName: string;
  title: string;
  amount: string;
  transactionId: string | null;
  createMoment: number;
}

/**
 * The live (not removed) side costs of a classroom, of one student or of every student `scope`
 * (a condition on `st`, the student's people row) reaches; `lock` takes their rows for a command.
 */
export function liveSideCosts(q: Queryable, classroomId: string, of: { studentKey?: string; scope?: SQL; lock?: boolean }) {
  return selectRows<SideCostRow>(
    q,
    sql`select sc.side_cost_id, sc.student_key, st.full_name as student_name, sc.title, sc.amount::text as amount,
        sc.transaction_id, ${epochOf(sql`sc.create_moment`)} as create_moment
      from ${studentSideCosts} sc join ${people} st on st.public_key = sc.student_key
      where sc.classroom_id = ${classroomId} and sc.removed_at is null
        ${of.studentKey ? sql`and sc.student_key = ${of.studentKey}` : sql``}
        ${of.scope ? sql`and ${of.scope}` : sql``}
      order by st.full_name, sc.student_key, sc.create_moment, sc.side_cost_id
      ${of.lock ? sql`for update of sc` : sql``}`,
  );
}

export async function insertSideCost(
  q: Queryable,
  values: { classroomId: string; studentKey: string; title: string; amount: string; createdBy: string },
): Promise<string> {
  // clock_timestamp, not the transaction's now(): side costs added together keep the order given.
  const [row] = await q
    .insert(studentSideCosts)
    .values({ ...values, createMoment: sql`clock_timestamp()` })
    .returning({ id: studentSideCosts.sideCostId });
  return row!.id;
}

export async function updateSideCost(
  q: Queryable,
  sideCostId: string,
  values: Partial<Pick<typeof studentSideCosts.$inferInsert, 'title' | 'amount' | 'transactionId' | 'removedAt' | 'removedBy'>>,
): Promise<void> {
  await q
    .update(studentSideCosts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(studentSideCosts.sideCostId, sideCostId));
}
