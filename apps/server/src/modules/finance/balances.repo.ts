import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { studentPrices } from '../../db/schema/finance.ts';
import { selectRow, selectRows } from '../../db/sql.ts';
import { classroomMembers, classroomsView } from '../scheduling/scheduling.module.ts';
import { liveSessions } from './live-sessions.repo.ts';
import { people } from '../users/users.module.ts';
import { sessionPrice } from './allocation.repo.ts';
import { creditSums } from './ledger.repo.ts';

export interface BalanceRow {
  classroomId: string;
  classroomName: string;
  studentKey: string;
  studentName: string;
  paid: string;
  used: string;
  remaining: string;
  costPerHour: string | null;
  discountPerHour: string | null;
  balanceInHour: string | null;
  reservedSessions: number;
}

/** A student (role Student) the caller reaches, or undefined (DESIGN §6: out of reach = absent). */
export function studentInScope(q: Queryable, studentKey: string, scope: SQL | undefined) {
  return selectRow<{ publicKey: string; fullName: string; consultantKey: string | null }>(
    q,
    sql`select st.public_key, st.full_name, st.consultant_key from ${people} st
      where st.public_key = ${studentKey} and st.role = 'Student' ${scope ? sql`and ${scope}` : sql``}`,
  );
}

/**
 * Students' money per classroom — of one student (every classroom they sit in or have money in)
 * or of one classroom (every student in it or with money in it) — each figure a sum of ledger
 * entries (`creditSums`): paid, used, remaining; the hours left at their net price; and how many
 * of the classroom's live sessions their own credit does not cover (reserved for them).
 */
export function balancesOf(q: Queryable, of: { studentKey: string } | { classroomId: string }, scope?: SQL) {
  const pick =
    'studentKey' in of
      ? { students: sql`cs.student_key = ${of.studentKey}`, sums: sql`m.student_key = ${of.studentKey}` }
      : { students: sql`cs.classroom_id = ${of.classroomId}`, sums: sql`m.classroom_id = ${of.classroomId}` };
  return selectRows<BalanceRow>(
    q,
    sql`with pairs as (
        select classroom_id, student_key from ${classroomMembers} cs where ${pick.students}
        union select classroom_id, student_key from ${creditSums} m where ${pick.sums}),
      coverage as (
        select pairs.classroom_id, pairs.student_key, p.cost_per_hour,
          sum(${sessionPrice(sql`s.hours`, 'p')}) over (partition by pairs.classroom_id, pairs.student_key
            order by s.start_at, s.session_id) as running
        from pairs join ${liveSessions} s on s.classroom_id = pairs.classroom_id
        left join ${studentPrices} p on p.classroom_id = pairs.classroom_id and p.student_key = pairs.student_key)
      select c.classroom_id, c.classroom_name, st.public_key as student_key, st.full_name as student_name,
        coalesce(m.paid, 0)::text as paid, coalesce(m.used, 0)::text as used, coalesce(m.remaining, 0)::text as remaining,
        p.cost_per_hour::text as cost_per_hour, p.discount_per_hour::text as discount_per_hour,
        case when p.cost_per_hour - p.discount_per_hour > 0
          then round(coalesce(m.remaining, 0) / (p.cost_per_hour - p.discount_per_hour), 2)::text end as balance_in_hour,
        (select count(*)::int from coverage v where v.classroom_id = pairs.classroom_id and v.student_key = pairs.student_key
          and (v.cost_per_hour is null or v.running > coalesce(m.paid - m.side_costs, 0))) as reserved_sessions
      from pairs
      join ${classroomsView} c on c.classroom_id = pairs.classroom_id
      join ${people} st on st.public_key = pairs.student_key
      -- the sums narrowed first, so the ledger is read through its index, not aggregated whole (bench/EXPLAIN.md)
      left join (select * from ${creditSums} m where ${pick.sums}) m on m.classroom_id = pairs.classroom_id and m.student_key = pairs.student_key
      left join ${studentPrices} p on p.classroom_id = pairs.classroom_id and p.student_key = pairs.student_key
      ${scope ? sql`where ${scope}` : sql``}
      order by c.classroom_name, c.classroom_id, st.full_name`,
  );
}

/**
 * A student's money over all their classrooms (issue 31): the sums of their credit accounts
 * (`creditSums`, read through its primary key), and what they owe (the debtors list's
 * `greatest(-remaining, 0)` per classroom, summed). Decimal strings, summed in SQL.
 */
export async function moneyTotalsOf(q: Queryable, studentKey: string) {
  const row = await selectRow<{ paid: string; used: string; remaining: string; debt: string }>(
    q,
    sql`select coalesce(sum(m.paid), 0)::text as paid, coalesce(sum(m.used), 0)::text as used,
        coalesce(sum(m.remaining), 0)::text as remaining, coalesce(sum(greatest(-m.remaining, 0)), 0)::text as debt
      from ${creditSums} m where m.student_key = ${studentKey}`,
  );
  return row ?? { paid: '0', used: '0', remaining: '0', debt: '0' };
}
