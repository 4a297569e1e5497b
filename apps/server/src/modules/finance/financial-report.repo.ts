import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { deposits, ledgerEntries, ledgerTransactions, studentCreditSums } from '../../db/schema/finance.ts';
import { selectRow, selectRows, zoneLiteral } from '../../db/sql.ts';

/**
 * The financial report's sums (docs/finance.md "Financial report"), every one over the ledger's
 * entries in SQL (`numeric`, answered as decimal strings). An entry's posting time is its
 * `create_moment` (the same as its transaction's: both are the posting transaction's `now()`);
 * the period is [first day 00:00, the day after the last 00:00) in the centre's time zone.
 */
export interface ReportPeriod {
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  timeZone: string;
}

/** Which sums a row is: per month and side, per side, per figure, per figure and contract, per method (and contract). */
export type FlowSet = 'month' | 'side' | 'figure' | 'contract' | 'method' | 'methodTotal';
export type FlowFigure =
  'in' | 'outTeaching' | 'outOther' | 'revenueSessions' | 'revenueSideCosts' | 'revenueContracts';

/** One sum of the period's movements; the columns its set does not group by are null. */
export interface FlowRow {
  sumsBy: FlowSet;
  month: string | null;
  side: 'in' | 'out' | 'revenue' | null;
  figure: FlowFigure | null;
  paymentMethod: string | null;
  contract: boolean | null;
  amount: string;
}

export interface BalanceRow {
  unpaid: string;
  credit: string;
  debtorCount: number;
  owed: string;
}

const highOf = (p: ReportPeriod) => sql`((${p.to}::date + 1)::timestamp at time zone ${zoneLiteral(p.timeZone)})`;

