import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { formatHours } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** Distinct colours that read on white, one per teacher (cycled past ten). */
const palette = [
  'indigo.6',
  'teal.7',
  'orange.7',
  'grape.6',
  'cyan.7',
  'red.7',
  'lime.8',
  'pink.6',
  'blue.7',
  'yellow.8',
];

/**
 * Hours per week stacked by teacher; its own chunk. To a screen reader one image with a name, described
 * by the table of the weeks beside it.
 */
export function WorkloadChart({
  rows,
  teachers,
  label,
  tableId,
}: {
  /** One row per week: `week` and each teacher's hours under the teacher's key. */
  rows: Record<string, string | number>[];
  teachers: { key: string; name: string }[];
  label: string;
  /** The id of the table beside the chart that holds its figures (read as the chart's description). */
  tableId: string;
}) {
  const language = currentLanguage();
  return (
    <BarChart
      h={300}
      data={rows}
      dataKey="week"
      type="stacked"
      withLegend
      valueFormatter={(value) => formatHours(value, language)}
      yAxisProps={{ width: 70 }}
      series={teachers.map((t, i) => ({ name: t.key, label: t.name, color: palette[i % palette.length]! }))}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
      aria-describedby={tableId}
      data-testid="workload-chart"
    />
  );
}
