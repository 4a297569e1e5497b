import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Group, Select, Stack, Text, Title } from '@mantine/core';
import { type EarningsMonth, type Settlement, settlementsContract } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { RecordTable } from '@/components/record-table';
import { useServerList } from '@/hooks/use-server-list';
import figures from '@/lib/figures.module.css';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { NEWEST_FIRST } from '@/lib/list-params';
import { ownSettlementsQueryOptions, useMyEarnings } from '../api/settlements';
import { SettlementPeriod, SettlementStateBadge } from '../components/settlement-actions';
import { SettlementSums } from '../components/settlement-sums';

const noFilters = z.object({});
const YEARS_SHOWN = 5;

/**
 * `/admin/panel/my-earnings` (issue 28), in a teacher's sidebar: their own money only — sessions
 * held that the admin confirmed, hours, earned, paid and unpaid (unpaid = earned − paid, from the
 * ledger), by month of the session (of a year, or all), and their settlements.
 */
export function MyEarningsPage() {
  const { t } = useTranslation('settlements');
  const language = currentLanguage();
  const [year, setYear] = useState<number | null>(null);
  const earnings = useMyEarnings(year);
  const list = useServerList({
    name: 'ownSettlements',
    filters: noFilters,
    defaultSort: NEWEST_FIRST,
    columns: settlementsContract.own.listColumns,
    query: (body) => ownSettlementsQueryOptions(body),
  });
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: YEARS_SHOWN }, (_, i) => String(thisYear - i));
  const money = (amount: number) => (
    <Text size="sm" className={figures.figures}>
      {formatMoney(amount, language)}
    </Text>
  );

  return (
    <>
      <PageHeader
        title={t('mine.title')}
        description={t('mine.subtitle')}
        actions={
          <Select
            aria-label={t('mine.year')}
            data={[{ value: '', label: t('mine.allYears') }, ...years.map((y) => ({ value: y, label: y }))]}
            value={year === null ? '' : String(year)}
            onChange={(value) => setYear(value ? Number(value) : null)}
            allowDeselect={false}
            w={140}
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
      {earnings.data ? <SettlementSums sums={earnings.data.sum} held testId="my-earnings-sums" /> : null}
      <Stack gap="xs" mb="xl">
        <Title order={2} size="h4">
          {t('mine.months')}
        </Title>
        {earnings.data && !earnings.data.months.length ? (
          <Text size="sm" c="dimmed">
            {t('mine.noMonths')}
          </Text>
        ) : (
          <RecordTable<EarningsMonth>
            records={earnings.data?.months ?? []}
            idAccessor="month"
            aria-label={t('mine.months')}
            tableProps={{ striped: true, 'data-testid': 'my-earnings-months' }}
            columns={[
              { accessor: 'month', phone: 'title', title: t('columns.month') },
              {
                accessor: 'sessionCount',
                title: t('columns.sessionCount'),
                textAlign: 'right',
                render: (m) => formatNumber(m.sessionCount, language),
              },
              {
                accessor: 'hours',
                title: t('columns.hours'),
                textAlign: 'right',
                render: (m) => formatNumber(m.hours, language),
              },
              {
                accessor: 'earned',
                title: t('columns.earned'),
                textAlign: 'right',
                render: (m) => money(m.earned),
              },
              {
                accessor: 'paid',
                title: t('columns.paid'),
                textAlign: 'right',
                render: (m) => money(m.paid),
              },
              {
                accessor: 'unpaid',
                title: t('columns.unpaid'),
                textAlign: 'right',
                render: (m) => money(m.unpaid),
              },
            ]}
          />
        )}
      </Stack>
      <Group mb="xs">
        <Title order={2} size="h4">
          {t('mine.settlements')}
        </Title>
      </Group>
      <ListTable<Settlement>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="settlementId"
        columns={[
          {
            accessor: 'toTime',
            phone: 'title',
            title: t('columns.period'),
            render: (x) => <SettlementPeriod settlement={x} />,
          },
          { accessor: 'type', title: t('columns.type'), render: (x) => t(`types.${x.type}`) },
          {
            accessor: 'amount',
            title: t('columns.amount'),
            sortable: true,
            textAlign: 'right',
            render: (x) => (
              <Stack gap={0} align="flex-end">
                <Text
                  size="sm"
                  className={figures.figures}
                  td={x.state === 'reversed' ? 'line-through' : undefined}
                >
                  {formatMoney(x.amount, language)}
                </Text>
                {x.sessionCount ? (
                  <Text size="xs" c="dimmed">
                    {t('columns.sessions', { count: x.sessionCount, hours: formatNumber(x.hours, language) })}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'state',
            title: t('columns.state'),
            render: (x) => <SettlementStateBadge settlement={x} />,
          },
        ]}
      />
    </>
  );
}
