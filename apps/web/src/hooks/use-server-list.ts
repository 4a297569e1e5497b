import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import 'mantine-datatable/styles.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, pageCount } from '@tutoria/shared';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type FilterSchema, SEARCH_PARAM, writeFilters, writeSort } from '@/lib/list-params';
import {
  listBody,
  type ListPage,
  PAGE_SIZES,
  type Paging,
  pagingKey,
  readListUrl,
  readPaging,
  type ServerListOptions,
  shownPage,
} from './server-list-request';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * One server-paged list (SPEC §9, DESIGN §8): filters, search and sort in the URL; the page and
 * its size in local storage, the page kept only while the filters it was chosen under stay;
 * the POST list body `{page, where, order}` and its query (the previous page stays on screen
 * while the next loads); the table's props with the empty state 'There is no item', the page
 * sizes and the pager's texts in the current language.
 */
export function useServerList<Page extends ListPage, F extends FilterSchema, Key extends QueryKey>(
  options: ServerListOptions<Page, F, Key>,
) {
  const { name, filters: schema, defaultSort, columns, pageSizes = PAGE_SIZES } = options;
  const { t } = useTranslation(['common', 'messages']);
  const [params, setParams] = useSearchParams();
  const url = useMemo(
    () => readListUrl({ filters: schema, defaultSort, columns }, params),
    [schema, params, defaultSort, columns],
  );
  const { filters, sort, searched, identity } = url;

  const [paging, setPaging] = useLocalStorage<Paging>({
    key: pagingKey(name),
    defaultValue: { size: pageSizes[0] ?? DEFAULT_PAGE_SIZE, page: 1, of: identity },
    getInitialValueInEffect: false,
    deserialize: readPaging,
  });
  const { page, size } = shownPage(paging, identity, pageSizes);
  const setPage = (next: number) => setPaging({ size, page: next, of: identity });
  const setPageSize = (next: number) => setPaging({ size: next, page: 1, of: identity });

  const change = (edit: (next: URLSearchParams) => void) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      edit(next);
      return next;
    });

  // The box shows what is typed; the text reaches the URL once typing pauses, and a search the
  // URL changes (Back, a bookmark) shows in the box.
  const [search, setSearch] = useState(searched);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const toUrl = useEffectEvent((text: string) => {
    const trimmed = text.trim();
    if (trimmed === searched) return;
    change((next) => {
      if (trimmed) next.set(SEARCH_PARAM, trimmed);
      else next.delete(SEARCH_PARAM);
    });
  });
  const fromUrl = useEffectEvent((text: string) => {
    if (text !== debounced.trim()) setSearch(text);
  });
  useEffect(() => toUrl(debounced), [debounced]);
  useEffect(() => fromUrl(searched), [searched]);

  const body = listBody(options, url, { page, size });
  const result = useQuery({ ...options.query(body, filters), placeholderData: keepPreviousData });
  const rows = (result.data?.data ?? []) as Page['data'];
  const total = result.data?.totalCount ?? 0;

  // A page past the end (its last row was deleted, or a bookmark) falls back to the last page.
  const pastTheEnd =
    result.data !== undefined && !result.isPlaceholderData && !rows.length && total > 0 && page > 1;
  const toLastPage = useEffectEvent(() => setPage(pageCount(total, size)));
  useEffect(() => {
    if (pastTheEnd) toLastPage();
  }, [pastTheEnd]);

  const fallback = useMemo(() => schema.parse({}) as Record<string, unknown>, [schema]);
  const hasFilters =
    search.trim() !== '' || Object.entries(filters).some(([key, value]) => value !== fallback[key]);

  return {
    /** The answer of the list call (rows, total and whatever else it carries). */
    data: result.data,
    rows,
    total,
    pageCount: pageCount(total, size),
    isFetching: result.isFetching,
    page,
    setPage,
    pageSize: size,
    setPageSize,
    filters,
    setFilters: (patch: Partial<z.output<F>>) =>
      change((next) => writeFilters(next, schema, { ...filters, ...patch })),
    search,
    setSearch,
    hasFilters,
    clearFilters() {
      setSearch('');
      change((next) => {
        writeFilters(next, schema, schema.parse({}));
        next.delete(SEARCH_PARAM);
      });
    },
    /** Spread on a `DataTable`: rows, paging, the empty state and the pager's texts. */
    table: {
      records: rows,
      totalRecords: total,
      fetching: result.isFetching,
      page,
      onPageChange: setPage,
      recordsPerPage: size,
      onRecordsPerPageChange: setPageSize,
      recordsPerPageOptions: pageSizes as number[],
      recordsPerPageLabel: t('common:table.perPage'),
      paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
        t('common:table.pagination', { from, to, total: totalRecords }),
      paginationWrapBreakpoint: 'sm',
      noRecordsText: t('messages:noItem'),
      highlightOnHover: true,
      minHeight: rows.length ? undefined : 220,
    } as const,
    /** Spread on a sortable `DataTable` (a list with `defaultSort`). */
    sorting: {
      sortStatus: {
        columnAccessor: sort?.column ?? '',
        direction: sort?.descending ? 'desc' : 'asc',
      } satisfies DataTableSortStatus<Page['data'][number]>,
      onSortStatusChange: (status: DataTableSortStatus<Page['data'][number]>) =>
        change((next) =>
          writeSort(
            next,
            { column: String(status.columnAccessor), descending: status.direction === 'desc' },
            defaultSort,
          ),
        ),
    },
  };
}

/** What a filter bar reads and changes of a list, whatever its rows. */
export type ListFilterState<F extends FilterSchema> = Pick<
  ReturnType<typeof useServerList<ListPage, F, QueryKey>>,
  'filters' | 'setFilters' | 'search' | 'setSearch' | 'hasFilters' | 'clearFilters'
>;
