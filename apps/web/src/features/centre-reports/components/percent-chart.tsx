import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { chartPercent } from '@tutoria/shared';

export interface PercentBar {
  name: string;
  value: number;
}

/** SPEC §9: an axis from 0 to 100, values floored. */
const percentAxis = {
  domain: [0, 100] as [number, number],
  ticks: [0, 25, 50, 75, 100],
  allowDecimals: false,
};

/**
 * Scores or percentages (0–100) as bars, floored (its own chunk: the charts library loads only
 * here). To a screen reader it is one image with a name; the table beside it holds the figures.
 */
export function PercentChart({
  bars,
  label,
  seriesLabel,
  testId,
}: {
  bars: PercentBar[];
  label: string;
  seriesLabel: string;
  testId: string;
}) {
  return (
    <BarChart
      h={260}
      data={bars.map((b) => ({ name: b.name, value: chartPercent(b.value) }))}
      dataKey="name"
      yAxisProps={percentAxis}
      valueFormatter={(value) => String(value)}
      series={[{ name: 'value', label: seriesLabel, color: 'teal.6' }]}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
