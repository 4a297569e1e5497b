import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { chartPercent } from '@tutoria/shared';

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
 * chunk: the charts library loads only here). To a screen reader it is one image with a name; the
 * table beside it holds the figures.
 */
export function PercentChart({
  bars,
  label,
  series,
  testId,
  color = 'indigo.6',
}: {
  bars: PercentBar[];
  label: string;
  /** The series' name in the tooltip ("Absence (%)"). */
  series: string;
  testId: string;
  color?: string;
}) {
  return (
    <BarChart
      h={260}
      data={bars.map((b) => ({ name: b.name, percent: b.percent === null ? null : chartPercent(b.percent) }))}
      dataKey="name"
      valueFormatter={(value) => `${value}`}
      yAxisProps={percentAxis}
      series={[{ name: 'percent', label: series, color }]}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
