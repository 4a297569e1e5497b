import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';

export interface PercentBar {
  name: string;
  /** Floored percent; null (nothing recorded) draws no bar. */
  percent: number | null;
}

/**
 * Percentages (absence or presence) as bars on a 0–100 axis (SPEC §9), in their own chunk like the
 * hours chart. To a screen reader it is one image with a name; the table beside it holds the figures.
 */
export function PercentChart({
  bars,
  label,
  series,
  testId,
}: {
  bars: PercentBar[];
  label: string;
  series: string;
  testId: string;
}) {
  return (
    <BarChart
      h={260}
      data={bars}
      dataKey="name"
      valueFormatter={(value) => `${Math.floor(value)}%`}
      yAxisProps={{ width: 50, domain: [0, 100], ticks: [0, 25, 50, 75, 100] }}
      series={[{ name: 'percent', label: series, color: 'red.6' }]}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
