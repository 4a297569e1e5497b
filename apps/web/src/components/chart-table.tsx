import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import { Table, VisuallyHidden } from '@mantine/core';

export interface ChartTableProps<Row> {
  /** The chart names this id in `aria-describedby`. */
  id: string;
  caption: string;
  /** The header of the first column: what each bar or point is (a day, a class, a lesson). */
  keyLabel: string;
  rows: Row[];
  rowName: (row: Row) => string;
  /** The chart's series: the row's field and its label. */
  series: { name: string; label: string }[];
  format?: (value: number) => string;
}

/**
 * A chart's figures as a table only a screen reader sees, for a chart with no table of the same
 * figures beside it: the chart reads as one image with a name, described by this table, which can
 * also be read cell by cell (WCAG 1.1.1).
 */
export function ChartTable<Row extends object>({
  id,
  caption,
  keyLabel,
  rows,
  rowName,
  series,
  format = String,
}: ChartTableProps<Row>) {
  const cell = (value: unknown) => (typeof value === 'number' ? format(value) : '—');
  return (
    <VisuallyHidden>
      {/* Marked: it is a chart's figures, not a list drawn as a table (phone-lists.e2e.ts). */}
      <Table id={id} data-chart-table>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{keyLabel}</Table.Th>
            {series.map((s) => (
              <Table.Th scope="col" key={s.name}>
                {s.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              <Table.Th scope="row">{rowName(row)}</Table.Th>
              {series.map((s) => (
                <Table.Td key={s.name}>{cell((row as Record<string, unknown>)[s.name])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}
