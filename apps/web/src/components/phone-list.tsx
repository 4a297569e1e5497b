import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import { Button, Checkbox, Group, Loader, NativeSelect, Pagination, Text } from '@mantine/core';
import { pageCount } from '@tutoria/shared';
import type {
  DataTableRowClickHandler,
  DataTableRowExpansionProps,
  DataTableSortStatus,
} from 'mantine-datatable';
import { type CSSProperties, Fragment, type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cellContent, type IdAccessor, type ListColumn, phoneRole, recordKey } from './list-columns';
import classes from './phone-list.module.css';

/** What a list's cards take: the table's own props, read the same way. */
export interface PhoneListProps<T> {
  records?: T[];
  columns: ListColumn<T>[];
  idAccessor?: IdAccessor<T>;
  /** The list's accessible name, when the heading above it does not say what it lists. */
  'aria-label'?: string;
  /** The list's id (a chart above it names it in `aria-describedby`). */
  id?: string;
  fetching?: boolean;
  noRecordsText?: string;
  page?: number;
  onPageChange?: (page: number) => void;
  totalRecords?: number;
  recordsPerPage?: number;
  recordsPerPageOptions?: number[];
  onRecordsPerPageChange?: (size: number) => void;
  recordsPerPageLabel?: string;
  paginationText?: (context: { from: number; to: number; totalRecords: number }) => ReactNode;
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  selectedRecords?: T[];
  onSelectedRecordsChange?: (records: T[]) => void;
  isRecordSelectable?: (record: T, index: number) => boolean;
  rowExpansion?: DataTableRowExpansionProps<T>;
  onRowClick?: DataTableRowClickHandler<T>;
  rowStyle?: (record: T, index: number) => unknown;
  customRowAttributes?: (record: T, index: number) => Record<string, unknown>;
}

const empty = (node: ReactNode) => node === null || node === undefined || node === false || node === '';
const columnName = <T,>(column: ListColumn<T>) =>
  typeof column.title === 'string' ? column.title : String(column.accessor);

/**
 * A list drawn as cards on a phone (issue 27): one list item per row, its title columns on top
 * (wrapping, never cut), its actions beside them, the other columns as labelled lines (a `dl`);
 * a sort select where the table sorts by its headers, and the pager under the cards.
 */
