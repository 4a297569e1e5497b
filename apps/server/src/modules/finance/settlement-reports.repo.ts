import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  classroomSalaries,
  ledgerEntries,
  ledgerTransactions,
  settlements,
  teacherFees,
  teacherMoneySums,
} from '../../db/schema/finance.ts';
import { epochOf, selectRow, selectRows, zoneLiteral } from '../../db/sql.ts';
import { classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';
import { nameOf, people } from '../users/users.module.ts';
import { coveredSessions, earningPostings } from './earnings.repo.ts';

/**
 * A teacher's money, every figure from the ledger (docs/finance.md "Teacher settlements"):
 * earned = the teacher payable's credits by earnings (net of their corrections), paid = its debits
 * by settlements (net of reversals), unpaid = −Σ teacher payable = earned − paid; other payments
 * are the teacher pay debited by settlements; waiting = settlements made and not paid (no money yet).
 */
export interface TeacherSumRow {
  teacherKey: string;
  teacherName: string;
  sessionCount: number;
  hours: string;
  earned: string;
  paid: string;
  unpaid: string;
  otherPayments: string;
  waiting: string;
}

/**
 * `teacherKey`: one teacher; `lessonType`: only the money of classes of that lesson type. Read from
 * the sums the ledger keeps per (teacher, class) (migrations 0037 and 0042, reconciled with the
 * entries and sessions after every finance test), not from every teacher entry or earned session.
 * Hours: Σ booked minutes ÷ 60 rounded to 2 decimals, the same figure as Σ of each session's hours
 * rounded (a sum of minutes ÷ 60 is never within rounding error of a half cent); none held → 0.
 */
export function teacherSums(q: Queryable, of: { teacherKey?: string; lessonType?: string }) {
  const teacher = (column: string) => (of.teacherKey ? sql`and ${sql.raw(column)} = ${of.teacherKey}` : sql``);
  const ofType = (column: string) =>
    of.lessonType
      ? sql`and ${sql.raw(column)} in (select classroom_id from ${classroomsView} lc where lc.lesson_type = ${of.lessonType})`
      : sql``;
  return selectRows<TeacherSumRow>(
    q,
    sql`with money as (
        select m.teacher_key, sum(m.earned) as earned, sum(m.paid) as paid, sum(m.unpaid) as unpaid,
          sum(m.other_payments) as other_payments, sum(m.session_count)::int as session_count,
          case when sum(m.session_count) > 0 then round(sum(m.minutes)::numeric / 60, 2) end as hours
        from ${teacherMoneySums} m where true ${teacher('m.teacher_key')} ${ofType('m.classroom_id')}
        group by m.teacher_key),
      waiting as (
        select w.teacher_key, sum(w.amount) as waiting from ${settlements} w
        where w.confirmed_at is null ${teacher('w.teacher_key')} ${of.lessonType ? sql`and w.lesson_type = ${of.lessonType}` : sql``}
        group by w.teacher_key),
      teachers as (select teacher_key from money union select teacher_key from waiting)
      select k.teacher_key, tp.full_name as teacher_name, coalesce(m.session_count, 0) as session_count,
        coalesce(m.hours, 0)::text as hours, coalesce(m.earned, 0)::text as earned, coalesce(m.paid, 0)::text as paid,
        coalesce(m.unpaid, 0)::text as unpaid, coalesce(m.other_payments, 0)::text as other_payments,
        coalesce(w.waiting, 0)::text as waiting
      from teachers k join ${people} tp on tp.public_key = k.teacher_key
      left join money m on m.teacher_key = k.teacher_key
      left join waiting w on w.teacher_key = k.teacher_key
      order by tp.full_name, k.teacher_key`,
  );
}

/** The totals of `teacherSums`' rows, added up by PostgreSQL. */
export async function totalsOf(q: Queryable, rows: readonly TeacherSumRow[]) {
  const column = (pick: (r: TeacherSumRow) => string) => sql`${sql.param(rows.map(pick))}::numeric[]`;
  const [row] = await selectRows<Record<'hours' | 'earned' | 'paid' | 'unpaid' | 'otherPayments' | 'waiting', string>>(
    q,
    sql`select coalesce(sum(h), 0)::text as hours, coalesce(sum(e), 0)::text as earned, coalesce(sum(p), 0)::text as paid,
        coalesce(sum(u), 0)::text as unpaid, coalesce(sum(o), 0)::text as other_payments, coalesce(sum(w), 0)::text as waiting
      from unnest(${column((r) => r.hours)}, ${column((r) => r.earned)}, ${column((r) => r.paid)}, ${column((r) => r.unpaid)},
        ${column((r) => r.otherPayments)}, ${column((r) => r.waiting)}) as u(h, e, p, u, o, w)`,
  );
  return row!;
}

/** A person who is (or was) a teacher, by key: their name, or undefined. */
export function teacherOf(q: Queryable, teacherKey: string) {
  return selectRow<{ teacherKey: string; teacherName: string }>(
    q,
    sql`select public_key as teacher_key, full_name as teacher_name from ${people} where public_key = ${teacherKey} and role = 'Teacher'`,
  );
}

/** A class's money towards its teacher, from the ledger: students' revenue, earned, paid, left; and its rate. */
export function classroomMoney(q: Queryable, classroomId: string) {
  return selectRow<{
    classroomId: string;
    classroomName: string;
    teacherKey: string;
    teacherName: string;
    rate: string | null;
    revenue: string;
    earned: string;
    paid: string;
    left: string;
  }>(
    q,
    sql`select c.classroom_id, c.classroom_name, c.teacher_key, tp.full_name as teacher_name,
        coalesce(cs.teacher_salary_per_hour, f.fee)::text as rate,
        (select coalesce(-sum(e.amount), 0) from ${ledgerEntries} e where e.account = 'revenue' and e.classroom_id = c.classroom_id)::text as revenue,
        coalesce(m.earned, 0)::text as earned, coalesce(m.paid, 0)::text as paid, coalesce(m.left, 0)::text as left
      from ${classroomsView} c
      join ${people} tp on tp.public_key = c.teacher_key
      left join ${classroomSalaries} cs on cs.classroom_id = c.classroom_id
      left join ${teacherFees} f on f.teacher_key = c.teacher_key and f.lesson_type = c.lesson_type
      left join lateral (
        select -coalesce(sum(e.amount) filter (where t.kind like 'earning.%'), 0) as earned,
          coalesce(sum(e.amount) filter (where t.kind like 'settlement.%'), 0) as paid,
          -coalesce(sum(e.amount), 0) as left
        from ${ledgerEntries} e join ${ledgerTransactions} t on t.transaction_id = e.transaction_id
        where e.account = 'teacher_payable' and e.classroom_id = c.classroom_id) m on true
      where c.classroom_id = ${classroomId}`,
  );
}

/** left − amount, in numeric. */
export async function minus(q: Queryable, a: string, b: string): Promise<string> {
  return (await selectRow<{ v: string }>(q, sql`select (${a}::numeric - ${b}::numeric)::text as v`))!.v;
}

/**
 * A teacher's earnings by month of the session (in the centre's time zone): sessions, hours and
 * what they earned (live earnings), and of that what paid settlements cover; `year` narrows it.
 */
export function earningsByMonth(q: Queryable, teacherKey: string, timeZone: string, year: number | undefined) {
  const month = (column: string) => sql`to_char(${sql.raw(column)} at time zone ${zoneLiteral(timeZone)}, 'YYYY-MM')`;
  const inYear = (column: string) => (year ? sql`and ${month(column)} like ${`${year}-%`}` : sql``);
  return selectRows<{ month: string; sessionCount: number; hours: string; earned: string; paid: string; unpaid: string }>(
    q,
    sql`with earned as (
        select ${month('s.start_at')} as month, count(*)::int as session_count, round(sum(s.hours), 2) as hours, sum(l.amount) as earned
        from ${earningPostings} l join ${sessionsView} s on s.session_id = l.session_id
        where not l.reversed and l.teacher_key = ${teacherKey} ${inYear('s.start_at')}
        group by 1),
      paid as (
        select ${month('s.start_at')} as month, sum(k.amount) as paid
        from ${coveredSessions} k join ${sessionsView} s on s.session_id = k.session_id
        where k.paid and k.teacher_key = ${teacherKey} ${inYear('s.start_at')}
        group by 1)
      select coalesce(e.month, p.month) as month, coalesce(e.session_count, 0) as session_count, coalesce(e.hours, 0)::text as hours,
        coalesce(e.earned, 0)::text as earned, coalesce(p.paid, 0)::text as paid,
        (coalesce(e.earned, 0) - coalesce(p.paid, 0))::text as unpaid
      from earned e full join paid p on p.month = e.month
      order by 1 desc`,
  );
}

/** Names what a transaction of a teacher's account is, from its kind and what it moved. */
const historyKind = sql`case
    when t.kind = 'earning.session' then 'earned'
    when t.kind = 'earning.reversed' then 'earningReversed'
    when t.kind = 'settlement.paid' and x.payable = 0 then 'otherPayment'
    when t.kind = 'settlement.paid' then 'paid'
    when x.payable = 0 then 'otherPaymentReversed'
    else 'paymentReversed' end`;

/**
 * One page of a teacher's money history: each ledger transaction of their accounts, newest first,
 * with what it did to the unpaid earnings and the unpaid after it (a running sum in posting order).
 */
export function teacherHistoryPage(q: Queryable, teacherKey: string, limit: number, offset: number) {
  return selectRows<{
    transactionId: string;
    kind: string;
    at: number;
    classroomName: string | null;
    sessionStart: number | null;
    settlementId: string | null;
    amount: string;
    otherAmount: string;
    unpaidAfter: string;
    byName: string | null;
    totalCount: number;
  }>(
    q,
    sql`with x as (
        select e.transaction_id, min(e.entry_id) as first_entry, min(e.classroom_id::text) as classroom_id,
          -coalesce(sum(e.amount) filter (where e.account = 'teacher_payable'), 0) as payable,
          coalesce(sum(e.amount) filter (where e.account = 'teacher_pay'), 0) as pay
        from ${ledgerEntries} e
        where e.teacher_key = ${teacherKey} and e.account in ('teacher_payable', 'teacher_pay')
        group by e.transaction_id),
      lines as (
        select x.*, sum(x.payable) over (order by x.first_entry) as unpaid_after, count(*) over () as total_count from x)
      select t.transaction_id, ${historyKind} as kind, ${epochOf(sql`t.create_moment`)} as at, c.classroom_name,
        ${epochOf(sql`s.start_at`)} as session_start,
        substring(coalesce(o.idempotency_key, t.idempotency_key) from '^settlement:([0-9a-f-]+):paid$') as settlement_id,
        x.payable::text as amount, case when t.kind like 'settlement.%' then x.pay else 0 end::text as other_amount,
        x.unpaid_after::text as unpaid_after, ${nameOf(sql`t.actor_key`)} as by_name, x.total_count::int as total_count
      from lines x
      join ${ledgerTransactions} t on t.transaction_id = x.transaction_id
      left join ${ledgerTransactions} o on o.transaction_id = t.reverses_transaction_id
      left join ${classroomsView} c on c.classroom_id = x.classroom_id::uuid
      left join ${sessionsView} s on s.session_id = t.session_id
      order by x.first_entry desc
      limit ${limit} offset ${offset}`,
  );
}

/** A teacher's held sessions in a month (centre time zone), per class: all, and those the admin confirmed. */
export function monthlyHoursRows(q: Queryable, teacherKey: string, month: string, timeZone: string) {
  return selectRows<{ classroomId: string; classroomName: string; sessionCount: number; hours: string; confirmedHours: string }>(
    q,
    sql`select s.classroom_id, c.classroom_name, count(*)::int as session_count, round(sum(s.hours), 2)::text as hours,
        coalesce(round(sum(s.hours) filter (where s.confirmed_by_admin), 2), 0)::text as confirmed_hours
      from ${sessionsView} s join ${classroomsView} c on c.classroom_id = s.classroom_id
      where s.teacher_key = ${teacherKey} and s.live and s.held
        and to_char(s.start_at at time zone ${zoneLiteral(timeZone)}, 'YYYY-MM') = ${month}
      group by s.classroom_id, c.classroom_name
      order by c.classroom_name, s.classroom_id`,
  );
}

/** The sum of a column of decimal strings, by PostgreSQL. */
export async function sumOf(q: Queryable, values: readonly string[]): Promise<string> {
  return (await selectRow<{ v: string }>(q, sql`select coalesce(sum(v), 0)::text as v from unnest(${sql.param([...values])}::numeric[]) as u(v)`))!.v;
}

