import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contract, type ListQuery, type ProfitPeriod } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { consultantShares, ledgerEntries, ledgerTransactions, settlements } from '../../db/schema/finance.ts';
import { epochOf, selectRow, selectRows, zoneLiteral } from '../../db/sql.ts';
import { type ColumnMap, columnsFor, compileListQuery, finishPage, keyColumn } from '../../http/list-query.ts';
import { classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';
import { people } from '../users/users.module.ts';

/**
 * Profit per class and per consultant (docs/finance.md "Profit"), every figure a sum of ledger
 * entries in SQL. Dated by posting, as the financial report: a figure counts in the period in which
 * its entries were posted (`create_moment`), a correction when it is posted. Every read is a range
 * of the (account, create_moment) index (`ledger_entries_account_moment_idx`, which carries the
 * amount, transaction, class and student: index-only).
 */

/** The period as instants: midnight of `from` to midnight after `to`, in the centre's time zone. */
function boundsOf(period: ProfitPeriod, timeZone: string) {
  const zone = zoneLiteral(timeZone);
  return {
    start: sql`((${period.from}::date)::timestamp at time zone ${zone})`,
    end: sql`((${period.to}::date + 1)::timestamp at time zone ${zone})`,
  };
}

/**
 * The period's money as CTEs: `money` (per account, class and, `perStudent`, student: the `revenue`,
 * `side_costs` and `teacher_pay` entries posted in the period, net) and `class_money` (per class:
 * session revenue, side costs, teacher pay). Optionally of one class.
 */
function moneyOf(period: ProfitPeriod, timeZone: string, of: { classroomId?: string; perStudent: boolean }): SQL {
  const { start, end } = boundsOf(period, timeZone);
  const student = of.perStudent ? sql`e.student_key` : sql`null::uuid`;
  const ofClass = of.classroomId ? sql`and e.classroom_id = ${of.classroomId}` : sql``;
  // one range of the index per account (a union, which PostgreSQL may scan in parallel)
  const range = (account: string) => sql`select ${account}::text as account, e.classroom_id, ${student} as student_key, sum(e.amount) as amount
      from ${ledgerEntries} e
      where e.account = ${account} and e.create_moment >= ${start} and e.create_moment < ${end} and e.classroom_id is not null ${ofClass}
      group by 2, 3`;
  return sql`money as (${range('revenue')} union all ${range('side_costs')} union all ${range('teacher_pay')}),
    class_money as (select classroom_id,
        coalesce(-sum(amount) filter (where account = 'revenue'), 0) as session_revenue,
        coalesce(-sum(amount) filter (where account = 'side_costs'), 0) as side_costs,
        coalesce(sum(amount) filter (where account = 'teacher_pay'), 0) as teacher_pay
      from money group by classroom_id having bool_or(amount <> 0))`;
}

/**
 * The other payments' part of each class's teacher pay: the `teacher_pay` entries, posted in the
 * period, of OtherPayments settlements' payments (`settlement:<id>:paid`, a unique key) and their
 * reversals (`reverses_transaction_id`, unique). Few settlements: read by their keys.
 */
function otherOf(period: ProfitPeriod, timeZone: string): SQL {
  const { start, end } = boundsOf(period, timeZone);
  return sql`other as (select e.classroom_id, sum(e.amount) as amount
      from ${settlements} st
      join ${ledgerTransactions} p on p.idempotency_key = 'settlement:' || st.settlement_id::text || ':paid'
      cross join lateral (select p.transaction_id union all
        select x.transaction_id from ${ledgerTransactions} x where x.reverses_transaction_id = p.transaction_id) t
      join ${ledgerEntries} e on e.transaction_id = t.transaction_id and e.account = 'teacher_pay'
      where st.settlement_type = 'OtherPayments' and e.classroom_id is not null
        and e.create_moment >= ${start} and e.create_moment < ${end}
      group by e.classroom_id)`;
}

/** Per class: sessions held, the figures, other payments, margin and margin %. */
function figuresCte(period: ProfitPeriod, timeZone: string): SQL {
  const { start, end } = boundsOf(period, timeZone);
  return sql`held as (select s.classroom_id, count(*)::int as session_count from ${sessionsView} s
      where s.start_at >= ${start} and s.start_at < ${end} and s.held group by s.classroom_id),
    r as (select f.classroom_id, c.classroom_name, c.lesson_type, c.teacher_key, tp.full_name as teacher_name,
      coalesce(h.session_count, 0) as session_count,
      f.session_revenue + f.side_costs as revenue, f.session_revenue, f.side_costs, f.teacher_pay,
      coalesce(o.amount, 0) as other_payments, f.side_costs as side_costs_borne,
      f.session_revenue + f.side_costs - f.teacher_pay - f.side_costs as margin,
      case when f.session_revenue + f.side_costs <> 0
        then round((f.session_revenue - f.teacher_pay) * 100 / (f.session_revenue + f.side_costs), 2) end as margin_percent
      from class_money f join ${classroomsView} c on c.classroom_id = f.classroom_id
      left join held h on h.classroom_id = f.classroom_id
      left join other o on o.classroom_id = f.classroom_id
      left join ${people} tp on tp.public_key = c.teacher_key)`;
}

/** The list's rows as `r` (a CTE); the alias only names its `classroom_id` for the engine's tiebreaker. */
const r = alias(ledgerEntries, 'r');

const columns: ColumnMap = columnsFor(contract.profit.classes, {
  classroomName: sql`r.classroom_name`,
  teacherPublicKey: keyColumn(sql`r.teacher_key`),
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
  const { timeZone } = options;
  const statement = (tail: SQL) =>
    sql`with ${moneyOf(period, timeZone, { perStudent: false })}, ${otherOf(period, timeZone)}, ${figuresCte(period, timeZone)} ${tail}`;
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

/**
 * The sessions behind one class's session revenue and earnings in the period: its `revenue` and
 * `teacher_pay` entries posted in the period, per session of their transaction, in start order.
 */
export function classProfitSessions(q: Queryable, classroomId: string, period: ProfitPeriod, timeZone: string) {
  const { start, end } = boundsOf(period, timeZone);
  return selectRows<ClassSessionRow>(
    q,
    sql`with m as (select t.session_id, coalesce(-sum(e.amount) filter (where e.account = 'revenue'), 0) as revenue,
          coalesce(sum(e.amount) filter (where e.account = 'teacher_pay'), 0) as earned
        from ${ledgerEntries} e join ${ledgerTransactions} t on t.transaction_id = e.transaction_id
        where e.account in ('revenue', 'teacher_pay') and e.classroom_id = ${classroomId}
          and e.create_moment >= ${start} and e.create_moment < ${end} and t.session_id is not null
        group by t.session_id having bool_or(e.amount <> 0))
      select s.session_id, ${epochOf(sql`s.start_at`)} as start, round(s.hours, 2)::text as hours, m.revenue::text as revenue,
        m.earned::text as teacher_pay, (m.revenue - m.earned)::text as margin
      from m join ${sessionsView} s on s.session_id = m.session_id
      order by s.start_at, s.session_id`,
  );
}

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
  percent: string;
  percentSet: boolean;
  share: string;
  totalRevenue: string | null;
  totalSessionRevenue: string | null;
  totalSideCosts: string | null;
  totalTeacherPay: string | null;
  totalSideCostsBorne: string | null;
  totalMargin: string | null;
  totalShare: string | null;
}

/**
 * Per student and class, the period's session revenue, side costs and part of the class's teacher
 * pay (`per_student`): the class's teacher pay × the student's session revenue ÷ the class's,
 * exact to the minor unit by largest remainder — in minor units each takes the floor of their exact
 * part, and the class's remaining units go one each to the largest fractions (ties by student key),
 * so the parts add up to the class's teacher pay exactly. A class without session revenue in the
 * period: its teacher pay is nobody's.
 */
function perStudentCtes(period: ProfitPeriod, timeZone: string, places: number): SQL {
  const unit = sql.raw(String(10 ** places));
  return sql`${moneyOf(period, timeZone, { perStudent: true })},
    students as (select m.classroom_id, m.student_key,
        coalesce(-sum(m.amount) filter (where m.account = 'revenue'), 0) as session_revenue,
        coalesce(-sum(m.amount) filter (where m.account = 'side_costs'), 0) as side_costs
      from money m where m.account <> 'teacher_pay' and m.student_key is not null group by 1, 2),
    exact as (select s.*, c.teacher_pay as class_pay,
        case when c.session_revenue <> 0 then c.teacher_pay * ${unit} * s.session_revenue / c.session_revenue end as units
      from students s join class_money c on c.classroom_id = s.classroom_id),
    ranked as (select x.*, floor(x.units) as base,
        round(x.class_pay * ${unit}) - sum(floor(x.units)) over (partition by x.classroom_id) as leftover,
        row_number() over (partition by x.classroom_id order by x.units - floor(x.units) desc, x.student_key) as rank
      from exact x),
    per_student as (select classroom_id, student_key, session_revenue, side_costs,
        coalesce((base + case when rank <= leftover then 1 else 0 end) / ${unit}, 0) as teacher_pay
      from ranked)`;
}

/**
 * Per consultant, their students' revenue, part of the teacher pay, margin and share, and the sums
 * over the consultants. Every active consultant is answered, with zeros when their students had
 * nothing in the period.
 */
export function consultantLines(q: Queryable, period: ProfitPeriod, options: { timeZone: string; defaultPercent: number; places: number }) {
  return selectRows<ConsultantLineRow>(
    q,
    sql`with ${perStudentCtes(period, options.timeZone, options.places)},
      lines as (select st.consultant_key, sum(ps.session_revenue) as session_revenue, sum(ps.side_costs) as side_costs,
          sum(ps.teacher_pay) as teacher_pay
        from per_student ps join ${people} st on st.public_key = ps.student_key
        where st.consultant_key is not null group by st.consultant_key),
      consultants as (select p.public_key, p.full_name, sh.percent is not null as percent_set,
          coalesce(sh.percent, ${options.defaultPercent}::numeric) as percent
        from ${people} p left join ${consultantShares} sh on sh.consultant_key = p.public_key
        where p.role = 'AcademicConsultant' and (p.status = 'active'
          or exists (select 1 from lines l where l.consultant_key = p.public_key))),
      answer as (select k.public_key as consultant_key, k.full_name as consultant_name,
          coalesce(l.session_revenue, 0) as session_revenue, coalesce(l.side_costs, 0) as side_costs,
          coalesce(l.teacher_pay, 0) as teacher_pay, k.percent, k.percent_set,
          round(greatest(coalesce(l.session_revenue, 0) - coalesce(l.teacher_pay, 0), 0) * k.percent / 100, ${options.places}) as share
        from consultants k left join lines l on l.consultant_key = k.public_key)
      select consultant_key, consultant_name, ${figureColumns('')}, percent::text as percent, percent_set, share::text as share,
        ${figureColumns('total_', (column) => sql`sum(${column}) over ()`)}, (sum(share) over ())::text as total_share
      from answer
      order by consultant_name, consultant_key`,
  );
}

export interface ConsultantClassRow extends Figures {
  classroomId: string;
  classroomName: string;
  studentCount: number;
}

/** The classes behind one consultant's figure: their students' part of each class, by class name. */
export function consultantClasses(q: Queryable, consultantKey: string, period: ProfitPeriod, options: { timeZone: string; places: number }) {
  return selectRows<ConsultantClassRow>(
    q,
    sql`with ${perStudentCtes(period, options.timeZone, options.places)},
      lines as (select ps.classroom_id, count(*)::int as student_count, sum(ps.session_revenue) as session_revenue,
          sum(ps.side_costs) as side_costs, sum(ps.teacher_pay) as teacher_pay
        from per_student ps join ${people} st on st.public_key = ps.student_key
        where st.consultant_key = ${consultantKey} group by ps.classroom_id)
      select l.classroom_id, c.classroom_name, l.student_count, ${figureColumns('')}
      from lines l join ${classroomsView} c on c.classroom_id = l.classroom_id
      order by c.classroom_name, l.classroom_id`,
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
