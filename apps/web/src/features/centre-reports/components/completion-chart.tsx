import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

export interface CompletionBar {
  name: string;
  percent: number;
}

/**
 * Completion percent per teacher as bars on a 0–100 axis, percentages floored (SPEC §9); its own
 * chunk. To a screen reader one image with a name, described by the table beside it (its figures).
 */
export function CompletionChart({
  bars,
  label,
  tableId,
}: {
  bars: CompletionBar[];
  label: string;
  tableId: string;
}) {
  const { t } = useTranslation('centreReports');
  return (
    <BarChart
      h={260}
      // Not `name`: each field of a row reaches its bar's SVG path as an attribute.
      data={bars.map((b) => ({ teacher: b.name, percent: b.percent }))}
      dataKey="teacher"
      valueFormatter={(value) => `${Math.floor(value)}%`}
      yAxisProps={{ domain: [0, 100], width: 50 }}
      series={[{ name: 'percent', label: t('homework.completion'), color: 'teal.7' }]}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
      aria-describedby={tableId}
      data-testid="homework-chart"
    />
  );
}
