import '@mantine/core/styles/SegmentedControl.layer.css';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { type Settlement, settlementsContract, type TeacherSum } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { RecordTable } from '@/components/record-table';
import { defineServerList, listLoader } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import figures from '@/lib/figures.module.css';
import { formatEpoch, formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { NEWEST_FIRST } from '@/lib/list-params';
import { notifySuccess } from '@/lib/notify';
import { settlementsQueryOptions, useAllTeachersSum, useSettlementMutation } from '../api/settlements';
import { exportSettlements, exportTeachersBalance } from '../api/exports';
import { ExportMenu } from '../components/export-menu';
import { FinanceTabs } from '../components/finance-tabs';
import { type ListShape, noteShown } from '../lib/shown-list';
import {
  type SettlementAction,
  SettlementPeriod,
  SettlementRowActions,
  SettlementStateBadge,
} from '../components/settlement-actions';
import { SETTLEMENT_SEARCH, SettlementFilters, settlementFilters, settlementWhere } from '../components/settlement-filters';
import { SettlementSums } from '../components/settlement-sums';

// The dialogs' code (the guide, the pickers) loads on intent (issue 9).
const SettlementFormModal = lazyDialog(
  () => import('../components/settlement-form-modal').then((m) => m.SettlementFormModal),
  'opened',
);
const GroupSettlementModal = lazyDialog(
  () => import('../components/group-settlement-modal').then((m) => m.GroupSettlementModal),
  'opened',
);
const SettlementReverseModal = lazyDialog(
  () => import('../components/settlement-reverse-modal').then((m) => m.SettlementReverseModal),
  'settlement',
);

/** Every settlement, newest first; filtered by teacher, class, lesson type, type, state and month. */
const settlementsList = defineServerList({
  name: 'settlements',
  filters: settlementFilters,
  searchColumns: SETTLEMENT_SEARCH,
  defaultSort: NEWEST_FIRST,
  columns: settlementsContract.list.listColumns,
  where: settlementWhere,
  query: (body) => settlementsQueryOptions(body),
});

/** The page's loader: its first page is asked for while the page's code arrives. */
export const settlementsPageLoader = listLoader(settlementsList);

const VIEW = 'view';

/**
 * `/admin/finance/settlement` (SPEC §2): teacher settlements for the settlements managers
 * (FinancialAdmin, Admin). All teachers' sums on top (earned, paid, unpaid, from the ledger); the
 * settlements list with its filters — pay, edit, delete a waiting one, reverse a paid one — or each
 * teacher's sums with "Pay" (the guide for create, session by session); the group settlement.
 */
export function SettlementsPage() {
  const { t } = useTranslation('settlements');
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const view = params.get(VIEW) === 'teachers' ? 'teachers' : 'settlements';
  // The list's filters and order as it builds its body: the settlements export takes the same.
  const shown: ListShape = {};
  const list = useServerList(noteShown(settlementsList, shown));
  const sums = useAllTeachersSum();
  const [form, setForm] = useState<{ settlement: Settlement | null; teacher: string | null } | null>(null);
  const [group, setGroup] = useState(false);
  const [paying, setPaying] = useState<Settlement | null>(null);
  const [deleting, setDeleting] = useState<Settlement | null>(null);
  const [reversing, setReversing] = useState<Settlement | null>(null);
  const pay = useSettlementMutation('pay');
  const remove = useSettlementMutation('delete');

  const setView = (next: string) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next === 'teachers') out.set(VIEW, next);
      else out.delete(VIEW);
      return out;
    });
  const act = (x: Settlement, action: SettlementAction) => {
    if (action === 'pay') setPaying(x);
    else if (action === 'edit') setForm({ settlement: x, teacher: null });
    else if (action === 'delete') setDeleting(x);
    else setReversing(x);
  };
  const showTeacher = (teacher: TeacherSum) => {
    list.setFilters({ teacher: teacher.teacherPublicKey });
    setView('settlements');
  };

  return (
    <>
      <FinanceTabs />
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Group gap="xs">
            {/* issue 28: the settlements as filtered, or each teacher's balance beside the all-teachers sums */}
            <ExportMenu run={view === 'teachers' ? exportTeachersBalance() : exportSettlements(shown)} />
            <Button
              variant="light"
              leftSection={<IconUsersGroup size={18} />}
              onPointerEnter={GroupSettlementModal.preload}
              onFocus={GroupSettlementModal.preload}
              onClick={() => setGroup(true)}
            >
              {t('group')}
            </Button>
            <Button
              leftSection={<IconPlus size={18} />}
              onPointerEnter={SettlementFormModal.preload}
              onFocus={SettlementFormModal.preload}
              onClick={() => setForm({ settlement: null, teacher: null })}
            >
              {t('add')}
            </Button>
          </Group>
        }
      />
      {sums.data ? <SettlementSums sums={sums.data} testId="settlement-sums" /> : null}
      <SegmentedControl
        mb="md"
        value={view}
        onChange={setView}
        data={[
          { value: 'settlements', label: t('views.settlements') },
          { value: 'teachers', label: t('views.teachers') },
        ]}
      />
      {view === 'teachers' ? (
        <RecordTable<TeacherSum>
          records={sums.data?.teachers ?? []}
          idAccessor="teacherPublicKey"
          aria-label={t('views.teachers')}
          tableProps={{ striped: true, 'data-testid': 'teacher-sums' }}
          columns={[
            {
              accessor: 'teacherName',
              phone: 'title',
              title: t('columns.teacher'),
              render: (x) => (
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {x.teacherName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('columns.sessions', { count: x.sessionCount, hours: formatNumber(x.hours, language) })}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'earned', title: t('columns.earned'), textAlign: 'right', render: (x) => money(x.earned) },
            { accessor: 'paid', title: t('columns.paid'), textAlign: 'right', render: (x) => money(x.paid) },
            { accessor: 'unpaid', title: t('columns.unpaid'), textAlign: 'right', render: (x) => money(x.unpaid) },
            {
              accessor: 'actions',
              title: t('columns.actions'),
              textAlign: 'right',
              render: (x) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button size="compact-sm" variant="subtle" onClick={() => showTeacher(x)}>
                    {t('views.settlements')}
                  </Button>
                  {x.unpaid > 0 ? (
                    <Button size="compact-sm" onClick={() => setForm({ settlement: null, teacher: x.teacherPublicKey })}>
                      {t('teachers.payFromGuide')}
                    </Button>
                  ) : null}
                </Group>
              ),
            },
          ]}
        />
      ) : (
        <>
          <SettlementFilters list={list} />
          <ListTable<Settlement>
            {...list.table}
            {...list.sorting}
            withTableBorder
            borderRadius="lg"
            idAccessor="settlementId"
            columns={[
              {
                accessor: 'teacherName',
                title: t('columns.teacher'),
                sortable: true,
                phone: 'title',
                render: (x) => (
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {x.teacherName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {x.classroomName ?? (x.type === 'TeachingSalary' ? t('classes') : '')}
                    </Text>
                  </Stack>
                ),
              },
              {
                accessor: 'toTime',
                title: t('columns.period'),
                sortable: true,
                render: (x) => <SettlementPeriod settlement={x} />,
              },
              {
                accessor: 'type',
                title: t('columns.type'),
                sortable: true,
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
                render: (x) => t(`types.${x.type}`),
              },
              {
                accessor: 'amount',
                title: t('columns.amount'),
                sortable: true,
                textAlign: 'right',
                render: (x) => (
                  <Stack gap={0} align="flex-end">
                    <Text size="sm" className={figures.figures} td={x.state === 'reversed' ? 'line-through' : undefined}>
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
                accessor: 'createMoment',
                title: t('columns.createMoment'),
                sortable: true,
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
                render: (x) => formatEpoch(x.createMoment, 'date'),
              },
              {
                accessor: 'state',
                title: t('columns.state'),
                sortable: true,
                render: (x) => <SettlementStateBadge settlement={x} />,
              },
              {
                accessor: 'actions',
                title: t('columns.actions'),
                textAlign: 'right',
                render: (x) => <SettlementRowActions settlement={x} onAction={(a) => act(x, a)} />,
              },
            ]}
          />
        </>
      )}
      <SettlementFormModal
        opened={form !== null}
        settlement={form?.settlement ?? null}
        teacherPublicKey={form?.teacher ?? null}
        onClose={() => setForm(null)}
      />
      <GroupSettlementModal opened={group} onClose={() => setGroup(false)} />
      <SettlementReverseModal settlement={reversing} onClose={() => setReversing(null)} />
      <ConfirmDialog
        opened={paying !== null}
        title={t('payConfirm.title')}
        message={t('payConfirm.body', { teacher: paying?.teacherName ?? '', amount: paying ? formatMoney(paying.amount, language) : '' })}
        confirmLabel={t('payConfirm.confirm')}
        cancelLabel={t('actions.cancel')}
        loading={pay.isPending}
        onClose={() => setPaying(null)}
        onConfirm={() =>
          paying &&
          pay.mutate(
            { settlementId: paying.settlementId },
            { onSuccess: (result) => notifySuccess(result.message), onSettled: () => setPaying(null) },
          )
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteConfirm.title')}
        message={t('deleteConfirm.body', { teacher: deleting?.teacherName ?? '', amount: deleting ? formatMoney(deleting.amount, language) : '' })}
        confirmLabel={t('rowActions.delete')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { settlementId: deleting.settlementId },
            { onSuccess: (result) => notifySuccess(result.message), onSettled: () => setDeleting(null) },
          )
        }
      />
    </>
  );

  function money(amount: number) {
    return (
      <Text size="sm" className={figures.figures}>
        {formatMoney(amount, language)}
      </Text>
    );
  }
}
