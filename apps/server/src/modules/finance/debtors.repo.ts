import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { studentPrices } from '../../db/schema/finance.ts';
import { selectRows } from '../../db/sql.ts';
import { keysetBatches } from '../../db/keyset.ts';
import {
  columnsFor,
  compileExportQuery,
  compileListQuery,
  finishPage,
  joinsFor,
  keyColumn,
  type OptionalJoin,
} from '../../http/list-query.ts';
import { classroomsView } from '../scheduling/scheduling.module.ts';
import { nameOf, people } from '../users/users.module.ts';
import { creditSums } from './ledger.repo.ts';

export interface DebtorRow {
  studentKey: string;
  studentName: string;
  consultantKey: string | null;
  consultantName: string | null;
  classroomId: string;
  classroomName: string;
  paid: string;
  used: string;
  remaining: string;
  amountOwed: string;
  hoursOwed: string | null;
  balanceInHour: string | null;
  totalCount: number;
}

/** A balance row as `d` (student and classroom, like a price row's key) for the stable order. */
const d = alias(studentPrices, 'd');
const netPrice = sql`nullif(greatest(p.cost_per_hour - p.discount_per_hour, 0), 0)`;
const hoursOwed = sql`round(d.owed / ${netPrice}, 2)`;
const balanceInHour = sql`round(d.remaining / ${netPrice}, 2)`;

const sqlOf = {
  studentName: sql`st.full_name`,
  studentPublicKey: keyColumn(sql`d.student_key`),
  classroomName: sql`c.classroom_name`,
  classroomId: keyColumn(sql`d.classroom_id`),
  consultantPublicKey: keyColumn(sql`st.consultant_key`),
  amountOwed: sql`d.owed`,
  hoursOwed,
  remaining: sql`d.remaining`,
  balanceInHour,
  owes: sql`(d.remaining < 0)`,
};
const debtorColumns = columnsFor(contract.debtors.list, sqlOf);
const balanceColumns = columnsFor(contract.debtors.balances, sqlOf);

/**
 * Every credit account of a student in a classroom (`creditSums`, one stored row each), or only
 * those summing to a debit (used > paid: the debtors). Each default order has its index
 * (migration 0025): the debtors' amount owed, the balances' remaining, so a page stops after its rows.
 */
const accountsOf = (debtorsOnly: boolean) => sql`(select m.student_key, m.classroom_id, m.paid, m.used, m.remaining,
      greatest(-m.remaining, 0) as owed from ${creditSums} m ${debtorsOnly ? sql`where m.remaining < 0` : sql``}) d`;

const studentJoin = sql`join ${people} st on st.public_key = d.student_key`;
const classroomJoin = sql`join ${classroomsView} c on c.classroom_id = d.classroom_id`;
const priceJoin = sql`left join ${studentPrices} p on p.classroom_id = d.classroom_id and p.student_key = d.student_key`;

const fromOf = (debtorsOnly: boolean) => sql`${accountsOf(debtorsOnly)}
  ${studentJoin}
  ${classroomJoin}
  ${priceJoin}`;

/**
 * The joins a filter, an order or a scope reads (`joinsFor`, as the deposits list): every account
 * has its student and classroom (foreign keys), so leaving one out changes no row.
 */
const optionalJoins: OptionalJoin[] = [
  { columns: ['studentName', 'consultantPublicKey'], scope: true, sql: studentJoin },
  { columns: ['classroomName'], sql: classroomJoin },
  { columns: ['hoursOwed', 'balanceInHour'], sql: priceJoin },
];
const selected = sql`d.student_key, st.full_name as student_name, st.consultant_key, ${nameOf(sql`st.consultant_key`)} as consultant_name,
  d.classroom_id, c.classroom_name, d.paid::text as paid, d.used::text as used, d.remaining::text as remaining,
  d.owed::text as amount_owed, ${hoursOwed}::text as hours_owed, ${balanceInHour}::text as balance_in_hour`;

/** The debtors list orders by most owed; the balances by least remaining (the same for debtors). */
const kinds = {
  debtors: { columns: debtorColumns, debtorsOnly: true, defaultOrder: [{ column: 'amountOwed', descending: true }] },
  balances: { columns: balanceColumns, debtorsOnly: false, defaultOrder: [{ column: 'remaining', descending: false }] },
};
export type BalanceListKind = keyof typeof kinds;

/**
 * In two parts like the deposits page: the page's accounts and the count read only the stored sums
 * and the joins the query needs; names and prices are joined for the page's rows only (the window
 * count over every joined balance took 54 ms for 9,000 accounts on PostgreSQL).
 */
export async function listBalances(
  q: Queryable,
  kind: BalanceListKind,
  query: ListQuery,
  scope: SQL | undefined,
  allCap: number,
) {
  const { columns, debtorsOnly, defaultOrder } = kinds[kind];
  const compiled = compileListQuery(query, {
    columns,
    tiebreaker: d.studentKey,
    defaultOrder,
    allCap,
    notNull: ['studentName', 'classroomName', 'amountOwed', 'remaining'],
  });
  const where = sql.join([scope ?? sql`true`, compiled.where ?? sql`true`], sql` and `);
  const reads = (...sets: ReadonlySet<string>[]) =>
    sql`${accountsOf(debtorsOnly)} ${joinsFor(optionalJoins, scope !== undefined, ...sets)}`;
  const counted = reads(compiled.filtered);
  const orderBy = sql`${sql.join(compiled.orderBy, sql`, `)}, d.classroom_id`;
  const rows = await selectRows<DebtorRow>(
    q,
    sql`with page as (select d.student_key, d.classroom_id from ${reads(compiled.filtered, compiled.sorted)} where ${where}
          order by ${orderBy} limit ${compiled.limit} offset ${compiled.offset}),
        total as (select count(*)::int as n from ${counted} where ${where})
      select ${selected}, (select n from total) as total_count
      from ${fromOf(debtorsOnly)} join page on page.student_key = d.student_key and page.classroom_id = d.classroom_id
      order by ${orderBy}`,
  );
  return finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${counted} where ${where}`);
    return row?.n ?? 0;
  });
}

// fin-export: the students' balance (the balance list's rows), in keyset-paged batches (SPEC §7 Exports)
export function balancesForExport(q: Queryable, query: Pick<ListQuery, 'where' | 'order'>, scope: SQL | undefined, batchSize: number) {
  const { columns, defaultOrder } = kinds.balances;
  const from = fromOf(false);
  const compiled = compileExportQuery(query, {
    columns,
    defaultOrder,
    notNull: ['studentName', 'classroomName', 'amountOwed', 'remaining'],
    tiebreakers: [
      { sql: d.studentKey, type: 'uuid' },
      { sql: d.classroomId, type: 'uuid' },
    ],
  });
  const where = sql.join([scope ?? sql`true`, compiled.where ?? sql`true`], sql` and `);
  return {
    count: async () => (await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${where}`))[0]?.n ?? 0,
    batches: () =>
      keysetBatches<Omit<DebtorRow, 'totalCount'>>(q, {
        select: sql`select ${selected}`,
        from,
        where,
        terms: compiled.terms,
        batchSize,
      }),
  };
}
