import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, studentCreditSums } from '../../db/schema/finance.ts';
import { arrayOf, selectRow } from '../../db/sql.ts';

/**
 * The one ledger (DESIGN §7, docs/finance.md): double entry, append only. Every money event is a
 * ledger transaction whose entries sum to zero (checked by a deferred trigger at commit); nothing
 * is ever updated or deleted (triggers refuse it); a correction is a reversing transaction.
 * Amounts are decimal strings; every sum is done by PostgreSQL in numeric.
 */
export const accounts = {
  /** Money the centre received (asset; debit-normal). */
  cash: 'cash',
  /** Discounts the centre granted on deposits (expense; debit-normal). */
  discounts: 'discounts',
  /** A student's prepaid credit in one classroom (liability; credit-normal): key student + classroom. */
  studentCredit: 'student_credit',
  /** What held sessions earned (income; credit-normal): key classroom (and student). */
  revenue: 'revenue',
  // finance: side costs (issue 11, fin-fees)
  /** What students were charged for side costs (books, exam fees…; income): key classroom + student. */
  sideCosts: 'side_costs',
  // teacher settlements (issue 28)
  /** What the centre owes a teacher for sessions earned and not yet paid (liability; credit-normal): key teacher + classroom. */
  teacherPayable: 'teacher_payable',
  /** What teachers cost the centre: sessions earned, other payments (expense; debit-normal): key teacher + classroom. */
  teacherPay: 'teacher_pay',
  // contracts (issue 28)
  /**
   * What students paid for their contracts (income; credit-normal): key student. Each entry's
   * transaction is a contract deposit's (`deposit_id`), which names the contract it pays.
   */
  contractRevenue: 'contract_revenue',
} as const;
export type Account = (typeof accounts)[keyof typeof accounts];

export interface Posting {
  account: Account;
  /** `debit` adds the amount, `credit` subtracts it (stored signed: debit > 0, credit < 0). */
  side: 'debit' | 'credit';
  /** A positive decimal string with at most two decimals, or an SQL numeric expression. */
  amount: string;
  studentKey?: string | null;
  classroomId?: string | null;
  teacherKey?: string | null;
}

export interface LedgerTransaction {
  kind: string;
  /** The same key twice posts once: the second answer is null. */
  idempotencyKey: string;
  actorKey: string | null;
  depositId?: string | null;
  sessionId?: string | null;
  memo?: string | null;
}

/**
 * Posts one balanced transaction, once per idempotency key. Answers its id, or null when a
 * transaction with this key exists (a retried or concurrent duplicate: nothing is posted again).
 */
export async function post(
  q: Queryable,
  tx: LedgerTransaction,
  postings: readonly Posting[],
): Promise<string | null> {
  const [row] = await q
    .insert(ledgerTransactions)
    .values({
      kind: tx.kind,
      idempotencyKey: tx.idempotencyKey,
      actorKey: tx.actorKey,
      depositId: tx.depositId ?? null,
      sessionId: tx.sessionId ?? null,
      memo: tx.memo ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ transactionId: ledgerTransactions.transactionId });
  if (!row) return null;
  const lines = postings.filter((p) => p.amount !== '0.00');
  if (lines.length) {
    await q.execute(sql`insert into ${ledgerEntries} (transaction_id, account, student_key, classroom_id, teacher_key, amount)
      select ${row.transactionId}::uuid, u.account, u.student_key, u.classroom_id, u.teacher_key,
        case when u.side = 'debit' then u.amount else -u.amount end
      from unnest(${arrayOf(
        lines.map((p) => p.account),
        'text',
      )}, ${arrayOf(
        lines.map((p) => p.side),
        'text',
      )},
        ${sql.param(lines.map((p) => p.amount))}::numeric[],
        ${arrayOf(
          lines.map((p) => p.studentKey ?? null),
          'uuid',
        )}, ${arrayOf(
          lines.map((p) => p.classroomId ?? null),
          'uuid',
        )},
        ${arrayOf(
          lines.map((p) => p.teacherKey ?? null),
          'uuid',
        )})
        as u(account, side, amount, student_key, classroom_id, teacher_key)
      where u.amount <> 0`);
  }
  return row.transactionId;
}

/**
 * A confirmed deposit's postings: the cash received and the discount granted (debits) against the
 * student's credit in the classroom (credits) — so the credit is amount + discount. A contract
 * payment (issue 28: no classroom, no discount of its own) is cash against `contract_revenue`.
 */
export function depositPostings(d: {
  amount: string;
  discountValue: string;
  studentKey: string;
  classroomId: string | null;
}): Posting[] {
  if (d.classroomId === null) {
    return [
      { account: accounts.cash, side: 'debit', amount: d.amount },
      { account: accounts.contractRevenue, side: 'credit', amount: d.amount, studentKey: d.studentKey },
    ];
  }
  const credit = {
    account: accounts.studentCredit,
    side: 'credit' as const,
    studentKey: d.studentKey,
    classroomId: d.classroomId,
  };
  return [
    { account: accounts.cash, side: 'debit', amount: d.amount },
    { account: accounts.discounts, side: 'debit', amount: d.discountValue },
    { ...credit, amount: d.amount },
    { ...credit, amount: d.discountValue },
  ];
}

/**
 * Reverses a transaction: a new one with every entry negated, linked to the original (once —
 * `reverses_transaction_id` is unique). Answers the new id, or null when it was already reversed.
 */
export async function reverse(
  q: Queryable,
  originalId: string,
  tx: Omit<LedgerTransaction, 'idempotencyKey'>,
): Promise<string | null> {
  const [row] = await q
    .insert(ledgerTransactions)
    .values({
      kind: tx.kind,
      idempotencyKey: `reverse:${originalId}`,
      reversesTransactionId: originalId,
      actorKey: tx.actorKey,
      depositId: tx.depositId ?? null,
      sessionId: tx.sessionId ?? null,
      memo: tx.memo ?? null,
    })
    .onConflictDoNothing()
    .returning({ transactionId: ledgerTransactions.transactionId });
  if (!row) return null;
  await q.execute(sql`insert into ${ledgerEntries} (transaction_id, account, student_key, classroom_id, teacher_key, amount)
    select ${row.transactionId}::uuid, account, student_key, classroom_id, teacher_key, -amount
    from ${ledgerEntries} where transaction_id = ${originalId}`);
  return row.transactionId;
}

/** The live (not reversed, not a reversal) transaction of a deposit's confirmation, if any. */
export async function depositPosting(q: Queryable, depositId: string) {
  return selectRow<{ transactionId: string }>(
    q,
    sql`select t.transaction_id from ${ledgerTransactions} t
      where t.deposit_id = ${depositId} and t.kind = 'deposit.confirmed'
        and not exists (select 1 from ${ledgerTransactions} r where r.reverses_transaction_id = t.transaction_id)`,
  );
}

/**
 * A student's credit account per classroom as sums of entries: paid (deposits, transfers in less
 * transfers out, and their reversals) and used (session and side-cost charges and their
 * reversals), and what is left; `side_costs` is the side-cost part of used (the rest of the
 * credit pays for sessions).
 * Signs: the credit account is credit-normal, so the figures are the negated sums.
 * The sums are kept per (student, classroom) by the ledger's own trigger as entries are added
 * (`student_credit_sums`, migration 0023); the tests reconcile them with the entries' own sums
 * after every finance test (`expectLedgerBalanced`).
 */
export const creditSums = sql`(select student_key, classroom_id, paid, used, side_costs, remaining from ${studentCreditSums})`;

