import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, studentPrices } from '../../db/schema/finance.ts';
import { selectRows } from '../../db/sql.ts';
import { financeClassroomStudents, financeSessions } from '../scheduling/scheduling.module.ts';
import { creditSums } from './ledger.repo.ts';

/**
 * The price of one session for one student, in one place (docs/finance.md "Rounding"):
 * hours × (cost − discount) per hour, rounded half-up to 2 decimals per session. PostgreSQL's
 * round(numeric) rounds halves away from zero, which for these non-negative amounts is half-up.
 */
export const sessionPrice = (hours: ReturnType<typeof sql>, price: string) =>
  sql`round(${hours} * (${sql.raw(price)}.cost_per_hour - ${sql.raw(price)}.discount_per_hour), 2)`;

/**
 * The charges a classroom's held sessions should carry compared with those the ledger holds:
 * one row per (session, student) where they differ. `expected` null: no charge is due (not
 * held, no price, or the student left); `live` null: none is posted.
 */
export function chargeDifferences(q: Queryable, classroomId: string) {
  return selectRows<{
    sessionId: string;
    studentKey: string;
    expected: string | null;
    live: string | null;
    liveTransactionId: string | null;
    posted: number;
  }>(
    q,
    sql`with held as (select session_id, hours from ${financeSessions} s where s.classroom_id = ${classroomId} and s.held),
      expected as (
        select h.session_id, st.student_key, nullif(${sessionPrice(sql`h.hours`, 'p')}, 0) as amount
        from held h
        join ${financeClassroomStudents} st on st.classroom_id = ${classroomId}
        join ${studentPrices} p on p.classroom_id = ${classroomId} and p.student_key = st.student_key),
      charges as (
        select t.transaction_id, t.session_id, e.student_key, e.amount,
          exists (select 1 from ${ledgerTransactions} r where r.reverses_transaction_id = t.transaction_id) as reversed
        from ${ledgerTransactions} t
        join ${ledgerEntries} e on e.transaction_id = t.transaction_id and e.account = 'student_credit'
        where t.kind = 'charge.session' and e.classroom_id = ${classroomId}),
      live as (select * from charges where not reversed)
      select coalesce(x.session_id, l.session_id) as session_id, coalesce(x.student_key, l.student_key) as student_key,
        x.amount::text as expected, l.amount::text as live, l.transaction_id as live_transaction_id,
        (select count(*)::int from charges c where c.session_id = coalesce(x.session_id, l.session_id)
          and c.student_key = coalesce(x.student_key, l.student_key)) as posted
      from expected x full join live l on l.session_id = x.session_id and l.student_key = x.student_key
      where x.amount is distinct from l.amount
      order by 1, 2`,
  );
}

/**
 * The reserved / formal split (DESIGN §7): each student's paid credit in the classroom, net of
 * their side costs there (paid first), is allocated to the live sessions in start order; a session
 * is formal when every student of the class has a price and their credit covers it (running total of session prices ≤ paid).
 * Answers the ids of the formal sessions.
 */
export async function formalSessions(q: Queryable, classroomId: string): Promise<string[]> {
  const rows = await selectRows<{ sessionId: string }>(
    q,
    sql`with students as (select student_key from ${financeClassroomStudents} cs where cs.classroom_id = ${classroomId}),
      costs as (
        select s.session_id, s.start_at, st.student_key, ${sessionPrice(sql`s.hours`, 'p')} as cost
        from ${financeSessions} s
        cross join students st
        left join ${studentPrices} p on p.classroom_id = ${classroomId} and p.student_key = st.student_key
        where s.classroom_id = ${classroomId}),
      running as (
        select session_id, student_key, cost,
          sum(cost) over (partition by student_key order by start_at, session_id) as running
        from costs),
      paid as (select student_key, paid - side_costs as paid from ${creditSums} cs where cs.classroom_id = ${classroomId})
      select r.session_id from running r left join paid pd on pd.student_key = r.student_key
      group by r.session_id
      having bool_and(r.cost is not null and r.running <= coalesce(pd.paid, 0))`,
  );
  return rows.map((r) => r.sessionId);
}
