import { asc, desc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { GetListQuery, ListColumn, ListQuery, WhereCondition } from '@tutoria/shared';
import { ALL_ROWS } from '@tutoria/shared';
import { PREPARED_MARK } from '../db/prepared.ts';
import { AppError } from './app-error.ts';

/** A list column as the browser names it, and the SQL behind it. */
export interface ColumnSpec extends ListColumn {
  sql: PgColumn | SQL;
  /** A uuid key the list reads as its text (`sql`): the key itself, for an Equal or NotEqual on a key (`keyColumn`). */
  key?: PgColumn | SQL;
}
export type ColumnMap = Readonly<Record<string, ColumnSpec>>;

/** A uuid key column (`columnsFor`): the list reads it as text, and an Equal or NotEqual on a key compares the uuid. */
export class KeyColumn {
  constructor(readonly key: PgColumn | SQL) {}
}
export const keyColumn = (key: PgColumn | SQL) => new KeyColumn(key);

export interface CompiledList {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The columns (as the column map names them) the filter reads, and those the order reads. */
  filtered: ReadonlySet<string>;
  sorted: ReadonlySet<string>;
  /**
   * The columns a `Contains` condition reads (a search box). Its selectivity is unknown to a
   * prepared statement's generic plan, which then walks the order's index filtering every row.
   */
  searched: ReadonlySet<string>;
  limit: number;
  offset: number;
  isAll: boolean;
  cap: number;
  /** The same filter and order with every value a placeholder: the statement of its shape. */
  template: () => ListTemplate;
}

/**
 * A list's filter and order as a template: the same text for every request of the same shape (the
 * columns filtered and how, which values are null, the order), the values apart. `list-statement.ts`
 * builds a list's statement once per `key` from it.
 */
export interface ListTemplate {
  key: string;
  where: SQL | undefined;
  orderBy: SQL[];
  values: Record<string, unknown>;
}

function templateOf(
  query: Pick<ListQuery, 'where' | 'order'>,
  columns: ColumnMap,
  orderBy: SQL[],
): ListTemplate {
  const values: Record<string, unknown> = {};
  let next = 0;
  const where = compileWhere(query.where, columns, (value) => {
    const name = `v${next++}`;
    values[name] = value;
    return sql.placeholder(name);
  });
  // Whatever changes the text: the conditions and the order.
  const conditions = query.where.map((group) => group.map((c) => conditionKey(columns, c)));
  const order = query.order.map((o) => `${columnKey(columns, o.column)} ${o.descending ? 'desc' : 'asc'}`);
  return { key: JSON.stringify([conditions, order]), where, orderBy, values };
}

/** What a condition changes in its statement's text: its column and comparison, a null operand (`is null`), a short search. */
/** What of a condition changes a statement's text: a null operand is written `is null`, a key compared as uuid. */
export const conditionKey = (columns: ColumnMap, c: WhereCondition) =>
  `${columnKey(columns, c.column)} ${c.comparison}${c.operand === null ? ' null' : ''}${shortSearch(c) ? ' short' : ''}` +
  (byKey(findColumn(columns, c.column), c) ? ' key' : '');

const invalidQuery = (key: 'listColumnUnknown' | 'listOperandInvalid' | 'listTooLarge', values: Record<string, string | number>) =>
  new AppError('INVALID_QUERY', { text: { key, values } });

function columnKey(columns: ColumnMap, name: string): string {
  const key = Object.keys(columns).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!key) throw invalidQuery('listColumnUnknown', { column: name.slice(0, 64) });
  return key;
}

