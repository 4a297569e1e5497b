import { sql } from 'drizzle-orm';
import { contract } from '@tutoria/shared';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { studentPrices } from '../src/db/schema/index.ts';
import type { Person } from './scheduling-factories.ts';
import type { TestApp } from './test-app.ts';

/** Rows of every finance table: what a refused call must leave as it was. */
export async function financeState(db: Db) {
  const rows: Record<string, string[]> = {};
  for (const table of [
    'deposits',
    'deposit_method_sums',
    'student_prices',
    'ledger_transactions',
    'ledger_entries',
    'student_credit_sums',
    'session_revenue_sums',
    'settlement_sums',
    'teacher_money_sums',
    'session_earning_sums',
    'audit_log',
  ]) {
    const result = (await db.execute(sql.raw(`select to_jsonb(x)::text as row from "${table}" x`))) as unknown as {
      rows: { row: string }[];
    };
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return rows;
}

/** Each student's credit sums per classroom computed from the entries themselves (docs/finance.md). */
const creditSumsOfEntries = sql`(select e.student_key, e.classroom_id,
    -coalesce(sum(e.amount) filter (where t.kind like 'deposit.%' or t.kind like 'transfer.%'), 0)::numeric(18,2) as paid,
    coalesce(sum(e.amount) filter (where t.kind like 'charge.%'), 0)::numeric(18,2) as used,
    coalesce(sum(e.amount) filter (where t.kind like 'charge.sideCost%'), 0)::numeric(18,2) as side_costs,
    -sum(e.amount)::numeric(18,2) as remaining
  from ledger_entries e join ledger_transactions t on t.transaction_id = e.transaction_id
  where e.account = 'student_credit'
  group by e.student_key, e.classroom_id)`;

/** Each session's revenue computed from the entries themselves. */
const sessionRevenueOfEntries = sql`(select t.session_id, -sum(e.amount)::numeric(18,2) as revenue
  from ledger_entries e join ledger_transactions t on t.transaction_id = e.transaction_id
  where e.account = 'revenue' and t.session_id is not null group by t.session_id)`;

/** Each settlement's sums computed from its sessions and the entries themselves. */
const settlementSumsOfSessions = sql`(select x.settlement_id, count(*)::int as session_count, sum(x.hours)::numeric(14,4) as hours,
    array_agg(distinct x.classroom_id order by x.classroom_id) as classroom_ids, coalesce(sum(r.revenue), 0)::numeric(18,2) as revenue
  from settlement_sessions x left join ${sessionRevenueOfEntries} r on r.session_id = x.session_id
  group by x.settlement_id)`;

/** Each session's earnings per teacher and class computed from the entries themselves. */
const sessionEarningsOfEntries = sql`(select t.session_id, e.teacher_key, e.classroom_id, -sum(e.amount)::numeric(18,2) as earned
  from ledger_entries e join ledger_transactions t on t.transaction_id = e.transaction_id
  where e.account = 'teacher_payable' and t.kind like 'earning.%' and t.session_id is not null
    and e.teacher_key is not null and e.classroom_id is not null
  group by t.session_id, e.teacher_key, e.classroom_id)`;

/**
 * Each teacher's money per class computed from the entries themselves (docs/finance.md), with the
 * class's held sessions of the teacher (net earning not 0, the session still there) and their
 * booked minutes as the sessions have them now.
 */
const teacherSumsOfEntries = sql`(select e.teacher_key, e.classroom_id,
    -coalesce(sum(e.amount) filter (where e.account = 'teacher_payable' and t.kind like 'earning.%'), 0)::numeric(18,2) as earned,
    coalesce(sum(e.amount) filter (where e.account = 'teacher_payable' and t.kind like 'settlement.%'), 0)::numeric(18,2) as paid,
    -coalesce(sum(e.amount) filter (where e.account = 'teacher_payable'), 0)::numeric(18,2) as unpaid,
    coalesce(sum(e.amount) filter (where e.account = 'teacher_pay' and t.kind like 'settlement.%'), 0)::numeric(18,2) as other_payments,
    coalesce(min(h.session_count), 0) as session_count, coalesce(min(h.minutes), 0) as minutes
  from ledger_entries e join ledger_transactions t on t.transaction_id = e.transaction_id
  left join (select l.teacher_key, l.classroom_id, count(*)::int as session_count, sum(s.duration_minutes)::int as minutes
    from ${sessionEarningsOfEntries} l join classroom_sessions s on s.session_id = l.session_id
    where l.earned <> 0 group by l.teacher_key, l.classroom_id) h on h.teacher_key = e.teacher_key and h.classroom_id = e.classroom_id
  where e.account in ('teacher_payable', 'teacher_pay') and e.teacher_key is not null
  group by e.teacher_key, e.classroom_id)`;

/** The deposits' sums per payment method computed from the deposits themselves. */
const depositSumsOfDeposits = sql`(select payment_method,
    sum(case when confirmed_at is not null and reversed_at is null then amount else 0 end)::numeric(18,2) as confirmed,
    sum(case when confirmed_at is null then amount else 0 end)::numeric(18,2) as waiting
  from deposits group by payment_method)`;

/**
 * The ledger's invariants (docs/finance.md): every transaction sums to zero, so the whole ledger
 * does; every reversal mirrors its original exactly; the sums kept beside it (credit sums, deposit
 * sums) are exactly what they sum. Answers the number of transactions.
 */
export async function expectLedgerBalanced(db: Db): Promise<number> {
  const result = (await db.execute(sql`select
      (select count(*)::int from ledger_transactions) as transactions,
      (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x) as unbalanced,
      (select coalesce(sum(amount), 0)::numeric(18,2)::text from ledger_entries) as total,
      (select count(*)::int from ledger_transactions r
        where r.reverses_transaction_id is not null and (
          select coalesce(sum(e.amount), 0) from ledger_entries e
          where e.transaction_id in (r.transaction_id, r.reverses_transaction_id)) <> 0) as bad_reversals,
      (select count(*)::int from (
        (select * from student_credit_sums except select * from ${creditSumsOfEntries} s)
        union all (select * from ${creditSumsOfEntries} s except select * from student_credit_sums)) x) as unreconciled,
      (select count(*)::int from deposits d
        where (select coalesce(sum(e.amount), 0) from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.transaction_id and e.account = 'cash' where t.deposit_id = d.deposit_id)
          <> case when d.confirmed_at is not null and d.reversed_at is null then d.amount else 0 end) as unreconciled_deposits,
      (select count(*)::int from deposit_method_sums s full join ${depositSumsOfDeposits} d on d.payment_method = s.payment_method
        where coalesce(s.confirmed, 0) <> coalesce(d.confirmed, 0) or coalesce(s.waiting, 0) <> coalesce(d.waiting, 0)) as unreconciled_sums,
      (select count(*)::int from settlements st
        where (select coalesce(-sum(e.amount), 0) from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.transaction_id and e.account = 'cash'
            where t.idempotency_key = 'settlement:' || st.settlement_id || ':paid'
              or t.reverses_transaction_id in (select x.transaction_id from ledger_transactions x where x.idempotency_key = 'settlement:' || st.settlement_id || ':paid'))
          <> case when st.confirmed_at is not null and st.reversed_at is null then st.amount else 0 end) as unreconciled_settlements,
      (select count(*)::int from (select 1 from settlement_sessions where released_at is null
        group by session_id, teacher_key having count(*) > 1) x) as paid_twice,
      (select count(*)::int from contracts k
        where (select coalesce(-sum(e.amount), 0) from deposits pd join ledger_transactions t on t.deposit_id = pd.deposit_id
            join ledger_entries e on e.transaction_id = t.transaction_id and e.account = 'contract_revenue' where pd.contract_id = k.contract_id)
          <> (select coalesce(sum(pd.amount), 0) from deposits pd
            where pd.contract_id = k.contract_id and pd.confirmed_at is not null and pd.reversed_at is null)) as unreconciled_contracts,
      (select count(*)::int from ledger_entries e join ledger_transactions t on t.transaction_id = e.transaction_id
        where e.account = 'contract_revenue'
          and not exists (select 1 from deposits pd where pd.deposit_id = t.deposit_id and pd.contract_id is not null)) as stray_contract_entries,
      (select count(*)::int from student_side_costs sc
        where case when sc.removed_at is not null then sc.transaction_id is not null
          else sc.transaction_id is null
            or exists (select 1 from ledger_transactions r where r.reverses_transaction_id = sc.transaction_id)
            or (select coalesce(-sum(e.amount), 0) from ledger_entries e
              where e.transaction_id = sc.transaction_id and e.account = 'side_costs') <> sc.amount end) as unreconciled_side_costs,
      (select count(*)::int from (
        (select student_key, classroom_id, -sum(amount) from ledger_entries where account = 'side_costs' group by 1, 2 having sum(amount) <> 0
          except select student_key, classroom_id, sum(amount) from student_side_costs where removed_at is null group by 1, 2)
        union all (select student_key, classroom_id, sum(amount) from student_side_costs where removed_at is null group by 1, 2
          except select student_key, classroom_id, -sum(amount) from ledger_entries where account = 'side_costs' group by 1, 2)) x) as unreconciled_side_cost_sums,
      (select count(*)::int from session_revenue_sums r full join ${sessionRevenueOfEntries} x on x.session_id = r.session_id
        where coalesce(r.revenue, 0) <> coalesce(x.revenue, 0)) as unreconciled_session_revenue,
      (select count(*)::int from (
        (select * from settlement_sums except select * from ${settlementSumsOfSessions} k)
        union all (select * from ${settlementSumsOfSessions} k except select * from settlement_sums)) x) as unreconciled_settlement_sums,
      (select count(*)::int from (
        (select * from teacher_money_sums except select * from ${teacherSumsOfEntries} k)
        union all (select * from ${teacherSumsOfEntries} k except select * from teacher_money_sums)) x) as unreconciled_teacher_sums,
      (select count(*)::int from (
        (select * from session_earning_sums except select * from ${sessionEarningsOfEntries} k)
        union all (select * from ${sessionEarningsOfEntries} k except select * from session_earning_sums)) x) as unreconciled_session_earnings`)) as unknown as {
    rows: {
      transactions: number;
      unbalanced: number;
      total: string;
      bad_reversals: number;
      unreconciled: number;
      unreconciled_deposits: number;
      unreconciled_sums: number;
      unreconciled_settlements: number;
      paid_twice: number;
      unreconciled_contracts: number;
      stray_contract_entries: number;
      unreconciled_side_costs: number;
      unreconciled_side_cost_sums: number;
      unreconciled_session_revenue: number;
      unreconciled_settlement_sums: number;
      unreconciled_teacher_sums: number;
      unreconciled_session_earnings: number;
    }[];
  };
  const row = result.rows[0]!;
  expect(row.unbalanced).toBe(0);
  expect(row.total).toBe('0.00');
  expect(row.bad_reversals).toBe(0);
  // The stored credit sums (kept by the ledger's trigger) are exactly the entries' own sums.
  expect(row.unreconciled).toBe(0);
  // Each deposit's cash entries are its amount while confirmed and not reversed, else nothing.
  expect(row.unreconciled_deposits).toBe(0);
  // The deposit sums kept by the deposits' triggers are exactly the deposits' own sums.
  expect(row.unreconciled_sums).toBe(0);
  // Each settlement's cash entries are its amount while paid and not reversed, else nothing (issue 28).
  expect(row.unreconciled_settlements).toBe(0);
  // No session is in two live settlements of its teacher.
  expect(row.paid_twice).toBe(0);
  // Each contract's paid (−Σ contract_revenue of its deposits' transactions) is its confirmed, unreversed payments (issue 28).
  expect(row.unreconciled_contracts).toBe(0);
  expect(row.stray_contract_entries).toBe(0);
  // Each live side cost's amount is its live (unreversed) charge's `side_costs` entry; a removed one
  // holds no charge; so the side costs list's amounts sum to the ledger's `side_costs` (issue 28).
  expect(row.unreconciled_side_costs).toBe(0);
  expect(row.unreconciled_side_cost_sums).toBe(0);
  // The stored revenue per session (kept by the ledger's trigger) is exactly its entries' sum.
  expect(row.unreconciled_session_revenue).toBe(0);
  // Each settlement's stored sums (kept by triggers) are its sessions' and their revenue's own sums.
  expect(row.unreconciled_settlement_sums).toBe(0);
  // Each teacher's money per class and each session's earnings (kept by the ledger's trigger) are
  // exactly the entries' own sums.
  expect(row.unreconciled_teacher_sums).toBe(0);
  expect(row.unreconciled_session_earnings).toBe(0);
  return row.transactions;
}

/** A student's credit in a classroom as the raw sum of its ledger entries (credit-normal: negated). */
export async function creditOf(db: Db, studentKey: string, classroomId: string): Promise<string> {
  const result = (await db.execute(sql`select coalesce(-sum(amount), 0)::numeric(18,2)::text as credit from ledger_entries
    where account = 'student_credit' and student_key = ${studentKey} and classroom_id = ${classroomId}`)) as unknown as {
    rows: { credit: string }[];
  };
  return result.rows[0]!.credit;
}

export const depositBody = (student: Person, classroomId: string, extra: Record<string, unknown> = {}) => ({
  studentPublicKey: student.publicKey,
  classroomId,
  amount: 300,
  chargeAt: 1_790_000_000,
  paymentMethod: 'Cash' as const,
  ...extra,
});

/** Creates a deposit through the API and answers its id. */
export async function createDeposit(t: TestApp, token: string, body: ReturnType<typeof depositBody>): Promise<string> {
  const res = await t.call(contract.deposits.create, { body }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deposit.depositId as string;
}

/** Sets a student's price in a classroom straight in the database. */
export async function setPrice(db: Db, classroomId: string, studentKey: string, costPerHour: string, discountPerHour = '0') {
  await db
    .insert(studentPrices)
    .values({ classroomId, studentKey, costPerHour, discountPerHour })
    .onConflictDoUpdate({ target: [studentPrices.classroomId, studentPrices.studentKey], set: { costPerHour, discountPerHour } });
}
