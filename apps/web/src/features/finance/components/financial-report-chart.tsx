import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import type { ReportMonth } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/**
 * Money in, money out and revenue recognised per month, side by side (its own chunk: the charts
 * library loads only here). To a screen reader it is one image with a name, described by the
 * table below it (its figures).
 */
export function FinancialReportChart({
  months,
  label,
  tableId,
}: {
  months: ReportMonth[];
  label: string;
  tableId: string;
}) {
  const { t } = useTranslation('financeReport');
  const language = currentLanguage();
  return (
    <BarChart
      h={280}
      data={months}
      dataKey="month"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={(value) => formatMoney(value, language)}
      yAxisProps={{ width: 80 }}
      series={[
        { name: 'moneyIn', label: t('moneyIn'), color: 'teal.6' },
        { name: 'moneyOut', label: t('moneyOut'), color: 'orange.6' },
        { name: 'revenue', label: t('revenue'), color: 'indigo.6' },
      ]}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
      aria-describedby={tableId}
      data-testid="financial-report-chart"
    />
  );
}
