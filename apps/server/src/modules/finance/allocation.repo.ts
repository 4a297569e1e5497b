import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, studentPrices } from '../../db/schema/finance.ts';
import { selectRows } from '../../db/sql.ts';
import { classroomMembers } from '../scheduling/scheduling.module.ts';
import { type ClassroomScope, inScope } from './classroom-scope.ts';
import { earningDifferencesSql } from './earnings.repo.ts';
import { liveSessions } from './live-sessions.repo.ts';
import { creditSums } from './ledger.repo.ts';
import { liveClassroomIds } from './prices.repo.ts';

/**
 * The price of one session for one student, in one place (docs/finance.md "Rounding"):
 * hours × (cost − discount) per hour, rounded half-up to 2 decimals per session. PostgreSQL's
 * round(numeric) rounds halves away from zero, which for these non-negative amounts is half-up.
 */
export const sessionPrice = (hours: ReturnType<typeof sql>, price: string) =>
  sql`round(${hours} * (${sql.raw(price)}.cost_per_hour - ${sql.raw(price)}.discount_per_hour), 2)`;

/**
 * The charges held sessions should carry compared with those the ledger holds: one row per
 * (session, student) where they differ. `expected` null: no charge is due (not held, no price, or
 * the student left); `live` null: none is posted.
 */
const chargeDifferencesSql = (scope: ClassroomScope) => sql`with
  held as (select classroom_id, session_id, hours from ${liveSessions} s where ${inScope(scope, 's.classroom_id')} and s.held),
  expected as (
    select h.classroom_id, h.session_id, st.student_key, nullif(${sessionPrice(sql`h.hours`, 'p')}, 0) as amount
    from held h
    join ${classroomMembers} st on st.classroom_id = h.classroom_id
    join ${studentPrices} p on p.classroom_id = h.classroom_id and p.student_key = st.student_key
    where ${inScope(scope, 'st.classroom_id')} and ${inScope(scope, 'p.classroom_id')}),
  charges as (
    select e.classroom_id, t.transaction_id, t.session_id, e.student_key, e.amount,
      exists (select 1 from ${ledgerTransactions} r where r.reverses_transaction_id = t.transaction_id) as reversed
    from ${ledgerTransactions} t
    join ${ledgerEntries} e on e.transaction_id = t.transaction_id and e.account = 'student_credit'
    where t.kind = 'charge.session' and ${inScope(scope, 'e.classroom_id')}),
  live as (select * from charges where not reversed),
  differences as (
    select coalesce(x.classroom_id, l.classroom_id) as classroom_id,
      coalesce(x.session_id, l.session_id) as session_id, coalesce(x.student_key, l.student_key) as student_key,
      x.amount as expected, l.amount as live, l.transaction_id as live_transaction_id
    from expected x full join live l on l.session_id = x.session_id and l.student_key = x.student_key
    where x.amount is distinct from l.amount)`;

/** The charge differences of one classroom, in (session, student) order. */
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
    sql`${chargeDifferencesSql({ classroomId })}
      select d.session_id, d.student_key, d.expected::text as expected, d.live::text as live, d.live_transaction_id,
        (select count(*)::int from charges c where c.session_id = d.session_id and c.student_key = d.student_key) as posted
      from differences d
      order by 1, 2`,
  );
}

/**
 * The reserved / formal split (DESIGN §7): each student's paid credit in the classroom, net of
 * their side costs there (paid first), is allocated to the live sessions in start order; a session
 * is formal when every student of the class has a price and their credit covers it (running total
 * of session prices ≤ paid). A session of a classroom without students is not formal.
 */
const formalSql = (scope: ClassroomScope) => sql`with
  students as (select classroom_id, student_key from ${classroomMembers} cs where ${inScope(scope, 'cs.classroom_id')}),
  costs as (
    select s.classroom_id, s.session_id, s.start_at, st.student_key, ${sessionPrice(sql`s.hours`, 'p')} as cost
    from ${liveSessions} s
    join students st on st.classroom_id = s.classroom_id
    left join ${studentPrices} p on p.classroom_id = s.classroom_id and p.student_key = st.student_key
    where ${inScope(scope, 's.classroom_id')}),
  running as (
    select classroom_id, session_id, student_key, cost,
      sum(cost) over (partition by classroom_id, student_key order by start_at, session_id) as running
    from costs),
  paid as (select classroom_id, student_key, paid - side_costs as paid from ${creditSums} cs where ${inScope(scope, 'cs.classroom_id')}),
  formal as (
    select r.session_id, bool_and(r.cost is not null and r.running <= coalesce(pd.paid, 0)) as formal
    from running r left join paid pd on pd.classroom_id = r.classroom_id and pd.student_key = r.student_key
    group by r.session_id)`;

/** The ids of one classroom's formal sessions. */
export async function formalSessions(q: Queryable, classroomId: string): Promise<string[]> {
  const rows = await selectRows<{ sessionId: string }>(
    q,
    sql`${formalSql({ classroomId })} select session_id from formal where formal`,
  );
  return rows.map((r) => r.sessionId);
}

/**
 * The live classrooms whose allocation would change anything: a charge to post or reverse, or a
 * session whose reserved / formal flag is not what the ledger says. Two set-based statements over
 * all classrooms, so "fix for all" runs the per-classroom allocation only where it has work
 * (on the large centre: seconds, against minutes for 3,000 transactions that change nothing).
 */
export async function classroomsDueForAllocation(q: Queryable): Promise<string[]> {
  const charges = await selectRows<{ classroomId: string }>(
    q,
    sql`${chargeDifferencesSql('all')} select distinct classroom_id from differences`,
  );
  const flags = await selectRows<{ classroomId: string }>(
    q,
    sql`${formalSql('all')}
      select distinct s.classroom_id from ${liveSessions} s
      left join formal f on f.session_id = s.session_id
      where s.financial_confirmation is distinct from coalesce(f.formal, false)`,
  );
  // teacher settlements (issue 28): the teachers' earnings are brought in line by the same run
  const earnings = await selectRows<{ classroomId: string }>(
    q,
    sql`${earningDifferencesSql('all')} select distinct classroom_id from earning_differences`,
  );
  const due = new Set([...charges, ...flags, ...earnings].map((r) => r.classroomId));
  return (await liveClassroomIds(q)).filter((id) => due.has(id));
}
