import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contract as api, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { contractAdditions, contractFiles, contracts, deposits, ledgerEntries, ledgerTransactions } from '../../db/schema/finance.ts';
import { arrayOf, epochOf, selectRow, selectRows } from '../../db/sql.ts';
import { columnsFor, compileExportQuery, compileListQuery, finishPage, joinsFor, keyColumn, type OptionalJoin } from '../../http/list-query.ts';
import { keysetSource } from '../../db/keyset.ts';
import { nameOf, people } from '../users/users.module.ts';

/**
 * Contracts (issue 28; docs/finance.md "Contracts"): the rows, their additional contracts, and the
 * figures read from the ledger — paid = −Σ `contract_revenue` entries of the transactions of the
 * contract's deposits (confirmations net of reversals). Every sum is numeric in SQL.
 */

/** A contract as the lists and the screens read it, figures as decimal strings. */
export interface ContractRow {
  contractId: string;
  contractType: string;
  studentKey: string;
  studentName: string;
  consultantKey: string | null;
  consultantName: string | null;
  contractValue: string;
  additionalContracts: { title: string; value: string }[];
  additionalValue: string;
  discountValue: string;
  total: string;
  paid: string;
  waiting: string;
  balance: string;
  paymentCount: number;
  file: { name: string; kind: string; sizeInBytes: number; createMoment: number } | null;
  createMoment: number;
  createdByName: string | null;
  totalCount: number;
}

/** Contracts as `k` in hand-written SQL. */
const k = alias(contracts, 'k');

/** The SQL behind each list column of the contract. */
const columns = columnsFor(api.contracts.list, {
  contractId: keyColumn(sql`k.contract_id`),
  studentPublicKey: keyColumn(sql`k.student_key`),
  studentName: sql`st.full_name`,
  consultantPublicKey: keyColumn(sql`st.consultant_key`),
  contractType: sql`k.contract_type`,
  contractValue: sql`k.contract_value`,
  discountValue: sql`k.discount_value`,
  createMoment: sql`k.create_moment`,
});

/** The student's row (`st`) joins when a filter, the order or a money reach reads it. */
const optionalJoins: OptionalJoin[] = [
  { columns: ['studentName', 'consultantPublicKey'], scope: true, sql: sql`join ${people} st on st.public_key = k.student_key` },
];

/**
 * Each contract's figures beside its row: its additional contracts in order and their sum; paid
 * from the ledger; what its waiting deposits ask; how many deposits name it.
 */
const figures = sql`
  left join lateral (select coalesce(json_agg(json_build_object('title', x.title, 'value', x.value::text) order by x.position), '[]'::json) as items,
      coalesce(sum(x.value), 0) as value
    from ${contractAdditions} x where x.contract_id = k.contract_id) a on true
  left join lateral (select coalesce(-sum(e.amount), 0) as paid from ${deposits} pd
      join ${ledgerTransactions} t on t.deposit_id = pd.deposit_id
      join ${ledgerEntries} e on e.transaction_id = t.transaction_id and e.account = 'contract_revenue'
    where pd.contract_id = k.contract_id) pp on true
  left join lateral (select count(*)::int as n, coalesce(sum(pd.amount) filter (where pd.confirmed_at is null), 0) as waiting
    from ${deposits} pd where pd.contract_id = k.contract_id) pw on true
  left join ${contractFiles} f on f.contract_id = k.contract_id`;

const contractColumns = sql`k.contract_id, k.contract_type, k.student_key, st.full_name as student_name, st.consultant_key,
    ${nameOf(sql`st.consultant_key`)} as consultant_name, k.contract_value::text as contract_value,
    a.items as additional_contracts, a.value::numeric(18,2)::text as additional_value, k.discount_value::text as discount_value,
    (k.contract_value + a.value - k.discount_value)::text as total, pp.paid::numeric(18,2)::text as paid, pw.waiting::numeric(18,2)::text as waiting,
    (k.contract_value + a.value - k.discount_value - pp.paid)::text as balance, pw.n as payment_count,
    case when f.file_id is null then null else json_build_object('name', f.name, 'kind', f.kind, 'sizeInBytes', f.size_in_bytes,
      'createMoment', ${epochOf(sql`f.create_moment`)}) end as file,
    ${epochOf(sql`k.create_moment`)} as create_moment, ${nameOf(sql`k.created_by`)} as created_by_name`;

const from = sql`${contracts} k join ${people} st on st.public_key = k.student_key`;

