import '@mantine/core/styles/Input.layer.css';
import '@mantine/dates/styles.layer.css';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { FinancialReportQuery, ReportMonth } from '@tutoria/shared';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { exportFinancialReport, useFinancialReport } from '../api/financial-report';
import { ExportMenu } from '../components/export-menu';
import { FinanceTabs } from '../components/finance-tabs';
import { FinancialReportFigures } from '../components/financial-report-figures';
import { monthPrefix, reportLinks } from '../components/financial-report-links';

const FinancialReportChart = lazy(() =>
  import('../components/financial-report-chart').then((m) => ({ default: m.FinancialReportChart })),
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the URL (`from`, `to`: YYYY-MM-DD); absent or not a date, the server's default (this year). */
export function periodOf(params: URLSearchParams): FinancialReportQuery {
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  return { from: day('from'), to: day('to') };
}

/**
 * `/admin/finance/report` (issue 28), for the financial admin and the admin: the centre's money for
 * a period (days in the centre's time zone; this year unless the URL names one) — money in, money
 * out, revenue recognised and the balances at its end, each a link to the rows behind it — the
 * months as a chart and a table (a month's money in and out open its deposits and settlements),
 * and the general financial report's export.
 */
export function FinancialReportPage() {
  const { t } = useTranslation('financeReport');
  const tableId = useId();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const inOrder = !period.from || !period.to || period.from <= period.to;
  const report = useFinancialReport(inOrder ? period : {});
  const data = report.data;

  const setDay = (name: 'from' | 'to', value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value.slice(0, 10));
      else next.delete(name);
      return next;
    });
  const money = (amount: number) => (
    <Text size="sm" className={figures.figures}>
      {formatMoney(amount, language)}
    </Text>
  );
  /**
   * A month's money in or out, a link to that month's confirmed deposits or paid settlements; a month
   * without any is plain text (nothing behind it to open).
   */
  const moneyLink = (m: ReportMonth, figure: 'moneyIn' | 'moneyOut') => {
    if (m[figure] === 0) return money(0);
    const within = data ? monthPrefix(m.month, data.from, data.to) : null;
    const to = figure === 'moneyIn' ? reportLinks.deposits({ within }) : reportLinks.settlements({ within });
    return (
      <Anchor
        component={Link}
        to={to}
        size="sm"
        className={figures.figures}
        aria-label={`${t('open', { figure: `${t(figure)} ${m.month}` })}: ${formatMoney(m[figure], language)}`}
      >
        {formatMoney(m[figure], language)}
      </Anchor>
    );
  };

  return (
    <>
      <FinanceTabs />
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={<ExportMenu run={exportFinancialReport(inOrder ? period : {})} />}
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <DateInput
          label={t('from')}
          valueFormat="YYYY-MM-DD"
          value={period.from ?? data?.from ?? null}
          onChange={(value) => setDay('from', value)}
          w={{ base: '100%', xs: 170 }}
          popoverProps={{ withinPortal: true }}
          data-testid="report-from"
        />
        <DateInput
          label={t('to')}
          valueFormat="YYYY-MM-DD"
          value={period.to ?? data?.to ?? null}
          onChange={(value) => setDay('to', value)}
          error={inOrder ? undefined : t('periodOrder')}
          w={{ base: '100%', xs: 170 }}
          popoverProps={{ withinPortal: true }}
          data-testid="report-to"
        />
        <Button variant="default" onClick={() => setParams(new URLSearchParams())}>
          {t('thisYear')}
        </Button>
        {data ? (
          <Text size="xs" c="dimmed">
            {t('inTimeZone', { zone: data.timeZone })}
          </Text>
        ) : null}
      </Group>
      {report.isError ? (
        <Alert color="red" mb="md">
          {report.error.message}
        </Alert>
      ) : null}
      {!data ? (
        <Loader />
      ) : (
        <>
          <FinancialReportFigures report={data} />
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('months')}
            </Title>
            <Suspense fallback={<Loader size="sm" />}>
              <FinancialReportChart months={data.months} label={t('chart')} tableId={tableId} />
            </Suspense>
            <RecordTable<ReportMonth>
              id={tableId}
              records={data.months}
              idAccessor="month"
              aria-label={t('chart')}
              tableProps={{ striped: true, 'data-testid': 'financial-report-months' }}
              columns={[
                { accessor: 'month', phone: 'title', title: t('month') },
                {
                  accessor: 'moneyIn',
                  title: t('moneyIn'),
                  textAlign: 'right',
                  render: (m) => moneyLink(m, 'moneyIn'),
                },
                {
                  accessor: 'moneyOut',
                  title: t('moneyOut'),
                  textAlign: 'right',
                  render: (m) => moneyLink(m, 'moneyOut'),
                },
                {
                  accessor: 'revenue',
                  title: t('revenue'),
                  textAlign: 'right',
                  render: (m) => money(m.revenue),
                },
              ]}
            />
          </Stack>
        </>
      )}
    </>
  );
}
