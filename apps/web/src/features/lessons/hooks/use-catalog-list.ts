import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import {
  type BaseType,
  DEFAULT_PAGE_SIZE,
  type Level,
  type ListQueryInput,
  textSearchGroup,
  type WhereCondition,
} from '@tutoria/shared';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

interface Options<Row> {
  /** Names the page size kept in local storage (SPEC §9: paging state is kept). */
  storageKey: string;
  searchColumns: readonly string[];
  defaultSort: DataTableSortStatus<Row>;
  /** Extra filter groups (AND-ed), e.g. evaluation tests only. */
  extraWhere?: WhereCondition[][];
}

/**
 * Paging, sorting, search and level / base-type filters of a server-paged list, turned into the
 * list query of SPEC §7 (search is one OR group in three spellings; each filter its own group).
 */
export function useCatalogList<Row>({
  storageKey,
  searchColumns,
  defaultSort,
  extraWhere = [],
}: Options<Row>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useLocalStorage({
    key: `tutoria.pageSize.${storageKey}`,
    defaultValue: DEFAULT_PAGE_SIZE,
  });
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>(defaultSort);
  const [search, setSearch] = useState('');
  const [level, setLevel] = useState<Level | null>(null);
  const [baseType, setBaseType] = useState<BaseType | null>(null);
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  const extraKey = JSON.stringify(extraWhere);
  const query = useMemo<ListQueryInput>(() => {
    const where: WhereCondition[][] = [];
    if (debouncedSearch.trim()) where.push(textSearchGroup(searchColumns, debouncedSearch));
    if (level) where.push([{ column: 'level', comparison: 'Equal', operand: level }]);
    if (baseType) where.push([{ column: 'baseType', comparison: 'Equal', operand: baseType }]);
    where.push(...(JSON.parse(extraKey) as WhereCondition[][]));
    return {
      page: { index: page, size: pageSize },
      where,
      order: [{ column: String(sortStatus.columnAccessor), descending: sortStatus.direction === 'desc' }],
    };
  }, [debouncedSearch, level, baseType, extraKey, page, pageSize, sortStatus, searchColumns]);

  /** Any change of what is shown starts again at page 1. */
  const resetting =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return {
    query,
    page,
    setPage,
    pageSize,
    setPageSize: resetting(setPageSize),
    sortStatus,
    setSortStatus: resetting(setSortStatus),
    search,
    setSearch: resetting(setSearch),
    level,
    setLevel: resetting(setLevel),
    baseType,
    setBaseType: resetting(setBaseType),
    hasFilters: Boolean(search || level || baseType),
    clearFilters() {
      setSearch('');
      setLevel(null);
      setBaseType(null);
      setPage(1);
    },
  };
}

/** What the filter bar reads and changes, whatever the rows are. */
export type CatalogFilters = Pick<
  ReturnType<typeof useCatalogList>,
  'search' | 'setSearch' | 'level' | 'setLevel' | 'baseType' | 'setBaseType' | 'hasFilters' | 'clearFilters'
>;
