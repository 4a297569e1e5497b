import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { classroomSalaries, ledgerEntries, ledgerTransactions, settlementSessions, settlements, teacherFees } from '../../db/schema/finance.ts';
import { anyText, selectRows } from '../../db/sql.ts';
import { classroomsView } from '../scheduling/scheduling.module.ts';
import { type ClassroomScope, inScope } from './classroom-scope.ts';
import { liveSessions } from './live-sessions.repo.ts';

/**
 * A teacher's earnings (DESIGN §7 "Settlements", docs/finance.md "Teacher settlements"): a session
 * is earned by its teacher once it is held and the admin confirmed it; it earns its booked hours ×
 * the class's teacher salary per hour (the one set, else the teacher's fee for the class's lesson
 * type), rounded half-up to 2 decimals per session — the one rounding rule, in SQL.
 */
export const earningOf = (hours: SQL, rate: SQL) => sql`round(${hours} * ${rate}, 2)`;

/**
 * The sessions that earn (`s`, with the class as `c`): live, held, confirmed by the admin, at a rate
 * above 0. Columns: session, class, teacher, start, end, hours, lesson type, class name, rate, amount.
 */
export const earningSessions = (where: SQL) => sql`(
  select s.session_id, s.classroom_id, s.teacher_key, s.start_at, s.end_at, s.hours, c.lesson_type, c.classroom_name,
    coalesce(cs.teacher_salary_per_hour, f.fee) as rate,
    ${earningOf(sql`s.hours`, sql`coalesce(cs.teacher_salary_per_hour, f.fee)`)} as amount
  from ${liveSessions} s
  join ${classroomsView} c on c.classroom_id = s.classroom_id
  left join ${classroomSalaries} cs on cs.classroom_id = s.classroom_id
  left join ${teacherFees} f on f.teacher_key = s.teacher_key and f.lesson_type = c.lesson_type
  where s.held and s.confirmed_by_admin and ${where}
    and ${earningOf(sql`s.hours`, sql`coalesce(cs.teacher_salary_per_hour, f.fee)`)} > 0)`;

/** Sessions in a live settlement (waiting or paid): `session_id, teacher_key, classroom_id, amount, paid`. */
export const coveredSessions = sql`(select ss.session_id, ss.teacher_key, ss.classroom_id, ss.amount, ss.settlement_id,
    st.confirmed_at is not null as paid
  from ${settlementSessions} ss join ${settlements} st on st.settlement_id = ss.settlement_id
  where ss.released_at is null)`;

/**
 * The earnings the ledger holds: one row per posted `earning.session` transaction (reversed or
 * not), with its teacher, class and amount (the teacher payable's credit, as a positive amount).
 */
export const earningPostings = sql`(select t.transaction_id, t.session_id, e.teacher_key, e.classroom_id, -e.amount as amount,
    exists (select 1 from ${ledgerTransactions} r where r.reverses_transaction_id = t.transaction_id) as reversed
  from ${ledgerTransactions} t
  join ${ledgerEntries} e on e.transaction_id = t.transaction_id and e.account = 'teacher_payable'
  where t.kind = 'earning.session')`;

/**
 * The earnings held sessions should carry compared with those the ledger holds, one row per
 * (session, teacher) where they differ. What a session in a paid settlement earns is what the
 * settlement paid for it (fixed while the payment stands, whatever changes later); any other
 * session earns as `earningSessions` says. `expected` null: no earning is due any more.
 */
export const earningDifferencesSql = (scope: ClassroomScope) => sql`with
  paid as (select session_id, teacher_key, classroom_id, amount from ${coveredSessions} k where k.paid and ${inScope(scope, 'k.classroom_id')}),
  expected as (
    select session_id, teacher_key, classroom_id, amount from paid
    union all
    select e.session_id, e.teacher_key, e.classroom_id, e.amount from ${earningSessions(inScope(scope, 's.classroom_id'))} e
    where not exists (select 1 from paid p where p.session_id = e.session_id and p.teacher_key = e.teacher_key)),
  postings as (select * from ${earningPostings} p where ${inScope(scope, 'p.classroom_id')}),
  live as (select * from postings where not reversed),
  earning_differences as (
    select coalesce(x.classroom_id, l.classroom_id) as classroom_id, coalesce(x.session_id, l.session_id) as session_id,
      coalesce(x.teacher_key, l.teacher_key) as teacher_key, x.amount as expected, l.amount as live, l.transaction_id as live_transaction_id
    from expected x full join live l on l.session_id = x.session_id and l.teacher_key = x.teacher_key
    where x.amount is distinct from l.amount)`;

/** The earning differences of one classroom, in (session, teacher) order, with how many postings each pair had. */
export function earningDifferences(q: Queryable, classroomId: string) {
  return selectRows<{
    sessionId: string;
    teacherKey: string;
    classroomId: string;
    expected: string | null;
    liveTransactionId: string | null;
    posted: number;
  }>(
    q,
    sql`${earningDifferencesSql({ classroomId })}
      select d.session_id, d.teacher_key, d.classroom_id, d.expected::text as expected, d.live_transaction_id,
        (select count(*)::int from postings p where p.session_id = d.session_id and p.teacher_key = d.teacher_key) as posted
      from earning_differences d
      order by 1, 2`,
  );
}

/**
 * The classes whose earnings a teacher's fee for these lesson types sets: those with held sessions
 * of the teacher and no teacher salary of their own (the fee stands in for it), in id order.
 */
export async function classroomsPaidByFee(q: Queryable, teacherKey: string, lessonTypes: readonly string[]): Promise<string[]> {
  const rows = await selectRows<{ classroomId: string }>(
    q,
    sql`select distinct s.classroom_id from ${liveSessions} s
      join ${classroomsView} c on c.classroom_id = s.classroom_id
      left join ${classroomSalaries} cs on cs.classroom_id = s.classroom_id
      where s.teacher_key = ${teacherKey} and s.held and cs.classroom_id is null and c.lesson_type = ${anyText(lessonTypes)}
      order by 1`,
  );
  return rows.map((r) => r.classroomId);
}
