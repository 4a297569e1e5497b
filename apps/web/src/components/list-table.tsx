import { DataTable, type DataTableProps } from 'mantine-datatable';
import { type ListColumn, tableColumn, usePhoneLayout } from './list-columns';
import { PhoneList, type PhoneListProps } from './phone-list';
import { useScrollRegionProps } from './scroll-region';
import { VirtualDataTable } from './virtual-data-table';

export type ListTableProps<T> = DataTableProps<T> & {
  columns: ListColumn<T>[];
  /**
   * Draw only the rows in and near the window once a page has more than `VIRTUAL_FROM` rows (a list
   * offering pages of 100 or 200: the users list, issue 31). Shorter pages are drawn whole, as before.
   */
  virtualize?: boolean;
};

/** Pages up to this many rows are drawn whole; longer ones are virtualised where the list asks for it. */
export const VIRTUAL_FROM = 20;

/**
 * Every list's table (issue 27): mantine-datatable's `DataTable` from `sm` up, exactly as before;
 * below it the same rows, columns and paging as cards (`PhoneList`), so a phone shows each row's
 * key fields and actions without scrolling sideways. Columns say where they go on a card with
 * `phone` (`ListColumn`); everything else is the table's own props (`list.table`, `list.sorting`).
 */
export function ListTable<T>({ virtualize, ...props }: ListTableProps<T>) {
  const phone = usePhoneLayout();
  const region = useScrollRegionProps(props['aria-label']);
  if (phone) return <PhoneList<T> {...(props as PhoneListProps<T>)} />;
  const table = {
    ...props,
    columns: props.columns.map(tableColumn),
    scrollAreaProps: { ...props.scrollAreaProps, viewportProps: region },
  } as DataTableProps<T>;
  const records = props.records ?? [];
  if (virtualize && records.length > VIRTUAL_FROM)
    return <VirtualDataTable<T> {...table} records={records} />;
  return <DataTable<T> {...table} />;
}
