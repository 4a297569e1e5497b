import { eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { contract, type DepositReceipt, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { contracts, depositMethodSums, depositReceipts, deposits } from '../../db/schema/finance.ts';
import { epochOf, localDateText, selectRow, selectRows } from '../../db/sql.ts';
import { keysetBatches } from '../../db/keyset.ts';
import {
  columnsFiltered,
  columnsFor,
  compileExportQuery,
  compileListQuery,
  compileWhere,
  finishPage,
  joinsFor,
  type ColumnMap,
  keyColumn,
  type OptionalJoin,
} from '../../http/list-query.ts';
import { classroomsView } from '../scheduling/scheduling.module.ts';
import { people } from '../users/users.module.ts';
import { confirmationColumns, confirmationStateColumns, type ConfirmationRow } from './confirmation.repo.ts';

/** A deposit as the lists and the screens read it, with names of the people involved. */
export interface DepositRow extends ConfirmationRow {
  depositId: string;
  studentKey: string;
  studentName: string;
  consultantKey: string | null;
  /** Null for a contract payment (issue 28), which names its contract instead. */
  classroomId: string | null;
  classroomName: string | null;
  contractId: string | null;
  contractType: string | null;
  amount: string;
  discountValue: string;
  depositType: string;
  paymentMethod: string;
  chargeAt: number;
  createMoment: number;
  receipt: DepositReceipt | null;
  totalCount: number;
}

/** Deposits as `d` in hand-written SQL (`from deposits d`); its columns render as `"d".…`. */
const d = alias(deposits, 'd');

const state = sql`case when d.reversed_at is not null then 'reversed' when d.confirmed_at is not null then 'confirmed' else 'waiting' end`;

const columnMaps = new Map<string, ColumnMap>();

/**
 * The SQL behind each list column of the contract (DESIGN §4), one map per time zone: `confirmedOn`
 * is the day of the final confirmation in the centre's zone. Filtering on it reads the rows the
 * other conditions leave (no index serves a text of a moment); the report's links pair it with
 * `state`, and a year's confirmed deposits are a bounded read.
 */
function columnsIn(timeZone: string): ColumnMap {
  let map = columnMaps.get(timeZone);
  if (!map) {
    map = columnsFor(contract.deposits.list, {
      studentName: sql`st.full_name`,
      studentPublicKey: keyColumn(sql`d.student_key`),
      classroomName: sql`c.classroom_name`,
      classroomId: keyColumn(sql`d.classroom_id`),
      contractId: keyColumn(sql`d.contract_id`),
      consultantPublicKey: keyColumn(sql`st.consultant_key`),
      isConfirmed: sql`(d.confirmed_at is not null and d.reversed_at is null)`,
      state,
      paymentMethod: sql`d.payment_method`,
      depositType: sql`d.deposit_type`,
      amount: sql`d.amount`,
      chargeAt: sql`d.charge_at`,
      createMoment: sql`d.create_moment`,
      confirmedOn: localDateText(sql`d.confirmed_at`, timeZone, 'YYYY-MM-DD'),
    });
    columnMaps.set(timeZone, map);
  }
  return map;
}

const from = sql`${deposits} d
  join ${people} st on st.public_key = d.student_key
  left join ${classroomsView} c on c.classroom_id = d.classroom_id
  left join ${contracts} ct on ct.contract_id = d.contract_id`;

/**
 * The same rows for filtering and counting, with only the joins the filter, the order or a scope
 * reads (`joinsFor`); every deposit has its student (a foreign key) and the class join is a left
 * join, so leaving a join out changes no row. A money reach (`money-reach.ts`) is a condition on the student.
 */
const optionalJoins: OptionalJoin[] = [
  { columns: ['studentName', 'consultantPublicKey'], scope: true, sql: sql`left join ${people} st on st.public_key = d.student_key` },
  { columns: ['classroomName'], sql: sql`left join ${classroomsView} c on c.classroom_id = d.classroom_id` },
];
function filterFrom(scope: SQL | undefined, ...reads: ReadonlySet<string>[]) {
  return sql`${deposits} d ${joinsFor(optionalJoins, scope !== undefined, ...reads)}`;
}

const depositColumns = sql`d.deposit_id, d.student_key, st.full_name as student_name, st.consultant_key,
    d.classroom_id, c.classroom_name, d.contract_id, ct.contract_type, d.amount, d.discount_value, d.deposit_type, d.payment_method,
    ${epochOf(sql`d.charge_at`)} as charge_at, ${epochOf(sql`d.create_moment`)} as create_moment, ${confirmationColumns('d')},
    case when dr.receipt_id is null then null else json_build_object('name', dr.name, 'kind', dr.kind,
      'sizeInBytes', dr.size_in_bytes, 'createMoment', ${epochOf(sql`dr.create_moment`)}) end as receipt`;

/** The receipt beside a deposit; the names of who confirmed and reversed are `nameOf` subqueries. */
const receiptJoin = sql`left join ${depositReceipts} dr on dr.deposit_id = d.deposit_id`;

const and = (...parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/** A student's own deposits, as a scope of `listDeposits`. */
export const depositsOfStudent = (studentKey: string) => sql`st.public_key = ${studentKey}`;

/**
 * One statement, in two parts: the page's ids in order (an index scan that stops after the page)
 * and the filtered count; only the page's rows are then joined to names. A window count over the
 * joined rows would build every filtered row first (1.2 s for 20,000 Cash deposits; DESIGN §11).
 */
export async function listDeposits(
  q: Queryable,
  query: ListQuery,
  scope: SQL | undefined,
  options: { allCap: number; timeZone: string },
) {
  const compiled = compileListQuery(query, {
    columns: columnsIn(options.timeZone),
    tiebreaker: d.depositId,
    allCap: options.allCap,
    notNull: ['createMoment', 'amount', 'chargeAt'],
  });
  const where = and(scope, compiled.where);
  const orderBy = sql.join(compiled.orderBy, sql`, `);
  const counted = filterFrom(scope, compiled.filtered);
  const rows = await selectRows<DepositRow>(
    q,
    sql`with page as (select d.deposit_id from ${filterFrom(scope, compiled.filtered, compiled.sorted)} where ${where}
          order by ${orderBy} limit ${compiled.limit} offset ${compiled.offset}),
        total as (select count(*)::int as n from ${counted} where ${where})
      select ${depositColumns}, (select n from total) as total_count
      from page join ${from} on d.deposit_id = page.deposit_id ${receiptJoin}
      order by ${orderBy}`,
  );
  return finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${counted} where ${where}`);
    return row?.n ?? 0;
  });
}

export function depositById(q: Queryable, depositId: string, scope: SQL | undefined) {
  return selectRow<Omit<DepositRow, 'totalCount'>>(
    q,
    sql`select ${depositColumns} from ${from} ${receiptJoin} where d.deposit_id = ${depositId} and ${and(scope)}`,
  );
}

/** Locks one deposit row (in scope) for a command: confirmations and reversals queue behind it. */
export async function lockDeposit(q: Queryable, depositId: string, scope: SQL | undefined) {
  return selectRow<typeof deposits.$inferSelect>(
    q,
    sql`select d.deposit_id, d.student_key, d.classroom_id, d.contract_id, d.amount, d.discount_value, d.payment_method, ${confirmationStateColumns('d')}
      from ${deposits} d join ${people} st on st.public_key = d.student_key
      where d.deposit_id = ${depositId} and ${and(scope)} for update of d`,
  );
}

export type DepositValues = Pick<
  typeof deposits.$inferInsert,
  'studentKey' | 'classroomId' | 'contractId' | 'amount' | 'discountValue' | 'depositType' | 'paymentMethod' | 'chargeAt'
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
 * Sums of the filtered deposits. Confirmed money is what the deposits posted to `cash`: each
 * confirmed deposit posted its amount once and a reversal took it back, so it is the amount of the
 * confirmed, unreversed ones — the rows the ledger reconciles with, deposit by deposit, after
 * every finance test (`expectLedgerBalanced`). Waiting deposits are not money yet, so their
 * amounts are. The row without a payment method is the total of all. Unfiltered and unscoped
 * (the page as an admin opens it), the sums the deposits' triggers keep are read instead of
 * adding up every deposit (`depositMethodSums`, reconciled by the same test).
 */
export async function depositSums(q: Queryable, where: ListQuery['where'], scope: SQL | undefined, timeZone: string) {
  type Sum = { paymentMethod: string | null; confirmed: string; waiting: string };
  if (where.length === 0 && scope === undefined) {
    return selectRows<Sum>(
      q,
      sql`select s.payment_method, s.confirmed::text as confirmed, s.waiting::text as waiting from ${depositMethodSums} s
        union all select null, coalesce(sum(s.confirmed), 0)::text, coalesce(sum(s.waiting), 0)::text from ${depositMethodSums} s
        order by 1 nulls first`,
    );
  }
  const columns = columnsIn(timeZone);
  const filter = and(scope, compileWhere(where, columns));
  return selectRows<Sum>(
    q,
    sql`select d.payment_method,
        coalesce(sum(d.amount) filter (where d.confirmed_at is not null and d.reversed_at is null), 0)::text as confirmed,
        coalesce(sum(d.amount) filter (where d.confirmed_at is null), 0)::text as waiting
      from ${filterFrom(scope, columnsFiltered(where, columns))} where ${filter}
      group by grouping sets ((d.payment_method), ()) order by d.payment_method nulls first`,
  );
}

// fin-export: every filtered deposit, in keyset-paged batches (SPEC §7 Exports)
export interface DepositExportRow {
  studentName: string;
  consultantName: string | null;
  /** Null for a contract payment (issue 28). */
  classroomName: string | null;
  amount: string;
  discountValue: string;
  paymentMethod: string;
  depositType: string;
  state: string;
  chargeAt: number;
  confirmedAt: number | null;
  createMoment: number;
}

export function depositsForExport(
  q: Queryable,
  query: Pick<ListQuery, 'where' | 'order'>,
  scope: SQL | undefined,
  options: { batchSize: number; timeZone: string },
) {
  const { batchSize } = options;
  const compiled = compileExportQuery(query, { columns: columnsIn(options.timeZone), notNull: ['studentName', 'isConfirmed', 'state', 'paymentMethod', 'depositType', 'amount', 'chargeAt', 'createMoment'], tiebreakers: [{ sql: d.depositId, type: 'uuid' }] });
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
