import { eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { contract, type DepositReceipt, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { depositReceipts, deposits, ledgerEntries, ledgerTransactions } from '../../db/schema/finance.ts';
import { epochOf, selectRow, selectRows } from '../../db/sql.ts';
import { keysetBatches } from '../../db/keyset.ts';
import { columnsFor, compileExportQuery, compileListQuery, compileWhere, finishPage } from '../../http/list-query.ts';
import { financeClassrooms } from '../scheduling/scheduling.module.ts';
import { people } from '../users/users.module.ts';

/** A deposit as the lists and the screens read it, with names of the people involved. */
export interface DepositRow {
  depositId: string;
  studentKey: string;
  studentName: string;
  consultantKey: string | null;
  classroomId: string;
  classroomName: string;
  amount: string;
  discountValue: string;
  depositType: string;
  paymentMethod: string;
  chargeAt: number;
  createMoment: number;
  consultantConfirmedBy: string | null;
  consultantConfirmedByName: string | null;
  consultantConfirmedAt: number | null;
  consultantMessage: string | null;
  financialConfirmedBy: string | null;
  financialConfirmedByName: string | null;
  financialConfirmedAt: number | null;
  financialMessage: string | null;
  confirmedBy: string | null;
  confirmedByName: string | null;
  confirmedAt: number | null;
  reversedBy: string | null;
  reversedByName: string | null;
  reversedAt: number | null;
  reverseReason: string | null;
  receipt: DepositReceipt | null;
  totalCount: number;
}

/** Deposits as `d` in hand-written SQL (`from deposits d`); its columns render as `"d".…`. */
const d = alias(deposits, 'd');

const state = sql`case when d.reversed_at is not null then 'reversed' when d.confirmed_at is not null then 'confirmed' else 'waiting' end`;

/** The SQL behind each list column of the contract (DESIGN §4). */
const columns = columnsFor(contract.deposits.list, {
  studentName: sql`st.full_name`,
  studentPublicKey: sql`d.student_key::text`,
  classroomName: sql`c.classroom_name`,
  classroomId: sql`d.classroom_id::text`,
  consultantPublicKey: sql`st.consultant_key::text`,
  isConfirmed: sql`(d.confirmed_at is not null and d.reversed_at is null)`,
  state,
  paymentMethod: sql`d.payment_method`,
  depositType: sql`d.deposit_type`,
  amount: sql`d.amount`,
  chargeAt: sql`d.charge_at`,
  createMoment: sql`d.create_moment`,
});

const from = sql`${deposits} d
  join ${people} st on st.public_key = d.student_key
  join ${financeClassrooms} c on c.classroom_id = d.classroom_id`;

const selectDeposit = sql`select d.deposit_id, d.student_key, st.full_name as student_name, st.consultant_key,
    d.classroom_id, c.classroom_name, d.amount, d.discount_value, d.deposit_type, d.payment_method,
    ${epochOf(sql`d.charge_at`)} as charge_at, ${epochOf(sql`d.create_moment`)} as create_moment,
    d.consultant_confirmed_by, pc.full_name as consultant_confirmed_by_name,
    ${epochOf(sql`d.consultant_confirmed_at`)} as consultant_confirmed_at, d.consultant_message,
    d.financial_confirmed_by, pf.full_name as financial_confirmed_by_name,
    ${epochOf(sql`d.financial_confirmed_at`)} as financial_confirmed_at, d.financial_message,
    d.confirmed_by, pd.full_name as confirmed_by_name, ${epochOf(sql`d.confirmed_at`)} as confirmed_at,
    d.reversed_by, pr.full_name as reversed_by_name, ${epochOf(sql`d.reversed_at`)} as reversed_at, d.reverse_reason,
    case when dr.receipt_id is null then null else json_build_object('name', dr.name, 'kind', dr.kind,
      'sizeInBytes', dr.size_in_bytes, 'createMoment', ${epochOf(sql`dr.create_moment`)}) end as receipt,
    count(*) over()::int as total_count
  from ${from}
  left join ${people} pc on pc.public_key = d.consultant_confirmed_by
  left join ${people} pf on pf.public_key = d.financial_confirmed_by
  left join ${people} pd on pd.public_key = d.confirmed_by
  left join ${people} pr on pr.public_key = d.reversed_by
  left join ${depositReceipts} dr on dr.deposit_id = d.deposit_id`;

const and = (...parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/** A student's own deposits, as a scope of `listDeposits`. */
export const depositsOfStudent = (studentKey: string) => sql`st.public_key = ${studentKey}`;

export async function listDeposits(q: Queryable, query: ListQuery, scope: SQL | undefined, allCap: number) {
  const compiled = compileListQuery(query, { columns, tiebreaker: d.depositId, allCap });
  const rows = await selectRows<DepositRow>(
    q,
    sql`${selectDeposit} where ${and(scope, compiled.where)}
      order by ${sql.join(compiled.orderBy, sql`, `)} limit ${compiled.limit} offset ${compiled.offset}`,
  );
  return finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${and(scope, compiled.where)}`);
    return row?.n ?? 0;
  });
}

export function depositById(q: Queryable, depositId: string, scope: SQL | undefined) {
  return selectRow<DepositRow>(q, sql`${selectDeposit} where d.deposit_id = ${depositId} and ${and(scope)}`);
}

/** Locks one deposit row (in scope) for a command: confirmations and reversals queue behind it. */
export async function lockDeposit(q: Queryable, depositId: string, scope: SQL | undefined) {
  return selectRow<typeof deposits.$inferSelect>(
    q,
    sql`select d.deposit_id, d.student_key, d.classroom_id, d.amount, d.discount_value, d.payment_method,
        d.consultant_confirmed_by, d.financial_confirmed_by, d.confirmed_at, d.reversed_at
      from ${deposits} d join ${people} st on st.public_key = d.student_key
      where d.deposit_id = ${depositId} and ${and(scope)} for update of d`,
  );
}

export type DepositValues = Pick<
  typeof deposits.$inferInsert,
  'studentKey' | 'classroomId' | 'amount' | 'discountValue' | 'depositType' | 'paymentMethod' | 'chargeAt'
>;

export async function insertDeposit(q: Queryable, values: DepositValues & { createdBy: string }) {
  const [row] = await q.insert(deposits).values(values).returning({ depositId: deposits.depositId });
  return row!.depositId;
}

export async function updateDeposit(q: Queryable, depositId: string, values: PgUpdateSetSource<typeof deposits>) {
  await q
    .update(deposits)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(deposits.depositId, depositId));
}

export async function deleteDeposit(q: Queryable, depositId: string) {
  await q.delete(deposits).where(eq(deposits.depositId, depositId));
}

/**
 * Sums of the filtered deposits. Confirmed money is read from the ledger (the cash entries the
 * deposits posted, net of reversals); waiting deposits are not money yet, so their amounts are.
 * The row without a payment method is the total of all.
 */
export async function depositSums(q: Queryable, where: ListQuery['where'], scope: SQL | undefined) {
  const filter = and(scope, compileWhere(where, columns));
  return selectRows<{ paymentMethod: string | null; confirmed: string; waiting: string }>(
    q,
    sql`with picked as (select d.deposit_id, d.payment_method, d.amount, d.confirmed_at from ${from} where ${filter}),
      posted as (select t.deposit_id, sum(e.amount) as cash from ${ledgerTransactions} t
        join ${ledgerEntries} e on e.transaction_id = t.transaction_id and e.account = 'cash'
        where t.deposit_id in (select deposit_id from picked) group by t.deposit_id)
      select p.payment_method,
        coalesce(sum(po.cash), 0)::text as confirmed,
        coalesce(sum(p.amount) filter (where p.confirmed_at is null), 0)::text as waiting
      from picked p left join posted po on po.deposit_id = p.deposit_id
      group by grouping sets ((p.payment_method), ()) order by p.payment_method nulls first`,
  );
}

// fin-export: every filtered deposit, in keyset-paged batches (SPEC §7 Exports)
export interface DepositExportRow {
  studentName: string;
  consultantName: string | null;
  classroomName: string;
  amount: string;
  discountValue: string;
  paymentMethod: string;
  depositType: string;
  state: string;
  chargeAt: number;
  confirmedAt: number | null;
  createMoment: number;
}

export function depositsForExport(q: Queryable, query: Pick<ListQuery, 'where' | 'order'>, scope: SQL | undefined, batchSize: number) {
  const compiled = compileExportQuery(query, { columns, notNull: ['studentName', 'classroomName', 'isConfirmed', 'state', 'paymentMethod', 'depositType', 'amount', 'chargeAt', 'createMoment'], tiebreakers: [{ sql: d.depositId, type: 'uuid' }] });
  const where = and(scope, compiled.where);
  const fromWithConsultant = sql`${from} left join ${people} co on co.public_key = st.consultant_key`;
  return {
    count: async () => (await selectRow<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${where}`))?.n ?? 0,
    batches: () =>
      keysetBatches<DepositExportRow>(q, {
        select: sql`select st.full_name as student_name, co.full_name as consultant_name, c.classroom_name,
          d.amount::text as amount, d.discount_value::text as discount_value, d.payment_method, d.deposit_type,
          ${state} as state, ${epochOf(sql`d.charge_at`)} as charge_at, ${epochOf(sql`d.confirmed_at`)} as confirmed_at,
          ${epochOf(sql`d.create_moment`)} as create_moment`,
        from: fromWithConsultant,
        where,
        terms: compiled.terms,
        batchSize,
      }),
  };
}