/** The months of the period: YYYY-MM, and their first and next-first days, cut to the period. */
export function monthsOf(
  p: Pick<ReportPeriod, 'from' | 'to'>,
): { month: string; from: string; until: string }[] {
  const day = (y: number, m: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
  const after = new Date(Date.parse(`${p.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const out: { month: string; from: string; until: string }[] = [];
  let [y, m] = [Number(p.from.slice(0, 4)), Number(p.from.slice(5, 7))];
  while (day(y, m) <= p.to) {
    const next = m === 12 ? day(y + 1, 1) : day(y, m + 1);
    out.push({
      month: day(y, m).slice(0, 7),
      from: out.length ? day(y, m) : p.from,
      until: next < after ? next : after,
    });
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

/** The months as rows (month, lo, hi): their bounds as instants, midnights in the centre's time zone. */
function monthBounds(p: ReportPeriod) {
  const months = monthsOf(p);
  const zone = zoneLiteral(p.timeZone);
  return sql`select m.month, m.lo::timestamp at time zone ${zone} as lo, m.hi::timestamp at time zone ${zone} as hi
    from unnest(${sql.param(months.map((x) => x.month))}::text[], ${sql.param(months.map((x) => x.from))}::text[],
      ${sql.param(months.map((x) => x.until))}::text[]) as m (month, lo, hi)`;
}

/**
 * The movements of the period, each as its natural sign makes it positive: money in = Σ `cash` of
 * deposit transactions (confirmations net of reversals; by payment method, class or contract),
 * money out = Σ `teacher_payable` (teaching salary) and `teacher_pay` (other payments) of
 * settlement transactions (payments net of reversals: each is the debit side of the `cash`
 * credit), revenue = −Σ `revenue`, `side_costs`, `contract_revenue`. Summed per month (YYYY-MM in
 * the centre's time zone) and side, and per figure, method and side over the whole period, in one
 * statement (grouping sets): no money is added outside SQL. Each month is summed on its own range
 * of the (account, create_moment) index (`ledger_entries_account_moment_idx`, amount included: no
 * sort, no per-row month text); only `cash` entries meet their transactions (deposits and
 * settlements: a settlement's other side, teacher payable or teacher pay, says teaching or other).
 */
export function flows(q: Queryable, p: ReportPeriod): Promise<FlowRow[]> {
  return selectRows<FlowRow>(q, flowsQuery(p));
}

export function flowsQuery(p: ReportPeriod) {
  return sql`with months as (${monthBounds(p)}),
      moves as (
        select m.month, 'revenue' as side,
          case a.account when 'revenue' then 'revenueSessions' when 'side_costs' then 'revenueSideCosts'
            else 'revenueContracts' end as figure,
          null::text as payment_method, false as contract, r.amount
        from months m
          cross join (values ('revenue'), ('side_costs'), ('contract_revenue')) a (account)
          cross join lateral (select -sum(e.amount) as amount from ${ledgerEntries} e
            where e.account = a.account and e.create_moment >= m.lo and e.create_moment < m.hi) r
        where r.amount is not null
        union all
        select m.month, r.side, r.figure, r.payment_method, r.contract, r.amount
        from months m
          cross join lateral (
            select 'in' as side, 'in' as figure, d.payment_method, d.contract_id is not null as contract, sum(e.amount) as amount
            from ${ledgerEntries} e
              join ${ledgerTransactions} t on t.transaction_id = e.transaction_id
              join ${deposits} d on d.deposit_id = t.deposit_id
            where e.account = 'cash' and e.create_moment >= m.lo and e.create_moment < m.hi and t.kind like 'deposit.%'
            group by 3, 4
            union all
            select 'out', case when x.account = 'teacher_payable' then 'outTeaching' else 'outOther' end, null, false, sum(x.amount)
            from ${ledgerEntries} e
              join ${ledgerTransactions} t on t.transaction_id = e.transaction_id
              join ${ledgerEntries} x on x.transaction_id = e.transaction_id and x.account in ('teacher_payable', 'teacher_pay')
            where e.account = 'cash' and e.create_moment >= m.lo and e.create_moment < m.hi and t.kind like 'settlement.%'
            group by 2) r)
      select case when grouping(month) = 0 then 'month'
          when grouping(payment_method) = 0 and grouping(contract) = 0 then 'method'
          when grouping(payment_method) = 0 then 'methodTotal' when grouping(contract) = 0 then 'contract'
          when grouping(figure) = 0 then 'figure' else 'side' end as sums_by,
        month, side, figure, payment_method, contract, sum(amount)::text as amount
      from moves
      group by grouping sets ((month, side), (side), (figure), (figure, contract), (figure, payment_method),
        (figure, payment_method, contract))
      order by 1, 2, 3, 4, 5, 6`;
}

/**
 * The balances at the period's end: unpaid teacher earnings = −Σ `teacher_payable` posted before
 * it; each student's credit account then = its `student_credit_sums` remaining now less what was
 * posted since (Σ of the later entries added back), so only the entries after the end are read.
 * Credit outstanding = Σ of the accounts in credit; debtors = the students with an account in
 * debit, and the sum owed (Σ of those debits).
 */
export function balancesAtEnd(q: Queryable, p: ReportPeriod): Promise<BalanceRow | undefined> {
  return selectRow<BalanceRow>(
    q,
    sql`with later as (
        select e.student_key, e.classroom_id, sum(e.amount) as amount
        from ${ledgerEntries} e
        where e.account = 'student_credit' and e.create_moment >= ${highOf(p)}
        group by 1, 2),
      accounts as (
        select coalesce(s.student_key, l.student_key) as student_key,
          coalesce(s.remaining, 0) + coalesce(l.amount, 0) as remaining
        from ${studentCreditSums} s full join later l on l.student_key = s.student_key and l.classroom_id = s.classroom_id)
      select
        (select coalesce(-sum(e.amount), 0) from ${ledgerEntries} e
          where e.account = 'teacher_payable' and e.create_moment < ${highOf(p)})::text as unpaid,
        coalesce(sum(a.remaining) filter (where a.remaining > 0), 0)::text as credit,
        count(distinct a.student_key) filter (where a.remaining < 0)::int as debtor_count,
        coalesce(-sum(a.remaining) filter (where a.remaining < 0), 0)::text as owed
      from accounts a`,
  );
}
