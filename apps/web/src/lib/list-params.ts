import type { ListColumn, WhereCondition } from '@tutoria/shared';
import { z } from 'zod';

/**
 * A list's filters, search and sort live in the URL (a filtered list can be bookmarked, Back
 * undoes a filter). Each filter is one search param named like the filter; `q` is the search
 * text and `sort` the order (`title`, or `-title` for descending), so no filter takes those names.
 */
export const SEARCH_PARAM = 'q';
const SORT_PARAM = 'sort';

/** Filter params: each parses its text and falls back when the param is absent or not valid. */
export const listParam = {
  /** One value of a shared enum (a level, a lesson type…), or none. */
  choice: <T extends z.ZodType<string>>(schema: T) => schema.nullable().catch(null),
  /** An id or a date (YYYY-MM-DD), or none. */
  text: () => z.string().min(1).max(200).nullable().catch(null),
  /** A switch: off unless the param says `true`. */
  flag: () => z.stringbool().catch(false),
  /** One of a few named views, `fallback` unless the param names another. */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    z.enum(values).catch(fallback),
};

type FilterValue = string | boolean | null;
export type FilterSchema = z.ZodObject<Record<string, z.ZodType<FilterValue>>>;

export interface ListSort {
  column: string;
  descending: boolean;
}

/** SPEC §9's default order, shown as the sorted column of a table. */
export const NEWEST_FIRST: ListSort = { column: 'createMoment', descending: true };

export function readFilters<F extends FilterSchema>(schema: F, params: URLSearchParams): z.output<F> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return schema.parse(raw);
}

/** Writes every filter of the schema: a value equal to its fallback leaves the URL. */
export function writeFilters<F extends FilterSchema>(
  params: URLSearchParams,
  schema: F,
  values: z.output<F>,
): void {
  const fallback: Record<string, FilterValue> = schema.parse({});
  for (const [key, value] of Object.entries(values as Record<string, FilterValue>)) {
    if (value === fallback[key] || value === null || value === '') params.delete(key);
    else params.set(key, String(value));
  }
}

/** The URL's sort, if the list's contract columns allow sorting by it; else the list's default. */
export function readSort(
  params: URLSearchParams,
  fallback: ListSort | undefined,
  columns: Readonly<Record<string, ListColumn>> | undefined,
): ListSort | undefined {
  const raw = params.get(SORT_PARAM);
  if (!raw || !fallback) return fallback;
  const descending = raw.startsWith('-');
  const column = descending ? raw.slice(1) : raw;
  const allowed = columns ? columns[column] !== undefined && columns[column].sortable !== false : true;
  return allowed ? { column, descending } : fallback;
}

export function writeSort(params: URLSearchParams, sort: ListSort, fallback: ListSort | undefined): void {
  if (fallback && sort.column === fallback.column && sort.descending === fallback.descending) {
    params.delete(SORT_PARAM);
  } else params.set(SORT_PARAM, `${sort.descending ? '-' : ''}${sort.column}`);
}

/** A filter as a where group of the list body: `column = value`, or nothing while it is not set. */
export function equal(column: string, operand: string | number | boolean | null): WhereCondition[] | null {
  return operand === null || operand === '' ? null : [{ column, comparison: 'Equal', operand }];
}

const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A filter on a day column (`YYYY-MM-DD` text, as the deposits' `confirmedOn`): a whole day is
 * `Equal`, a year (`2026`) or a month (`2026-11`) — any part of a day — `Contains`.
 */
export function withinDays(column: string, operand: string | null): WhereCondition[] | null {
  const text = operand?.trim();
  if (!text) return null;
  return [{ column, comparison: WHOLE_DAY.test(text) ? 'Equal' : 'Contains', operand: text }];
}