export function PhoneList<T>(props: PhoneListProps<T>) {
  const { t } = useTranslation();
  const records = props.records ?? [];
  const columns = props.columns.filter((c) => !c.hidden && phoneRole(c) !== 'hidden');
  const titles = columns.filter((c) => phoneRole(c) === 'title');
  const fields = columns.filter((c) => phoneRole(c) === 'field');
  const actions = columns.filter((c) => phoneRole(c) === 'actions');
  const [localExpanded, setLocalExpanded] = useState<unknown[]>([]);
  const expansion = props.rowExpansion;
  const expandedIds = expansion?.expanded?.recordIds ?? localExpanded;
  const setExpanded = (ids: unknown[]) =>
    expansion?.expanded?.onRecordIdsChange
      ? expansion.expanded.onRecordIdsChange(ids)
      : setLocalExpanded(ids);
  const selected = props.selectedRecords;
  const keyOf = (record: T, index: number) => recordKey(record, props.idAccessor, index);
  const selectedKeys = new Set(selected?.map((r, i) => keyOf(r, i)));

  const toggleSelected = (record: T, key: Key, on: boolean) =>
    props.onSelectedRecordsChange?.(
      on ? [...(selected ?? []), record] : (selected ?? []).filter((r, i) => keyOf(r, i) !== key),
    );

  const toggleExpanded = (key: Key, on: boolean) =>
    setExpanded(
      on ? [...(expansion?.allowMultiple ? expandedIds : []), key] : expandedIds.filter((id) => id !== key),
    );

  return (
    <div className={classes.root} id={props.id}>
      <SortSelect columns={props.columns} status={props.sortStatus} onChange={props.onSortStatusChange} />
      {records.length === 0 ? (
        <div className={classes.empty}>
          {props.fetching ? <Loader size="sm" /> : <Text c="dimmed">{props.noRecordsText}</Text>}
        </div>
      ) : (
        <ul
          className={classes.list}
          aria-label={props['aria-label']}
          aria-busy={props.fetching || undefined}
          data-phone-list
        >
          {records.map((record, index) => {
            const key = keyOf(record, index);
            const selectable = selected !== undefined && (props.isRecordSelectable?.(record, index) ?? true);
            const open = expandedIds.includes(key);
            const canExpand = expansion && (expansion.expandable?.({ record, index }) ?? true);
            const shownFields = fields
              .map((column) => ({ column, content: cellContent(column, record, index) }))
              .filter(({ content }) => !empty(content));
            return (
              <li
                key={key}
                className={classes.card}
                data-phone-row
                data-clickable={props.onRowClick ? true : undefined}
                style={props.rowStyle?.(record, index) as CSSProperties | undefined}
                onClick={
                  props.onRowClick ? (event) => props.onRowClick!({ record, index, event }) : undefined
                }
                {...props.customRowAttributes?.(record, index)}
              >
                <div className={classes.head}>
                  {selectable ? (
                    <Checkbox
                      aria-label={t('table.select')}
                      checked={selectedKeys.has(key)}
                      onChange={(event) => toggleSelected(record, key, event.currentTarget.checked)}
                      onClick={(event) => event.stopPropagation()}
                    />
                  ) : null}
                  <div className={classes.title}>
                    {titles.map((column) => (
                      <TitleCell key={String(column.accessor)} content={cellContent(column, record, index)} />
                    ))}
                  </div>
                  {actions.length ? (
                    <div className={classes.actions} data-phone-actions>
                      {actions.map((column) => (
                        <Fragment key={String(column.accessor)}>
                          {cellContent(column, record, index)}
                        </Fragment>
                      ))}
                    </div>
                  ) : null}
                </div>
                {shownFields.length ? (
                  <dl className={classes.fields}>
                    {shownFields.map(({ column, content }) => (
                      <div key={String(column.accessor)} className={classes.field}>
                        <dt>{column.title ?? columnName(column)}</dt>
                        <dd>{content}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {canExpand && expansion.trigger !== 'never' ? (
                  <>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      className={classes.more}
                      aria-expanded={open}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggleExpanded(key, !open);
                      }}
                    >
                      {t(open ? 'table.hideDetails' : 'table.showDetails')}
                    </Button>
                    {open
                      ? expansion.content({ record, index, collapse: () => toggleExpanded(key, false) })
                      : null}
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pager {...props} />
    </div>
  );
}

/** A title column's cell: a plain value reads as the card's title; a page's own render as it is. */
function TitleCell({ content }: { content: ReactNode }) {
  if (typeof content === 'string' || typeof content === 'number') {
    return (
      <Text size="sm" fw={600}>
        {content}
      </Text>
    );
  }
  return <div>{content}</div>;
}

/** The table's header sorting as one select: each sortable column, ascending or descending. */
function SortSelect<T>({
  columns,
  status,
  onChange,
}: {
  columns: ListColumn<T>[];
  status?: DataTableSortStatus<T>;
  onChange?: (status: DataTableSortStatus<T>) => void;
}) {
  const { t } = useTranslation();
  // The order the list opened with (often "newest first", on a column the cards do not show).
  const [initial] = useState(status);
  const sortable = columns.filter((c) => c.sortable && !c.hidden);
  if (!status || !onChange || !sortable.length) return null;
  const value = `${String(status.columnAccessor)}:${status.direction}`;
  const options = sortable.flatMap((column) =>
    (['asc', 'desc'] as const).map((direction) => ({
      value: `${String(column.accessor)}:${direction}`,
      label: t(direction === 'asc' ? 'table.ascending' : 'table.descending', { column: columnName(column) }),
    })),
  );
  if (initial && !sortable.some((c) => c.accessor === initial.columnAccessor))
    options.unshift({
      value: `${String(initial.columnAccessor)}:${initial.direction}`,
      label: t('table.defaultOrder'),
    });
  return (
    <NativeSelect
      size="sm"
      label={t('table.sortBy')}
      data={options}
      value={value}
      onChange={(event) => {
        const [columnAccessor, direction] = event.currentTarget.value.split(':');
        onChange({ columnAccessor: columnAccessor!, direction: direction as 'asc' | 'desc' });
      }}
    />
  );
}

/** Where the list is, the pages and the page size, as the table's footer has them. */
function Pager<T>(props: PhoneListProps<T>) {
  const { t } = useTranslation();
  const { page, totalRecords, recordsPerPage } = props;
  if (page === undefined || totalRecords === undefined || !recordsPerPage || !totalRecords) return null;
  const from = (page - 1) * recordsPerPage + 1;
  const to = Math.min(totalRecords, from + (props.records?.length ?? 0) - 1);
  return (
    <Group className={classes.pager} justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {props.paginationText?.({ from, to, totalRecords }) ?? `${from}–${to} / ${totalRecords}`}
      </Text>
      {props.onRecordsPerPageChange && props.recordsPerPageOptions ? (
        <NativeSelect
          size="xs"
          aria-label={props.recordsPerPageLabel}
          data={props.recordsPerPageOptions.map(String)}
          value={String(recordsPerPage)}
          onChange={(event) => props.onRecordsPerPageChange!(Number(event.currentTarget.value))}
        />
      ) : null}
      <Pagination
        size="sm"
        siblings={0}
        boundaries={1}
        total={pageCount(totalRecords, recordsPerPage)}
        value={page}
        onChange={props.onPageChange}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('table.previousPage') }
            : control === 'next'
              ? { 'aria-label': t('table.nextPage') }
              : {}
        }
      />
    </Group>
  );
}
