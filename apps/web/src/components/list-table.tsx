import { DataTable, type DataTableProps } from 'mantine-datatable';
import { type ListColumn, tableColumn, usePhoneLayout } from './list-columns';
import { PhoneList, type PhoneListProps } from './phone-list';

export type ListTableProps<T> = DataTableProps<T> & { columns: ListColumn<T>[] };

/**
 * Every list's table (issue 27): mantine-datatable's `DataTable` from `sm` up, exactly as before;
 * below it the same rows, columns and paging as cards (`PhoneList`), so a phone shows each row's
 * key fields and actions without scrolling sideways. Columns say where they go on a card with
 * `phone` (`ListColumn`); everything else is the table's own props (`list.table`, `list.sorting`).
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const phone = usePhoneLayout();
  if (phone) return <PhoneList<T> {...(props as PhoneListProps<T>)} />;
  const table = { ...props, columns: props.columns.map(tableColumn) } as DataTableProps<T>;
  return <DataTable<T> {...table} />;
}
