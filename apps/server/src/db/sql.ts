import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from './client.ts';

/**
 * The one way to run a hand-written `sql` query (docs/architecture.md "Repos"): the rows come back
 * with camelCase keys (`full_name` → `fullName`), typed by the caller's row interface. Repos use
 * Drizzle's query builder where it reads naturally and this where SQL does (joins of aggregates,
 * window counts, lateral subqueries).
 */
export async function selectRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  return camelRows<T>(await q.execute(query));
}

/** A hand-written query's result as `selectRows` answers it: its rows with camelCase keys. */
export function camelRows<T>(result: unknown): T[] {
  return (result as { rows: Record<string, unknown>[] }).rows.map(camelRow) as T[];
}

export async function selectRow<T>(q: Queryable, query: SQL): Promise<T | undefined> {
  return (await selectRows<T>(q, query))[0];
}

const camelKeys = new Map<string, string>();

function camelKey(key: string): string {
  let camel = camelKeys.get(key);
  if (camel === undefined) {
    camel = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    camelKeys.set(key, camel);
  }
  return camel;
}

function camelRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) out[camelKey(key)] = row[key];
  return out;
}

/** The total of a list beside its page: one query for both (DESIGN §11). */
export const totalCountColumn = sql<number>`count(*) over()`.mapWith(Number);

/** A timestamptz from epoch seconds (the wire's unit, DESIGN §4). */
/** The transaction's own time: every row a command stamps carries the same moment (`now()`). */
export const transactionTime = sql`now()`;

export const timestampOf = (seconds: number | Placeholder) => sql`to_timestamp(${seconds}::float8)`;

/** Epoch seconds of a timestamptz expression, as a JS number (null stays null). */
export const epochOf = (expression: SQL) =>
  sql<number | null>`floor(extract(epoch from ${expression}))::float8`;

/**
 * The centre's time zone as an SQL literal (a validated IANA name; written as a literal, not a
 * parameter, so an expression using it is the same text for every request and plans once).
 */
export const zoneLiteral = (timeZone: string) => sql.raw(`'${timeZone.replace(/'/g, "''")}'`);

/**
 * A period of calendar days (`YYYY-MM-DD`, both included) in the centre's time zone on a
 * timestamptz expression: from the first day's local midnight to the one after the last, a range
 * an index on the column serves. An open end adds nothing (`true` when both are open).
 */
export function withinDays(
  expression: SQL,
  period: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
): SQL {
  const zone = zoneLiteral(timeZone);
  const ends: SQL[] = [];
  if (period.from !== undefined)
    ends.push(sql`${expression} >= (${period.from}::date::timestamp at time zone ${zone})`);
  if (period.to !== undefined)
    ends.push(sql`${expression} < ((${period.to}::date + 1)::timestamp at time zone ${zone})`);
  return ends.length ? sql.join(ends, sql` and `) : sql`true`;
}

/**
 * A moment as local text in a time zone (`YYYY-MM` its month, `YYYY-MM-DD` its day): a list column
 * filtered by the prefix of a year, a month or a day. The zone is the centre's (a validated IANA
 * name, written as a literal so the expression is the same text for every request).
 */
export const localDateText = (expression: SQL, timeZone: string, format: 'YYYY-MM' | 'YYYY-MM-DD') =>
  sql`to_char(${expression} at time zone ${zoneLiteral(timeZone)}, ${sql.raw(`'${format}'`)})`;

/**
 * `= any(array)` on one array parameter: one plan for any list length, and an empty list simply
 * matches nothing (no placeholder value, no `in ()` syntax error).
 */
export const anyUuid = (values: readonly string[]) => sql`any(${sql.param([...values])}::uuid[])`;
export const anyText = (values: readonly string[]) => sql`any(${sql.param([...values])}::text[])`;

/** Half-open intervals [start, end) overlap: touching times do not clash. */
export const overlaps = (startA: SQL, endA: SQL, startB: SQL, endB: SQL) =>
  sql`(${startA} < ${endB} and ${endA} > ${startB})`;

/** One array parameter of a PostgreSQL type: `unnest` of a few of them writes many rows in one statement. */
export const arrayOf = (values: readonly unknown[], type: 'uuid' | 'text' | 'int' | 'float8' | 'bool') =>
  sql`${sql.param([...values])}::${sql.raw(type)}[]`;

/**
 * Intervals given in epoch seconds as a row source `(i, s, e)` — index, start and end as timestamptz —
 * from three array parameters, whatever their number: `from ${intervalRows(times)} as r join …`.
 */
export const intervalRows = (intervals: readonly { index: number; start: number; end: number }[]) =>
  sql`(select i, to_timestamp(s) as s, to_timestamp(e) as e from unnest(${arrayOf(
    intervals.map((t) => t.index),
    'int',
  )}, ${arrayOf(
    intervals.map((t) => t.start),
    'float8',
  )}, ${arrayOf(
    intervals.map((t) => t.end),
    'float8',
  )}) as u(i, s, e))`;

/**
 * Intervals each with a key (a student, a room), as a row source `(i, s, e, k)` from four array
 * parameters: one query checks every interval against its own keys.
 */
export const keyedIntervalRows = (
  intervals: readonly { index: number; start: number; end: number; key: string }[],
  keyType: 'uuid' | 'text',
) =>
  sql`(select i, to_timestamp(s) as s, to_timestamp(e) as e, k from unnest(${arrayOf(
    intervals.map((t) => t.index),
    'int',
  )}, ${arrayOf(
    intervals.map((t) => t.start),
    'float8',
  )}, ${arrayOf(
    intervals.map((t) => t.end),
    'float8',
  )}, ${arrayOf(
    intervals.map((t) => t.key),
    keyType,
  )}) as u(i, s, e, k))`;