function findColumn(columns: ColumnMap, name: string): ColumnSpec {
  return columns[columnKey(columns, name)]!;
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A filter's value as the statement takes it: bound in place, or a named placeholder (a template). */
export type Bind = <T extends string | number | boolean>(value: T) => T | Placeholder;
const bindInPlace: Bind = (value) => value;

function coerce(spec: ColumnSpec, condition: WhereCondition): string | number | boolean | null {
  const { operand, column } = condition;
  if (operand === null) return null;
  const bad = () => invalidQuery('listOperandInvalid', { column });
  switch (spec.type) {
    case 'text':
    case 'enum':
      return String(operand);
    case 'number': {
      const n = typeof operand === 'number' ? operand : Number(operand);
      if (typeof operand === 'boolean' || operand === '' || !Number.isFinite(n)) throw bad();
      return n;
    }
    case 'boolean':
      if (typeof operand === 'boolean') return operand;
      if (operand === 'true' || operand === 'false') return operand === 'true';
      throw bad();
    case 'time': {
      const n = typeof operand === 'number' ? operand : Number(operand);
      if (typeof operand === 'boolean' || operand === '' || !Number.isInteger(n) || n < 0 || n > 32503680000) throw bad();
      return n;
    }
  }
}

/**
 * A `Contains` text under three characters holds no trigram: a trigram index (users' names, classroom
 * names) would hand back every row to be checked again, 2–3 times slower than reading the table, and
 * a prepared statement's generic plan takes the index whatever the text. Such a search is written on
 * `column || ''` (the same value), which no index serves, and is a statement shape of its own.
 */
const TRIGRAM = 3;
function shortSearch(condition: WhereCondition): boolean {
  return condition.comparison === 'Contains' && condition.operand !== null && [...String(condition.operand)].length < TRIGRAM;
}

/** A uuid as PostgreSQL writes one: the only texts a key's text can equal. */
const KEY_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Equal or NotEqual on a key column with a key as PostgreSQL writes it: compared as uuid, which the
 * key's index serves (`consultant_key::text = $1` reads every row), with the same rows. Any other
 * text (`ABC…`, `x`) or a Contains stays on the text, as it always was: no key matches it, none refused.
 */
function byKey(spec: ColumnSpec, condition: WhereCondition): spec is ColumnSpec & { key: PgColumn | SQL } {
  return (
    spec.key !== undefined &&
    condition.comparison !== 'Contains' &&
    typeof condition.operand === 'string' &&
    KEY_TEXT.test(condition.operand)
  );
}

function compileCondition(columns: ColumnMap, condition: WhereCondition, bind: Bind): SQL {
  const spec = findColumn(columns, condition.column);
  const value = coerce(spec, condition);
  if (byKey(spec, condition)) {
    const key = sql`${bind(value!)}::uuid`;
    return condition.comparison === 'Equal' ? sql`${spec.key} = ${key}` : sql`${spec.key} is distinct from ${key}`;
  }
  const bound = () => (spec.type === 'time' ? sql`to_timestamp(${bind(value!)})` : bind(value!));
  switch (condition.comparison) {
    case 'Equal':
      return value === null ? sql`${spec.sql} is null` : sql`${spec.sql} = ${bound()}`;
    case 'NotEqual':
      return value === null ? sql`${spec.sql} is not null` : sql`${spec.sql} is distinct from ${bound()}`;
    case 'Contains':
      if ((spec.type !== 'text' && spec.type !== 'enum') || value === null) {
        throw invalidQuery('listOperandInvalid', { column: condition.column });
      }
      return sql`${shortSearch(condition) ? sql`(${spec.sql} || '')` : spec.sql} ilike ${bind(`%${escapeLike(String(value))}%`)} escape '\\'`;
  }
}

/** OR inside a group, AND across groups (DESIGN §4). */
export function compileWhere(
  where: readonly (readonly WhereCondition[])[],
  columns: ColumnMap,
  bind: Bind = bindInPlace,
): SQL | undefined {
  if (where.length === 0) return undefined;
  const groups = where.map((group) => sql`(${sql.join(group.map((c) => compileCondition(columns, c, bind)), sql` or `)})`);
  return sql.join(groups, sql` and `);
}

/** The columns a filter reads, named as the column map names them. */
export function columnsFiltered(where: readonly (readonly WhereCondition[])[], columns: ColumnMap): ReadonlySet<string> {
  return new Set(where.flat().map((condition) => columnKey(columns, condition.column)));
}

export interface CompileOptions {
  columns: ColumnMap;
  /** Used when the caller names no order; every list defaults to createMoment descending (SPEC §9). */
  defaultOrder?: { column: string; descending: boolean }[];
  /** A unique column appended last so paging is stable between pages. */
  tiebreaker: PgColumn;
  allCap: number;
  /**
   * Columns that are never null: they sort without `nulls last/first`, so an ordinary b-tree index
   * (read backwards for descending) gives the order and a page stops after its rows.
   */
  notNull?: readonly string[];
}

const NEWEST_FIRST = [{ column: 'createMoment', descending: true }];

export function compileListQuery(query: ListQuery, options: CompileOptions): CompiledList {
  const { columns } = options;
  const order = query.order.length ? query.order : (options.defaultOrder ?? NEWEST_FIRST);
  const orderBy = order.map(({ column, descending }) => {
    const spec = findColumn(columns, column);
    if (spec.sortable === false) throw invalidQuery('listColumnUnknown', { column });
    if (options.notNull?.some((name) => name.toLowerCase() === column.toLowerCase())) {
      return descending ? sql`${spec.sql} desc` : sql`${spec.sql} asc`;
    }
    return descending ? sql`${spec.sql} desc nulls last` : sql`${spec.sql} asc nulls first`;
  });
  orderBy.push(order.at(-1)?.descending ? desc(options.tiebreaker) : asc(options.tiebreaker));
  // Every list's statement carries the mark, wherever its repo writes the order.
  orderBy[0] = sql`${sql.raw(PREPARED_MARK)} ${orderBy[0]}`;
  const reads = {
    where: compileWhere(query.where, columns),
    orderBy,
    template: () => templateOf({ where: query.where, order }, columns, orderBy),
    filtered: columnsFiltered(query.where, columns),
    searched: columnsFiltered(
      query.where.map((group) => group.filter((condition) => condition.comparison === 'Contains')),
      columns,
    ),
    sorted: new Set(order.map(({ column }) => columnKey(columns, column))),
  };
  const { index, size } = query.page;
  if (size === ALL_ROWS) {
    if (index !== 1) throw invalidQuery('listOperandInvalid', { column: 'page.index' });
    return { ...reads, limit: options.allCap + 1, offset: 0, isAll: true, cap: options.allCap };
  }
  return {
    ...reads,
    limit: size,
    offset: (index - 1) * size,
    isAll: false,
    cap: options.allCap,
  };
}

/** A join a list's filter or order may need: added when one of `columns` is read. */
export interface OptionalJoin {
  columns: readonly string[];
  sql: SQL;
  /** Also added whenever the list is scoped: the caller's scope is a condition on this join. */
  scope?: boolean;
}

/**
 * The joins that `scoped` or some of the read `columns` need. Only these are written into a
 * list's filter and count: PostgreSQL drops an unused left join too, but only after it has chosen
 * how to scan, and a count with the join written never takes the index-only scan (20,000 Cash
 * deposits: 24 ms instead of 1.8 ms on PostgreSQL).
 */
export function joinsFor(joins: readonly OptionalJoin[], scoped: boolean, ...reads: ReadonlySet<string>[]): SQL {
  const needed = joins.filter(
    (join) => (scoped && join.scope) || join.columns.some((column) => reads.some((read) => read.has(column))),
  );
  return sql.join(
    needed.map((join) => join.sql),
    sql` `,
  );
}

/** Selected beside the page's rows, so one query answers both the page and the total. */
export { totalCountColumn } from '../db/sql.ts';

/**
 * Takes the window count from the rows. A page past the end has no rows to carry the count,
 * so only then is a second count query run.
 */
export async function finishPage<T extends { totalCount: number }>(
  rows: T[],
  compiled: Pick<CompiledList, 'isAll' | 'cap' | 'offset'>,
  countAll: () => Promise<number>,
): Promise<{ data: Omit<T, 'totalCount'>[]; totalCount: number }> {
  if (compiled.isAll && rows.length > compiled.cap) throw invalidQuery('listTooLarge', { cap: compiled.cap });
  const totalCount = rows[0]?.totalCount ?? (compiled.offset > 0 ? await countAll() : 0);
  // The rows keep their `totalCount` rather than being copied without it (an object rest over 30
  // columns was 4 % of the deposits page's CPU): views pick their fields and the response schema
  // drops any field it does not name.
  return { data: rows, totalCount };
}

/**
 * Binds a list endpoint's declared columns to their SQL; the keys must be exactly the contract's. A
 * `keyColumn` reads as its text (`key::text`) and keeps the key for a filter on one.
 */
export function columnsFor<E extends { listColumns?: Readonly<Record<string, ListColumn>> }>(
  endpoint: E,
  sqlOf: { [K in keyof NonNullable<E['listColumns']>]: PgColumn | SQL | KeyColumn },
): ColumnMap {
  const declared = endpoint.listColumns ?? {};
  return Object.fromEntries(
    Object.entries(declared).map(([name, column]) => {
      const bound = (sqlOf as Record<string, PgColumn | SQL | KeyColumn>)[name]!;
      return [name, bound instanceof KeyColumn ? { ...column, sql: sql`${bound.key}::text`, key: bound.key } : { ...column, sql: bound }];
    }),
  );
}

/** The GET list form (SPEC §7) turned into the POST form, for lists that offer both. */
export function fromGetListQuery(
  query: GetListQuery,
  filters: { studentName?: string; classroomName?: string; isConfirmed?: string },
  orderColumn = 'createMoment',
): ListQuery {
  const where: WhereCondition[][] = [];
  if (query.isConfirmed !== undefined && filters.isConfirmed) {
    where.push([{ column: filters.isConfirmed, comparison: 'Equal', operand: query.isConfirmed }]);
  }
  if (query.studentName && filters.studentName) {
    where.push([{ column: filters.studentName, comparison: 'Contains', operand: query.studentName }]);
  }
  if (query.classroomName && filters.classroomName) {
    where.push([{ column: filters.classroomName, comparison: 'Contains', operand: query.classroomName }]);
  }
  return {
    page: { index: query.index, size: query.size },
    where,
    order: [{ column: orderColumn, descending: query.shouldOrderByDescending }],
  };
}

// fin-export: exports read every row of a list in keyset-paged batches (db/keyset.ts)
export type SortType = 'text' | 'numeric' | 'boolean' | 'timestamptz' | 'uuid';

/** One term of a list's order as the keyset reader needs it: the SQL, its direction and its type. */
export interface SortTerm {
  sql: PgColumn | SQL;
  descending: boolean;
  type: SortType;
  /** Never null: the keyset condition needs no null branch, and an all-not-null order compares as one row. */
  notNull: boolean;
}

const sortTypes: Record<ListColumn['type'], SortType> = {
  text: 'text',
  enum: 'text',
  number: 'numeric',
  boolean: 'boolean',
  time: 'timestamptz',
};

/**
 * A list's filters and order without its page (an export): the same columns, the same default
 * order, and unique tiebreakers last in the direction of the last term, as the list pages them.
 */
export function compileExportQuery(
  query: Pick<ListQuery, 'where' | 'order'>,
  options: Omit<CompileOptions, 'tiebreaker' | 'allCap'> & {
    tiebreakers: { sql: PgColumn | SQL; type: SortType }[];
    /** The list columns that are never null. */
    notNull?: readonly string[];
  },
): { where: SQL | undefined; terms: SortTerm[] } {
  const { columns } = options;
  const order = query.order.length ? query.order : (options.defaultOrder ?? NEWEST_FIRST);
  const terms: SortTerm[] = order.map(({ column, descending }) => {
    const spec = findColumn(columns, column);
    if (spec.sortable === false) throw invalidQuery('listColumnUnknown', { column });
    const notNull = options.notNull?.some((name) => name.toLowerCase() === column.toLowerCase()) ?? false;
    return { sql: spec.sql, descending, type: sortTypes[spec.type], notNull };
  });
  const last = order.at(-1)?.descending ?? false;
  for (const tiebreaker of options.tiebreakers) terms.push({ ...tiebreaker, descending: last, notNull: true });
  return { where: compileWhere(query.where, columns), terms };
}
