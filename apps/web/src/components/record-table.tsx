import '@mantine/core/styles/Table.layer.css';
import { Table, type TableProps } from '@mantine/core';
import { cellContent, type IdAccessor, type ListColumn, recordKey, usePhoneLayout } from './list-columns';
import { PhoneList } from './phone-list';
import { TableScroll } from './scroll-region';

interface RecordTableProps<T> {
  records: T[];
  columns: ListColumn<T>[];
  idAccessor: IdAccessor<T>;
  /** The Mantine `Table`'s own props (striped, spacing, a test id…). */
  tableProps?: TableProps & Record<`data-${string}`, string>;
  /** The width under which the table scrolls inside its box (`Table.ScrollContainer`). */
  minWidth?: number;
  customRowAttributes?: (record: T, index: number) => Record<string, unknown>;
  'aria-label'?: string;
  /** The table's id (on a phone, the cards' list): a chart of the same figures names it in `aria-describedby`. */
  id?: string;
}

/**
 * A short list that is not server-paged (a report's lines, a student's own deposits, a class's
 * money per student): a plain Mantine `Table` from `sm` up, drawn from the same columns as the
 * server lists, and the same cards as `ListTable` on a phone (issue 27).
 */
export function RecordTable<T>({
  records,
  columns,
  idAccessor,
  tableProps,
  minWidth,
  ...rest
}: RecordTableProps<T>) {
  const phone = usePhoneLayout();
  if (phone) return <PhoneList<T> records={records} columns={columns} idAccessor={idAccessor} {...rest} />;
  const shown = columns.filter((c) => !c.hidden);
  const table = (
    <Table aria-label={rest['aria-label']} id={rest.id} {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {shown.map((c) => (
            <Table.Th key={String(c.accessor)} ta={c.textAlign} w={c.width} style={c.titleStyle as never}>
              {c.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((record, index) => (
          <Table.Tr key={recordKey(record, idAccessor, index)} {...rest.customRowAttributes?.(record, index)}>
            {shown.map((c) => (
              <Table.Td
                key={String(c.accessor)}
                ta={c.textAlign}
                className={
                  typeof c.cellsClassName === 'function' ? c.cellsClassName(record, index) : c.cellsClassName
                }
                style={c.cellsStyle?.(record, index) as never}
                {...c.customCellAttributes?.(record, index)}
              >
                {cellContent(c, record, index)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? (
    <TableScroll minWidth={minWidth} label={rest['aria-label']}>
      {table}
    </TableScroll>
  ) : (
    table
  );
}
