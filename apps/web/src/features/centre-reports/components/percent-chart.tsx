import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { chartPercent } from '@tutoria/shared';
import { useId } from 'react';
import { ChartTable } from '@/components/chart-table';

export interface PercentBar {
  name: string;
  /** A percentage or a score out of 100; null (nothing recorded) draws no bar. */
  percent: number | null;
}

/** SPEC §9: an axis from 0 to 100, values floored. */
const percentAxis = {
  width: 50,
  domain: [0, 100] as [number, number],
  ticks: [0, 25, 50, 75, 100],
  allowDecimals: false,
};

/**
 * Percentages (absence, presence) or scores out of 100 as bars, floored, on a 0–100 axis (its own
 * chunk: the charts library loads only here). To a screen reader it is one image with a name,
 * described by the table of its figures (beside it, or its own hidden one).
 */
export function PercentChart({
  bars,
  label,
  series,
  testId,
  tableId,
  keyLabel,
  color = 'indigo.6',
}: {
  bars: PercentBar[];
  label: string;
  /** The series' name in the tooltip ("Absence (%)"). */
  series: string;
  testId: string;
  /**
   * The id of the table beside the chart that holds its figures (read as the chart's description);
   * without one, the chart draws its own table for screen readers, its first column headed `keyLabel`.
   */
  tableId?: string;
  keyLabel?: string;
  color?: string;
}) {
  const ownTable = useId();
  // Not `name`: each field of a row reaches its bar's SVG path as an attribute.
  const data = bars.map((b) => ({
    bar: b.name,
    percent: b.percent === null ? null : chartPercent(b.percent),
  }));
  return (
    <>
      <BarChart
        h={260}
        data={data}
        dataKey="bar"
        valueFormatter={(value) => `${value}`}
        yAxisProps={percentAxis}
        series={[{ name: 'percent', label: series, color }]}
        accessibilityLayer={false}
        role="img"
        aria-label={label}
        aria-describedby={tableId ?? ownTable}
        data-testid={testId}
      />
      {tableId ? null : (
        <ChartTable
          id={ownTable}
          caption={label}
          keyLabel={keyLabel ?? ''}
          rows={data}
          rowName={(row) => row.bar}
          series={[{ name: 'percent', label: series }]}
        />
      )}
    </>
  );
}
