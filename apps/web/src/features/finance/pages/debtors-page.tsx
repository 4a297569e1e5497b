import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type Debtor, debtorsContract, type ListQueryInput } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { StudentName } from '@/features/students';
import { useServerList } from '@/hooks/use-server-list';
import { currentLanguage } from '@/lib/i18n';
import { equal, listParam } from '@/lib/list-params';
import figures from '@/lib/figures.module.css';
import { formatMoney, formatNumber } from '@/lib/format';
import { exportBalances } from '../api/exports';
import { balancesQueryOptions } from '../api/fees';
import { ConsultantFilter } from '../components/consultant-filter';
import { ExportMenu } from '../components/export-menu';
import { FinanceTabs } from '../components/finance-tabs';

const SEARCH_COLUMNS = ['studentName', 'classroomName'] as const;
// `all` turns "Only those who owe" off: the debtors are the default view.
const balanceFilters = z.object({ consultantPublicKey: listParam.text(), all: listParam.flag() });
const LEAST_REMAINING = { column: 'remaining', descending: false };

/**
 * `/admin/finance/debtors`, the "Balances" tab: each student's money in each class (paid, used,
 * remaining, what they owe in money and hours, hours left; from the ledger), only those who owe
 * unless switched off; sortable, searchable on the student or class name, filtered by consultant
 * (a consultant sees their consultees only).
 */
export function DebtorsPage() {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const isConsultant = useCurrentUser()?.role === 'AcademicConsultant';
  // The list's filters and order as it builds its body: the export takes the same.
  let shown: Pick<ListQueryInput, 'where' | 'order'> = {};
  const list = useServerList({
    name: 'debtors',
    filters: balanceFilters,
    searchColumns: SEARCH_COLUMNS,
    defaultSort: LEAST_REMAINING,
    columns: debtorsContract.balances.listColumns,
    where: (f) => [equal('consultantPublicKey', f.consultantPublicKey), f.all ? null : equal('owes', true)],
    query: (body) => {
      shown = { where: body.where ?? [], order: body.order ?? [] };
      return balancesQueryOptions(body);
    },
  });
  const money = (n: number) => formatMoney(n, language);
  const hours = (n: number | null) => (n === null ? '—' : formatNumber(n, language));
  return (
    <>
      <FinanceTabs />
      <PageHeader
        title={t('debtors.title')}
        description={t('debtors.subtitle')}
        actions={<ExportMenu run={exportBalances(shown)} />}
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
          type="search"
        />
        {isConsultant ? null : (
          <ConsultantFilter
            label={t('debtors.consultant')}
            placeholder={t('debtors.any')}
            value={list.filters.consultantPublicKey}
            onChange={(value) => list.setFilters({ consultantPublicKey: value })}
          />
        )}
        <Switch
          label={t('debtors.onlyOwing')}
          checked={!list.filters.all}
          onChange={(event) => list.setFilters({ all: !event.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <ListTable<Debtor>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor={(d) => `${d.studentPublicKey}-${d.classroomId}`}
        columns={[
          {
            accessor: 'studentName',
            phone: 'title',
            title: t('debtors.student'),
            sortable: true,
            render: (d) => (
              <Stack gap={0}>
                <StudentName publicKey={d.studentPublicKey} fw={500}>
                  {d.studentName}
                </StudentName>
                <Text size="xs" c="dimmed">
                  {d.consultantName ?? '—'}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'classroomName', title: t('debtors.classroom'), sortable: true },
          {
            accessor: 'paid',
            phone: 'hidden',
            title: t('debtors.paid'),
            textAlign: 'right',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (d) => money(d.paid),
          },
          {
            accessor: 'used',
            phone: 'hidden',
            title: t('debtors.used'),
            textAlign: 'right',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (d) => money(d.used),
          },
          {
            accessor: 'amountOwed',
            title: t('debtors.amountOwed'),
            sortable: true,
            textAlign: 'right',
            render: (d) => (
              <Text size="sm" className={figures.figures} c={d.amountOwed > 0 ? 'red' : undefined}>
                {money(d.amountOwed)}
              </Text>
            ),
          },
          {
            accessor: 'hoursOwed',
            title: t('debtors.hoursOwed'),
            sortable: true,
            textAlign: 'right',
            render: (d) => hours(d.hoursOwed),
          },
          {
            accessor: 'remaining',
            title: t('debtors.remaining'),
            sortable: true,
            textAlign: 'right',
            render: (d) => (
              <Text size="sm" className={figures.figures} c={d.remaining < 0 ? 'red' : undefined}>
                {money(d.remaining)}
              </Text>
            ),
          },
          {
            accessor: 'balanceInHour',
            title: t('debtors.balanceInHour'),
            sortable: true,
            textAlign: 'right',
            render: (d) => hours(d.balanceInHour),
          },
        ]}
      />
    </>
  );
}
