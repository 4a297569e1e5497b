import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contract, type ListQuery, type ProfitPeriod } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { consultantShares, ledgerEntries, ledgerTransactions, settlements, studentSideCosts } from '../../db/schema/finance.ts';
import { epochOf, selectRow, selectRows } from '../../db/sql.ts';
import { type ColumnMap, columnsFor, compileListQuery, finishPage } from '../../http/list-query.ts';
import { classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';
import { people } from '../users/users.module.ts';

/**
 * Profit per class and per consultant (docs/finance.md "Profit"), every figure a sum of ledger
 * entries in SQL. Each figure is dated by the event it belongs to, and its corrections count with it:
 * a session's charges and earnings by the session's start, a side cost's charges by when the side
 * cost was recorded, an other payment by when it was paid. So a reversed thing counts zero in its
 * period, and a period's figure changes only when something in it changes.
 */

const zoneLiteral = (timeZone: string) => sql.raw(`'${timeZone.replace(/'/g, "''")}'`);

/**
 * The facts of the period, as CTEs (optionally of one class): `side`, `other`, and the sessions'
 * money — per student (`charges`, `earnings`: what the consultants' attribution needs) or, for
 * the classes' figures, one line per session (`session_money`: its revenue and earning; half as
 * many groups to sum, no student to keep apart).
 */
function factsOf(period: ProfitPeriod, timeZone: string, of: { classroomId?: string; perStudent: boolean }): SQL {
  const { classroomId } = of;
  const zone = zoneLiteral(timeZone);
  const start = sql`((${period.from}::date)::timestamp at time zone ${zone})`;
  const end = sql`((${period.to}::date + 1)::timestamp at time zone ${zone})`;
  const ofClass = (column: SQL) => (classroomId ? sql`and ${column} = ${classroomId}` : sql``);
  return sql`sess as (select s.session_id, s.classroom_id, s.start_at, s.hours from ${sessionsView} s
      where s.start_at >= ${start} and s.start_at < ${end} ${ofClass(sql`s.classroom_id`)}),
    ${of.perStudent ? perStudentMoney : perSessionMoney},
    side as (select sc.classroom_id, sc.student_key, -sum(e.amount) as amount
      from ${studentSideCosts} sc
      join ${ledgerEntries} e on e.account = 'side_costs' and e.student_key = sc.student_key and e.classroom_id = sc.classroom_id
      join ${ledgerTransactions} t on t.transaction_id = e.transaction_id and t.memo = sc.side_cost_id::text
      where sc.create_moment >= ${start} and sc.create_moment < ${end} ${ofClass(sql`sc.classroom_id`)}
      group by sc.classroom_id, sc.student_key having sum(e.amount) <> 0),
    -- an other payment: its payment transaction by its posting key (settlements.repo's paymentKey, a
    -- unique index), and the reversal of it, if any
    other as (select e.classroom_id, sum(e.amount) as amount
      from ${settlements} st
      join ${ledgerTransactions} p on p.idempotency_key = 'settlement:' || st.settlement_id::text || ':paid'
      join ${ledgerTransactions} t on t.transaction_id = p.transaction_id or t.reverses_transaction_id = p.transaction_id
      join ${ledgerEntries} e on e.transaction_id = t.transaction_id and e.account = 'teacher_pay'
      where st.settlement_type = 'OtherPayments' and e.classroom_id is not null
        and p.create_moment >= ${start} and p.create_moment < ${end} ${ofClass(sql`st.classroom_id`)}
      group by e.classroom_id having sum(e.amount) <> 0)`;
}

/** The sessions' money per student, net per line: one pass over the sessions' transactions. */
const perStudentMoney = sql`session_money as (select t.session_id, e.classroom_id, e.student_key, e.account, sum(e.amount) as amount
      from sess join ${ledgerTransactions} t on t.session_id = sess.session_id
      join ${ledgerEntries} e on e.transaction_id = t.transaction_id
      where e.account in ('revenue', 'teacher_pay')
      group by t.session_id, e.classroom_id, e.student_key, e.account having sum(e.amount) <> 0),
    charges as (select session_id, classroom_id, student_key, -amount as amount from session_money where account = 'revenue'),
    earnings as (select session_id, classroom_id, sum(amount) as amount from session_money where account = 'teacher_pay'
      group by session_id, classroom_id)`;

/** The sessions' money per session: its revenue (charges net) and its earning, sessions with either. */
const perSessionMoney = sql`session_money as (select t.session_id, e.classroom_id,
        coalesce(-sum(e.amount) filter (where e.account = 'revenue'), 0) as revenue,
        coalesce(sum(e.amount) filter (where e.account = 'teacher_pay'), 0) as earned
      from sess join ${ledgerTransactions} t on t.session_id = sess.session_id
      join ${ledgerEntries} e on e.transaction_id = t.transaction_id
      where e.account in ('revenue', 'teacher_pay')
      group by t.session_id, e.classroom_id
      having sum(e.amount) filter (where e.account = 'revenue') <> 0 or sum(e.amount) filter (where e.account = 'teacher_pay') <> 0)`;

/** Per class: sessions, session revenue, side costs, earnings and other payments of the period. */
const figuresCte = sql`parts as (
      select classroom_id, 1 as session_count, revenue as session_revenue, 0::numeric as side_costs, earned, 0::numeric as other
        from session_money
      union all select classroom_id, 0, 0, amount, 0, 0 from side
      union all select classroom_id, 0, 0, 0, 0, amount from other),
    figures as (select classroom_id, sum(session_count)::int as session_count, sum(session_revenue) as session_revenue,
      sum(side_costs) as side_costs, sum(earned) + sum(other) as teacher_pay, sum(other) as other_payments
      from parts group by classroom_id),
    r as (select f.classroom_id, c.classroom_name, c.lesson_type, c.teacher_key, tp.full_name as teacher_name, f.session_count,
      f.session_revenue + f.side_costs as revenue, f.session_revenue, f.side_costs, f.teacher_pay, f.other_payments,
      f.side_costs as side_costs_borne, f.session_revenue + f.side_costs - f.teacher_pay - f.side_costs as margin,
      case when f.session_revenue + f.side_costs <> 0
        then round((f.session_revenue - f.teacher_pay) * 100 / (f.session_revenue + f.side_costs), 2) end as margin_percent
      from figures f join ${classroomsView} c on c.classroom_id = f.classroom_id
      left join ${people} tp on tp.public_key = c.teacher_key)`;

/** The list's rows as `r` (a CTE); the alias only names its `classroom_id` for the engine's tiebreaker. */
const r = alias(ledgerEntries, 'r');

const columns: ColumnMap = columnsFor(contract.profit.classes, {
  classroomName: sql`r.classroom_name`,
  teacherPublicKey: sql`r.teacher_key::text`,
  teacherName: sql`r.teacher_name`,
  lessonType: sql`r.lesson_type`,
  sessionCount: sql`r.session_count`,
  revenue: sql`r.revenue`,
  teacherPay: sql`r.teacher_pay`,
  sideCosts: sql`r.side_costs`,
  margin: sql`r.margin`,
  marginPercent: sql`r.margin_percent`,
});

export interface ClassProfitRow {
  classroomId: string;
  classroomName: string;
  lessonType: string | null;
  teacherKey: string | null;
  teacherName: string | null;
  sessionCount: number;
  revenue: string;
  sessionRevenue: string;
  sideCosts: string;
  teacherPay: string;
  otherPayments: string;
  sideCostsBorne: string;
  margin: string;
  marginPercent: string | null;
  totalCount: number;
}

/** Every class with a figure in the period, filtered, sorted (least margin first by default) and paged. */
export async function classesProfitPage(q: Queryable, query: ListQuery, period: ProfitPeriod, options: { timeZone: string; allCap: number }) {
  const compiled = compileListQuery(query, {
    columns,
    defaultOrder: [{ column: 'margin', descending: false }],
    tiebreaker: r.classroomId,
    allCap: options.allCap,
    notNull: ['margin', 'revenue', 'teacherPay', 'sideCosts', 'sessionCount', 'classroomName'],
  });
  const where = compiled.where ?? sql`true`;
  const statement = (tail: SQL) => sql`with ${factsOf(period, options.timeZone, { perStudent: false })}, ${figuresCte} ${tail}`;
  const rows = await selectRows<ClassProfitRow>(
    q,
    statement(sql`select r.*, r.revenue::text as revenue, r.session_revenue::text as session_revenue, r.side_costs::text as side_costs,
        r.teacher_pay::text as teacher_pay, r.other_payments::text as other_payments, r.side_costs_borne::text as side_costs_borne,
        r.margin::text as margin, r.margin_percent::text as margin_percent, count(*) over ()::int as total_count
      from r where ${where} order by ${sql.join(compiled.orderBy, sql`, `)} limit ${compiled.limit} offset ${compiled.offset}`),
  );
  return finishPage(rows, compiled, async () => {
    const row = await selectRow<{ n: number }>(q, statement(sql`select count(*)::int as n from r where ${where}`));
    return row?.n ?? 0;
  });
}

export interface ClassSessionRow {
  sessionId: string;
  start: number;
  hours: string;
  revenue: string;
  teacherPay: string;
  margin: string;
}

/** The sessions behind one class's session revenue and earnings in the period, in start order. */
export function classProfitSessions(q: Queryable, classroomId: string, period: ProfitPeriod, timeZone: string) {
  return selectRows<ClassSessionRow>(
    q,
    sql`with ${factsOf(period, timeZone, { classroomId, perStudent: false })}
      select sess.session_id, ${epochOf(sql`sess.start_at`)} as start, round(sess.hours, 2)::text as hours, m.revenue::text as revenue,
        m.earned::text as teacher_pay, (m.revenue - m.earned)::text as margin
      from sess join session_money m on m.session_id = sess.session_id
      order by sess.start_at, sess.session_id`,
  );
}

/**
 * `amount` split over `n` (1…n by `rn`) to the cent, exactly: each takes floor(cents ÷ n), and the
 * first (cents mod n) one cent more; so the parts always add up to the amount.
 */
const centShare = (amount: SQL, rn: SQL, n: SQL) => sql`((floor(round(${amount} * 100) / ${n})
  + case when ${rn} <= round(${amount} * 100) - ${n} * floor(round(${amount} * 100) / ${n}) then 1 else 0 end) / 100)`;

/**
 * A line's figures as decimal strings, from its `session_revenue`, `side_costs` and `teacher_pay`
 * (each wrapped by `of`, e.g. a window sum), named with `prefix`: revenue = sessions + side costs;
 * side costs borne = side costs; margin = revenue − teacher pay − side costs borne.
 */
function figureColumns(prefix: string, of: (column: SQL) => SQL = (column) => column) {
  const session = of(sql`session_revenue`);
  const side = of(sql`side_costs`);
  const pay = of(sql`teacher_pay`);
  const name = (n: string) => sql.raw(`${prefix}${n}`);
  return sql`(${session} + ${side})::text as ${name('revenue')}, (${session})::text as ${name('session_revenue')},
    (${side})::text as ${name('side_costs')}, (${pay})::text as ${name('teacher_pay')}, (${side})::text as ${name('side_costs_borne')},
    (${session} + ${side} - ${pay} - ${side})::text as ${name('margin')}`;
}

export interface Figures {
  revenue: string;
  sessionRevenue: string;
  sideCosts: string;
  teacherPay: string;
  sideCostsBorne: string;
  margin: string;
}

export interface ConsultantLineRow extends Figures {
  consultantKey: string;
  consultantName: string;
  classroomId: string | null;
  classroomName: string | null;
  studentCount: number;
  percent: string;
  percentSet: boolean;
  share: string | null;
  totalRevenue: string | null;
  totalSessionRevenue: string | null;
  totalSideCosts: string | null;
  totalTeacherPay: string | null;
  totalSideCostsBorne: string | null;
  totalMargin: string | null;
  totalShare: string | null;
}

/**
 * Per consultant and class of their students (and per consultant: `classroomId` null), the
 * students' revenue, their part of the class's teacher pay, and (per consultant) the share.
 * A session's earning is split over the students charged for it; a class's other payments over
 * its students with revenue in the period (`centShare`). Every active consultant is answered,
 * with zeros when their students had nothing in the period.
 */
export function consultantLines(q: Queryable, period: ProfitPeriod, options: { timeZone: string; defaultPercent: number; places: number }) {
  return selectRows<ConsultantLineRow>(
    q,
    sql`with ${factsOf(period, options.timeZone, { perStudent: true })},
      charged as (select c.*, row_number() over (partition by c.session_id order by c.student_key) as rn,
          count(*) over (partition by c.session_id) as n from charges c),
      students as (select classroom_id, student_key, sum(session_revenue) as session_revenue, sum(side_costs) as side_costs
        from (select classroom_id, student_key, amount as session_revenue, 0::numeric as side_costs from charges
          union all select classroom_id, student_key, 0, amount from side) x group by classroom_id, student_key),
      numbered as (select s.*, row_number() over (partition by s.classroom_id order by s.student_key) as rn,
          count(*) over (partition by s.classroom_id) as n from students s),
      per_student as (select classroom_id, student_key, sum(session_revenue) as session_revenue, sum(side_costs) as side_costs,
          sum(teacher_pay) as teacher_pay
        from (select classroom_id, student_key, session_revenue, side_costs, 0::numeric as teacher_pay from students
          union all select c.classroom_id, c.student_key, 0, 0, ${centShare(sql`e.amount`, sql`c.rn`, sql`c.n`)}
            from charged c join earnings e on e.session_id = c.session_id
          union all select s.classroom_id, s.student_key, 0, 0, ${centShare(sql`o.amount`, sql`s.rn`, sql`s.n`)}
            from numbered s join other o on o.classroom_id = s.classroom_id) y
        group by classroom_id, student_key),
      lines as (select st.consultant_key, ps.classroom_id, count(*)::int as student_count, sum(ps.session_revenue) as session_revenue,
          sum(ps.side_costs) as side_costs, sum(ps.teacher_pay) as teacher_pay
        from per_student ps join ${people} st on st.public_key = ps.student_key
        where st.consultant_key is not null
        group by grouping sets ((st.consultant_key, ps.classroom_id), (st.consultant_key))),
      consultants as (select p.public_key, p.full_name, sh.percent is not null as percent_set,
          coalesce(sh.percent, ${options.defaultPercent}::numeric) as percent
        from ${people} p left join ${consultantShares} sh on sh.consultant_key = p.public_key
        where p.role = 'AcademicConsultant' and (p.status = 'active'
          or exists (select 1 from lines l where l.consultant_key = p.public_key))),
      answer as (select k.public_key as consultant_key, k.full_name as consultant_name, l.classroom_id, cl.classroom_name,
          coalesce(l.student_count, 0) as student_count, coalesce(l.session_revenue, 0) as session_revenue,
          coalesce(l.side_costs, 0) as side_costs, coalesce(l.teacher_pay, 0) as teacher_pay, k.percent, k.percent_set,
          case when l.classroom_id is null then
            round(greatest(coalesce(l.session_revenue, 0) - coalesce(l.teacher_pay, 0), 0) * k.percent / 100, ${options.places}) end as share
        from consultants k
        left join lines l on l.consultant_key = k.public_key
        left join ${classroomsView} cl on cl.classroom_id = l.classroom_id)
      select consultant_key, consultant_name, classroom_id, classroom_name, student_count,
        ${figureColumns('')}, percent::text as percent, percent_set, share::text as share,
        ${figureColumns('total_', (column) => sql`sum(case when classroom_id is null then ${column} end) over ()`)},
        (sum(share) over ())::text as total_share
      from answer
      order by consultant_name, consultant_key, classroom_id is not null, classroom_name, classroom_id`,
  );
}

/** The person, if an academic consultant (for the share's refusal). */
export function consultantOf(q: Queryable, key: string) {
  return selectRow<{ publicKey: string; fullName: string; role: string }>(
    q,
    sql`select public_key, full_name, role from ${people} where public_key = ${key}`,
  );
}

export function shareOf(q: Queryable, key: string) {
  return selectRow<{ percent: string }>(q, sql`select percent::text as percent from ${consultantShares} where consultant_key = ${key} for update`);
}

export async function upsertShare(q: Queryable, key: string, percent: string, setBy: string): Promise<void> {
  await q
    .insert(consultantShares)
    .values({ consultantKey: key, percent, setBy })
    .onConflictDoUpdate({ target: consultantShares.consultantKey, set: { percent, setBy, setAt: sql`now()` } });
}
