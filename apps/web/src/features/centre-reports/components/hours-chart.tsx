import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatHours } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

export interface HoursBar {
  name: string;
  hours: number;
}

/**
 * Hours per month, level or lesson type as bars (its own chunk: the charts library loads only
 * here). To a screen reader it is one image with a name, described by the table beside it (its figures).
 */
export function HoursChart({ bars, label, tableId }: { bars: HoursBar[]; label: string; tableId: string }) {
  const { t } = useTranslation('centreReports');
  const language = currentLanguage();
  return (
    <BarChart
      h={260}
      // Not `name`: each field of a row reaches its bar's SVG path as an attribute.
      data={bars.map((b) => ({ group: b.name, hours: b.hours }))}
      dataKey="group"
      valueFormatter={(value) => formatHours(value, language)}
      yAxisProps={{ width: 70 }}
      series={[{ name: 'hours', label: t('hours'), color: 'indigo.6' }]}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
      aria-describedby={tableId}
      data-testid="teaching-hours-chart"
    />
  );
}
