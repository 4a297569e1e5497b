import '@mantine/core/styles/SimpleGrid.layer.css';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { reachesAllStudents, type SideCostRecord, sideCostsContract } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { StudentName } from '@/features/students';
import { defineServerList, listLoader } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import figures from '@/lib/figures.module.css';
import { formatEpoch, formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { NEWEST_FIRST } from '@/lib/list-params';
import { exportSideCosts } from '../api/exports';
import { sideCostListQueryOptions } from '../api/side-costs';
import { ExportMenu } from '../components/export-menu';
import { FinanceTabs } from '../components/finance-tabs';
import { type ListShape, noteShown } from '../lib/shown-list';
import { SIDE_COST_SEARCH, SideCostFilters, sideCostFilters, sideCostWhere } from '../components/side-cost-filters';

/** Every live side cost in reach, newest first; filtered by student, class, consultant, title and month recorded. */
const sideCostsList = defineServerList({
  name: 'sideCosts',
  filters: sideCostFilters,
  searchColumns: SIDE_COST_SEARCH,
  defaultSort: NEWEST_FIRST,
  columns: sideCostsContract.all.listColumns,
  where: sideCostWhere,
  query: (body) => sideCostListQueryOptions(body),
});

/** The page's loader: its first page is asked for while the page's code arrives. */
export const sideCostsPageLoader = listLoader(sideCostsList);

/**
 * `/admin/finance/side-costs` (issue 28): every student's side costs per class for those who read
 * finance (a consultant their consultees'), with the count and sum of every filtered side cost (from
 * the ledger) above the list, and an Export of exactly what it shows.
 */
export function SideCostsPage() {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const user = useCurrentUser();
  // The list's filters and order as it builds its body: the export takes the same.
  const shown: ListShape = {};
  const list = useServerList(noteShown(sideCostsList, shown));
  const totals = list.data?.totals;
  const chosen = list.filters.student ? list.rows.find((r) => r.studentPublicKey === list.filters.student) : undefined;
  return (
    <>
      <FinanceTabs />
      <PageHeader
        title={t('sideCostList.title')}
        description={t('sideCostList.subtitle')}
        actions={<ExportMenu run={exportSideCosts(shown)} />}
      />
      <SideCostFilters
        list={list}
        studentName={chosen?.studentName ?? null}
        byConsultant={user ? reachesAllStudents(user.role) : false}
      />
      {totals ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} mb="md" data-testid="side-cost-totals">
          <Paper withBorder radius="lg" p="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('sideCostList.count')}
            </Text>
            <Text size="xl" fw={700}>
              {formatNumber(totals.count, language)}
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('sideCostList.sum')}
            </Text>
            <Text size="xl" fw={700} className={figures.figures}>
              {formatMoney(totals.amount, language)}
            </Text>
          </Paper>
        </SimpleGrid>
      ) : null}
      <ListTable<SideCostRecord>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="sideCostId"
        columns={[
          {
            accessor: 'studentName',
            phone: 'title',
            title: t('sideCostList.student'),
            sortable: true,
            render: (x) => (
              <Stack gap={0}>
                <StudentName publicKey={x.studentPublicKey} consultant={x.consultantPublicKey} fw={500}>
                  {x.studentName}
                </StudentName>
                <Text size="xs" c="dimmed">
                  {x.consultantName ?? '—'}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'classroomName', title: t('sideCostList.classroom'), sortable: true },
          { accessor: 'title', title: t('sideCostList.itemTitle'), sortable: true },
          {
            accessor: 'amount',
            title: t('sideCostList.amount'),
            sortable: true,
            textAlign: 'right',
            render: (x) => (
              <Text size="sm" className={figures.figures}>
                {formatMoney(x.amount, language)}
              </Text>
            ),
          },
          {
            accessor: 'createMoment',
            title: t('sideCostList.recorded'),
            sortable: true,
            render: (x) => formatEpoch(x.createMoment, 'date'),
          },
        ]}
      />
    </>
  );
}
