import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { deposits, teacherMoneySums, transfers } from '../../db/schema/finance.ts';
import { selectRow } from '../../db/sql.ts';
import { creditSums } from './ledger.repo.ts';

/** Whose confirmation a waiting deposit or transfer still lacks: the consultant's, the financial admin's, or any. */
export type WaitingSide = 'consultant' | 'financial' | 'any';

export interface MoneyTaskCounts {
  depositsWaiting: number;
  transfersWaiting: number;
  debtors: number;
  teachersUnpaid: number;
}

const lacking = (side: WaitingSide, alias: string) =>
  side === 'consultant'
    ? sql`and ${sql.raw(alias)}.consultant_confirmed_at is null`
    : side === 'financial'
      ? sql`and ${sql.raw(alias)}.financial_confirmed_at is null`
      : sql``;

/**
 * What waits in finance (staff tasks, issue 29), in one statement: deposits and transfers not
 * confirmed yet that still lack `side`'s confirmation, the students owing on some class (a credit
 * account summing to a debit, as the debtors list), the teachers with unpaid earnings (teacher
 * payable summing to a debt, as the settlement guide's `unpaid`, read from the sums the ledger keeps
 * per teacher and class). `students` is the reach policy's
 * money condition on a student key.
 */
export async function moneyTaskCounts(
  q: Queryable,
  side: WaitingSide,
  students: (studentKey: SQL) => SQL | undefined,
): Promise<MoneyTaskCounts> {
  const of = (column: string) => students(sql.raw(column)) ?? sql`true`;
  const row = await selectRow<MoneyTaskCounts>(
    q,
    sql`select
        (select count(*)::int from ${deposits} d where d.confirmed_at is null ${lacking(side, 'd')} and ${of('d.student_key')}) as deposits_waiting,
        (select count(*)::int from ${transfers} t where t.confirmed_at is null ${lacking(side, 't')} and ${of('t.student_key')}) as transfers_waiting,
        (select count(distinct m.student_key)::int from ${creditSums} m where m.remaining < 0 and ${of('m.student_key')}) as debtors,
        (select count(*)::int from (select m.teacher_key from ${teacherMoneySums} m
          group by m.teacher_key having sum(m.unpaid) > 0) u) as teachers_unpaid`,
  );
  return row!;
}