const and = (...parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/**
 * One statement, in two parts (as the deposits list): the page's ids in order and the filtered
 * count, over the contracts and only the joins they read; then the names and figures of the page's
 * rows only. `scope` is a money reach on `st` (`money-reach.ts`).
 */
export async function listContracts(q: Queryable, query: ListQuery, scope: SQL | undefined, allCap: number) {
  const compiled = compileListQuery(query, { columns, tiebreaker: k.contractId, allCap, notNull: ['createMoment', 'contractType', 'contractValue'] });
  const where = and(scope, compiled.where);
  const orderBy = sql.join(compiled.orderBy, sql`, `);
  const filterFrom = (...reads: ReadonlySet<string>[]) => sql`${contracts} k ${joinsFor(optionalJoins, scope !== undefined, ...reads)}`;
  const counted = filterFrom(compiled.filtered);
  const rows = await selectRows<ContractRow>(
    q,
    sql`with page as (select k.contract_id from ${filterFrom(compiled.filtered, compiled.sorted)} where ${where}
          order by ${orderBy} limit ${compiled.limit} offset ${compiled.offset}),
        total as (select count(*)::int as n from ${counted} where ${where})
      select ${contractColumns}, (select n from total) as total_count
      from page join ${from} on k.contract_id = page.contract_id ${figures}
      order by ${orderBy}`,
  );
  return finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${counted} where ${where}`);
    return row?.n ?? 0;
  });
}

// issue 28: every filtered contract in reach with its figures, in keyset-paged batches (SPEC §7 Exports)
export type ContractExportRow = Omit<ContractRow, 'totalCount'>;
export function contractsForExport(q: Queryable, query: Pick<ListQuery, 'where' | 'order'>, scope: SQL | undefined, batchSize: number) {
  const compiled = compileExportQuery(query, {
    columns,
    notNull: ['createMoment', 'contractType', 'contractValue'],
    tiebreakers: [{ sql: k.contractId, type: 'uuid' }],
  });
  // Counted over the same joins: the figures' lateral joins add one row each, never drop one.
  return keysetSource<ContractExportRow>(q, {
    select: sql`select ${contractColumns}`,
    from: sql`${from} ${figures}`,
    where: and(scope, compiled.where),
    terms: compiled.terms,
    batchSize,
  });
}

/** One contract in reach, with its figures. */
export function contractById(q: Queryable, contractId: string, scope: SQL | undefined) {
  return selectRow<Omit<ContractRow, 'totalCount'>>(
    q,
    sql`select ${contractColumns} from ${from} ${figures} where k.contract_id = ${contractId} and ${and(scope)}`,
  );
}

/** A student's contracts, newest first, with their figures and the student's sums over them. */
export function contractsOfStudent(q: Queryable, studentKey: string) {
  return selectRows<Omit<ContractRow, 'totalCount'> & { sumTotal: string; sumPaid: string; sumWaiting: string; sumBalance: string }>(
    q,
    sql`select ${contractColumns},
        (sum(k.contract_value + a.value - k.discount_value) over ())::text as sum_total, (sum(pp.paid) over ())::text as sum_paid,
        (sum(pw.waiting) over ())::text as sum_waiting, (sum(k.contract_value + a.value - k.discount_value - pp.paid) over ())::text as sum_balance
      from ${from} ${figures} where k.student_key = ${studentKey}
      order by k.create_moment desc, k.contract_id desc`,
  );
}

/**
 * Locks one contract in reach for a command (`update`: an edit, a delete, its file; `share`: a
 * deposit naming it, so its student cannot change and it cannot go meanwhile). Answers its student.
 */
export function lockContract(q: Queryable, contractId: string, scope: SQL | undefined, mode: 'update' | 'share') {
  return selectRow<{ contractId: string; studentKey: string }>(
    q,
    sql`select k.contract_id, k.student_key from ${contracts} k join ${people} st on st.public_key = k.student_key
      where k.contract_id = ${contractId} and ${and(scope)} for ${sql.raw(mode)} of k`,
  );
}

/**
 * How many deposits name a contract (waiting, confirmed or reversed). Asked in a statement of its
 * own after the contract's lock, so it sees a deposit that committed while the lock was awaited.
 */
export async function paymentsOf(q: Queryable, contractId: string) {
  const row = await selectRow<{ n: number }>(q, sql`select count(*)::int as n from ${deposits} where contract_id = ${contractId}`);
  return row?.n ?? 0;
}

export interface ContractValues {
  studentKey: string;
  contractType: string;
  contractValue: string;
  discountValue: string;
}

export async function insertContract(q: Queryable, values: ContractValues & { createdBy: string }) {
  const [row] = await q.insert(contracts).values(values).returning({ contractId: contracts.contractId });
  return row!.contractId;
}

export async function updateContract(q: Queryable, contractId: string, values: ContractValues) {
  await q
    .update(contracts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(contracts.contractId, contractId));
}

/** Writes a contract's additional contracts again, in the order given. */
export async function replaceAdditions(q: Queryable, contractId: string, rows: readonly { title: string; value: string }[]) {
  await q.delete(contractAdditions).where(eq(contractAdditions.contractId, contractId));
  if (!rows.length) return;
  await q.execute(sql`insert into ${contractAdditions} (contract_id, position, title, value)
    select ${contractId}::uuid, u.position::int, u.title, u.value
    from unnest(${arrayOf(rows.map((_, i) => i + 1), 'int')}, ${arrayOf(rows.map((r) => r.title), 'text')},
      ${sql.param(rows.map((r) => r.value))}::numeric[]) as u(position, title, value)`);
}

/** Deletes a contract (its additional contracts and file row go with it); its file's stored name, if any. */
export async function deleteContract(q: Queryable, contractId: string) {
  const [file] = await q.select({ storedName: contractFiles.storedName }).from(contractFiles).where(eq(contractFiles.contractId, contractId));
  await q.delete(contracts).where(eq(contracts.contractId, contractId));
  return file?.storedName;
}

/** value + Σ additional, in numeric: the most a discount may take off. */
export async function grossOf(q: Queryable, contractValue: string, additionalValues: readonly string[]) {
  const row = await selectRow<{ gross: string }>(
    q,
    sql`select (${contractValue}::numeric + coalesce((select sum(v) from unnest(${sql.param([...additionalValues])}::numeric[]) v), 0))::text as gross`,
  );
  return row!.gross;
}

/** Whether `a` > `b`, two decimal strings compared by PostgreSQL (never as floats). */
export async function exceeds(q: Queryable, a: string, b: string) {
  const row = await selectRow<{ over: boolean }>(q, sql`select ${a}::numeric > ${b}::numeric as over`);
  return row!.over;
}
