import '@mantine/core/styles/SegmentedControl.layer.css';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { type ClassProfit, lessonTypeLabel, profitContract } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { defineServerList, listLoader } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import figures from '@/lib/figures.module.css';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { classesProfitQueryOptions } from '../api/profit';
import { ConsultantProfitSection } from '../components/consultant-profit-section';
import { FinanceTabs } from '../components/finance-tabs';
import { PROFIT_SEARCH, ProfitFilters, profitFilters, periodOf, profitWhere } from '../components/profit-filters';
import { ProfitSessions } from '../components/profit-sessions';

/** Every class's profit in the period, least margin first: the classes that lose money on top. */
const classesProfitList = defineServerList({
  name: 'classesProfit',
  filters: profitFilters,
  searchColumns: PROFIT_SEARCH,
  defaultSort: { column: 'margin', descending: false },
  columns: profitContract.classes.listColumns,
  where: profitWhere,
  query: (body, filters) => classesProfitQueryOptions({ ...body, ...periodOf(filters) }),
});

/** The page's loader: the first page is asked for while the page's code arrives. */
export const profitPageLoader = listLoader(classesProfitList);

const VIEW = 'view';

/**
 * `/admin/finance/profit` (issue 28; docs/finance.md "Profit"): for the financial admin and the
 * admin. A period (days in the centre's zone), then per class (revenue, teacher pay, side costs,
 * margin; a row opens its sessions) or per academic consultant (their students' figures, the share,
 * the classes behind them, the share set here).
 */
export function ProfitPage() {
  const { t } = useTranslation('profit');
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const view = params.get(VIEW) === 'consultants' ? 'consultants' : 'classes';
  const list = useServerList(classesProfitList);
  const period = periodOf(list.filters);
  const [expanded, setExpanded] = useState<string[]>([]);

  const setView = (next: string) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next === 'consultants') out.set(VIEW, next);
      else out.delete(VIEW);
      return out;
    });
  const money = (amount: number, c?: string) => (
    <Text size="sm" className={figures.figures} c={c}>
      {formatMoney(amount, language)}
    </Text>
  );

  return (
    <>
      <FinanceTabs />
      <PageHeader title={t('title')} description={t('subtitle')} />
      <SegmentedControl
        mb="md"
        value={view}
        onChange={setView}
        data={[
          { value: 'classes', label: t('views.classes') },
          { value: 'consultants', label: t('views.consultants') },
        ]}
      />
      <ProfitFilters list={list} classes={view === 'classes'} />
      {view === 'consultants' ? (
        <ConsultantProfitSection period={period} />
      ) : (
        <ListTable<ClassProfit>
          {...list.table}
          {...list.sorting}
          withTableBorder
          borderRadius="lg"
          idAccessor="classroomId"
          rowExpansion={{
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
            content: ({ record }) => <ProfitSessions classroomId={record.classroomId} period={period} />,
          }}
          columns={[
            {
              accessor: 'classroomName',
              title: t('columns.classroom'),
              sortable: true,
              phone: 'title',
              render: (x) => (
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {x.classroomName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[x.teacherName, x.lessonType ? lessonTypeLabel(x.lessonType, language) : null].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'sessionCount',
              title: t('columns.sessions'),
              sortable: true,
              textAlign: 'right',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (x) => formatNumber(x.sessionCount, language),
            },
            {
              accessor: 'revenue',
              title: t('columns.revenue'),
              sortable: true,
              textAlign: 'right',
              render: (x) => (
                <Stack gap={0} align="flex-end">
                  {money(x.revenue)}
                  <Text size="xs" c="dimmed">
                    {t('columns.sessionRevenue', { amount: formatMoney(x.sessionRevenue, language) })}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'teacherPay',
              title: t('columns.teacherPay'),
              sortable: true,
              textAlign: 'right',
              render: (x) => (
                <Stack gap={0} align="flex-end">
                  {money(x.teacherPay)}
                  {x.otherPayments ? (
                    <Text size="xs" c="dimmed">
                      {t('columns.otherPayments', { amount: formatMoney(x.otherPayments, language) })}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            {
              accessor: 'sideCosts',
              title: t('columns.sideCostsBorne'),
              sortable: true,
              textAlign: 'right',
              render: (x) => money(x.sideCostsBorne),
            },
            {
              accessor: 'margin',
              title: t('columns.margin'),
              sortable: true,
              textAlign: 'right',
              render: (x) => (
                <Stack gap={0} align="flex-end">
                  {money(x.margin, x.margin < 0 ? 'red' : undefined)}
                  {x.marginPercent !== null ? (
                    <Text size="xs" c="dimmed">
                      {formatNumber(x.marginPercent, language)}%
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
