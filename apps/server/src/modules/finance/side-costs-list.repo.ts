import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { keysetSource } from '../../db/keyset.ts';
import { ledgerEntries, studentSideCosts } from '../../db/schema/finance.ts';
import { epochOf, localDateText, selectRows } from '../../db/sql.ts';
import {
  type ColumnMap,
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

/**
 * The side costs list (issue 28; docs/finance.md "Side costs list"): every live side cost of the
 * students in reach, per class. A row's amount is its stored amount, which is exactly its live
 * charge's `side_costs` entry (`expectLedgerBalanced` checks it row by row); the totals sum the
 * live charges' entries in the ledger themselves.
 */
export interface SideCostListRow {
  sideCostId: string;
  studentKey: string;
  studentName: string;
  consultantKey: string | null;
  consultantName: string | null;
  classroomId: string;
  classroomName: string;
  title: string;
  amount: string;
  createMoment: number;
}

/** Side costs as `sc` in hand-written SQL. */
const sc = alias(studentSideCosts, 'sc');

const columnMaps = new Map<string, ColumnMap>();

/** The SQL behind each column (one map per time zone: `period` is the month of `createMoment` there). */
function columnsIn(timeZone: string): ColumnMap {
  let map = columnMaps.get(timeZone);
  if (!map) {
    map = columnsFor(contract.sideCosts.all, {
      studentPublicKey: keyColumn(sql`sc.student_key`),
      studentName: sql`st.full_name`,
      classroomId: keyColumn(sql`sc.classroom_id`),
      classroomName: sql`c.classroom_name`,
      consultantPublicKey: keyColumn(sql`st.consultant_key`),
      title: sql`sc.title`,
      amount: sql`sc.amount`,
      period: localDateText(sql`sc.create_moment`, timeZone, 'YYYY-MM'),
      createMoment: sql`sc.create_moment`,
    });
    columnMaps.set(timeZone, map);
  }
  return map;
}

const studentJoin = sql`join ${people} st on st.public_key = sc.student_key`;
const classroomJoin = sql`join ${classroomsView} c on c.classroom_id = sc.classroom_id`;
/** Every side cost has its student and class (foreign keys): leaving a join out changes no row. */
const optionalJoins: OptionalJoin[] = [
  { columns: ['studentName', 'consultantPublicKey'], scope: true, sql: studentJoin },
  { columns: ['classroomName'], sql: classroomJoin },
];
const live = sql`sc.removed_at is null`;
const notNull = ['studentName', 'classroomName', 'title', 'amount', 'period', 'createMoment'];

const selected = sql`sc.side_cost_id, sc.student_key, st.full_name as student_name, st.consultant_key,
  ${nameOf(sql`st.consultant_key`)} as consultant_name, sc.classroom_id, c.classroom_name, sc.title,
  sc.amount::text as amount, ${epochOf(sql`sc.create_moment`)} as create_moment`;
const from = sql`${studentSideCosts} sc ${studentJoin} ${classroomJoin}`;

const and = (...parts: (SQL | undefined)[]) =>
  sql.join(
    parts.filter((p): p is SQL => p !== undefined),
    sql` and `,
  );

/**
 * One statement, in two parts (as the deposits list): the page's ids in order, the filtered count
 * and the totals over the side costs and only the joins they read; then the names of the page's rows.
 */
export async function listSideCosts(
  q: Queryable,
  query: ListQuery,
  scope: SQL | undefined,
  options: { allCap: number; timeZone: string },
) {
  const compiled = compileListQuery(query, {
    columns: columnsIn(options.timeZone),
    tiebreaker: sc.sideCostId,
    allCap: options.allCap,
    notNull,
  });
  const where = and(live, scope, compiled.where);
  const orderBy = sql.join(compiled.orderBy, sql`, `);
  const reads = (...sets: ReadonlySet<string>[]) =>
    sql`${studentSideCosts} sc ${joinsFor(optionalJoins, scope !== undefined, ...sets)}`;
  const rows = await selectRows<SideCostListRow & { totalCount: number }>(
    q,
    sql`with page as (select sc.side_cost_id from ${reads(compiled.filtered, compiled.sorted)} where ${where}
          order by ${orderBy} limit ${compiled.limit} offset ${compiled.offset}),
        total as (select count(*)::int as n from ${reads(compiled.filtered)} where ${where})
      select ${selected}, (select n from total) as total_count
      from page join ${from} on sc.side_cost_id = page.side_cost_id
      order by ${orderBy}`,
  );
  const page = await finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${reads(compiled.filtered)} where ${where}`);
    return row?.n ?? 0;
  });
  // The totals from the ledger: −Σ the `side_costs` entries of the filtered rows' live charges.
  const [totals] = await selectRows<{ count: number; amount: string }>(
    q,
    sql`select count(*)::int as count, coalesce(-sum(e.amount), 0)::text as amount
      from ${reads(compiled.filtered)}
      left join ${ledgerEntries} e on e.transaction_id = sc.transaction_id and e.account = 'side_costs'
      where ${where}`,
  );
  return { ...page, totals: totals ?? { count: 0, amount: '0' } };
}

/** The side costs export: every filtered row, in keyset-paged batches (SPEC §7 Exports). */
export function sideCostsForExport(
  q: Queryable,
  query: Pick<ListQuery, 'where' | 'order'>,
  scope: SQL | undefined,
  options: { batchSize: number; timeZone: string },
) {
  const compiled = compileExportQuery(query, {
    columns: columnsIn(options.timeZone),
    notNull,
    tiebreakers: [{ sql: sc.sideCostId, type: 'uuid' }],
  });
  const where = and(live, scope, compiled.where);
  return keysetSource<SideCostListRow>(q, {
    select: sql`select ${selected}`,
    from,
    where,
    terms: compiled.terms,
    batchSize: options.batchSize,
  });
}
