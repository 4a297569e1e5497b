import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import {
  APP_LIST_LIMIT,
  DEFAULT_PAGE_SIZE,
  type ListColumn,
  type ListQueryInput,
  textSearchGroup,
  type WhereCondition,
} from '@tutoria/shared';
import { z } from 'zod';
import type { LoaderFunction } from 'react-router';
import { isSignedIn } from '@/lib/auth-storage';
import { type FilterSchema, type ListSort, readFilters, readSort, SEARCH_PARAM } from '@/lib/list-params';
import { queryClient } from '@/lib/query-client';

/** The page sizes a list offers unless it names its own (`pageSizes`). */
export const PAGE_SIZES: readonly number[] = [DEFAULT_PAGE_SIZE, APP_LIST_LIMIT, 20, 50];

export interface ListPage {
  data: unknown[];
  totalCount: number;
}

export interface ServerListOptions<Page extends ListPage, F extends FilterSchema, Key extends QueryKey> {
  /** Names the list: its page and page size are kept in local storage under `tutoria.list.<name>`. */
  name: string;
  /** The filters, one URL search param each (see `listParam`). */
  filters: F;
  /** Columns the search box looks in (SPEC §9: one OR group of three spellings). */
  searchColumns?: readonly string[];
  /**
   * The page sizes offered, the first being the default (`PAGE_SIZES` unless given). A stored size
   * the list does not offer falls back to the first.
   */
  pageSizes?: readonly number[];
  /** The order when the URL names none; a list without it is not sortable. */
  defaultSort?: ListSort;
  /** The contract's columns of the list: a sort the URL names outside them is ignored. */
  columns?: Readonly<Record<string, ListColumn>>;
  /** The filters as where groups (AND-ed); `null` for a filter that is not set. */
  where?: (filters: z.output<F>) => (WhereCondition[] | null)[];
  /** The list call's query options for this body (and filters that are not where groups). */
  query: (body: ListQueryInput, filters: z.output<F>) => UseQueryOptions<Page, Error, Page, Key>;
}

/** Types a list's options where they are written apart from `useServerList` (a page's loader shares them). */
export function defineServerList<Page extends ListPage, F extends FilterSchema, Key extends QueryKey>(
  options: ServerListOptions<Page, F, Key>,
) {
  return options;
}

const pagingSchema = z.object({ size: z.number(), page: z.number().int().min(1), of: z.string() });
/** The page and page size kept in local storage, with the filters (`of`) the page was chosen under. */
export type Paging = z.infer<typeof pagingSchema>;

export const pagingKey = (name: string) => `tutoria.list.${name}`;

/** What local storage holds for a list's paging; a missing or broken value is page 1 of the default size. */
export function readPaging(raw: string | null | undefined): Paging {
  let value: unknown = null;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    // Not JSON: as if nothing were stored.
  }
  const parsed = pagingSchema.safeParse(value);
  return parsed.success ? parsed.data : { size: DEFAULT_PAGE_SIZE, page: 1, of: '' };
}

/** What the URL asks of a list: its filters, search and sort, and the identity its stored page is kept under. */
export function readListUrl<F extends FilterSchema>(
  options: Pick<ServerListOptions<ListPage, F, QueryKey>, 'filters' | 'defaultSort' | 'columns'>,
  params: URLSearchParams,
) {
  const filters = readFilters(options.filters, params);
  const sort = readSort(params, options.defaultSort, options.columns);
  const searched = (params.get(SEARCH_PARAM) ?? '').trim();
  return { filters, sort, searched, identity: JSON.stringify([filters, searched, sort]) };
}

/** The page shown: the stored one while the filters it was chosen under stay, else page 1. */
export function shownPage(paging: Paging, identity: string, sizes: readonly number[] = PAGE_SIZES) {
  return {
    page: paging.of === identity ? paging.page : 1,
    size: sizes.includes(paging.size) ? paging.size : (sizes[0] ?? DEFAULT_PAGE_SIZE),
  };
}

/** The POST list body `{page, where, order}` (SPEC §9) for what the URL asks and the page shown. */
export function listBody<F extends FilterSchema>(
  options: Pick<ServerListOptions<ListPage, F, QueryKey>, 'searchColumns' | 'where'>,
  url: ReturnType<typeof readListUrl<F>>,
  shown: { page: number; size: number },
): ListQueryInput {
  const searchColumns = options.searchColumns ?? [];
  return {
    page: { index: shown.page, size: shown.size },
    where: [
      url.searched && searchColumns.length ? textSearchGroup(searchColumns, url.searched) : null,
      ...(options.where?.(url.filters) ?? []),
    ].filter((group) => group !== null),
    order: url.sort ? [url.sort] : [],
  };
}

/**
 * A list page's route loader (DESIGN §8): asks for the very page `useServerList` will show while
 * the page's code and texts arrive, so the page renders once, with its rows, instead of rendering
 * empty and only then asking. A list whose options depend on the signed-in user passes a function
 * that reads them. A signed-out visitor is left to the signed-in guard, and a failed call to the
 * list, which asks again and reports it.
 */
export async function prefetchServerList<Page extends ListPage, F extends FilterSchema, Key extends QueryKey>(
  list: ServerListOptions<Page, F, Key> | (() => Promise<ServerListOptions<Page, F, Key>>),
  request: Request,
): Promise<null> {
  if (!isSignedIn()) return null;
  const options = typeof list === 'function' ? await list() : list;
  const url = readListUrl(options, new URL(request.url).searchParams);
  const shown = shownPage(
    readPaging(localStorage.getItem(pagingKey(options.name))),
    url.identity,
    options.pageSizes,
  );
  const query = options.query(listBody(options, url, shown), url.filters);
  // Silent: the list asks again as it mounts and reports a failure then, once.
  await queryClient.prefetchQuery({ ...query, meta: { ...query.meta, silent: true } });
  return null;
}

/** A list page's route loader, for `lazyPage`: `export const lessonsPageLoader = listLoader(lessonsList)`. */
export function listLoader<Page extends ListPage, F extends FilterSchema, Key extends QueryKey>(
  list: ServerListOptions<Page, F, Key> | (() => Promise<ServerListOptions<Page, F, Key>>),
): LoaderFunction {
  return ({ request }) => prefetchServerList(list, request);
}
