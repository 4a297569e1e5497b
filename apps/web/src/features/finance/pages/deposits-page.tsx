import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Deposit, depositsContract, type ListQueryInput, type Permission } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { StudentName } from '@/features/students';
import { useServerList } from '@/hooks/use-server-list';
import figures from '@/lib/figures.module.css';
import { formatEpoch, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { NEWEST_FIRST } from '@/lib/list-params';
import { notifySuccess } from '@/lib/notify';
import { depositsQueryOptions, useDepositMutation } from '../api/deposits';
import { exportDeposits } from '../api/exports';
import { DepositFilters, depositFilters, depositWhere } from '../components/deposit-filters';
import { DepositReceiptLink } from '../components/deposit-receipt';
import {
  type ConfirmationAction,
  ConfirmationRowActions,
  ConfirmationStateBadge,
  type ConfirmationStep,
} from '../components/confirmation-actions';
import { DepositSums } from '../components/deposit-sums';
import { depositTarget } from '../components/deposit-target';
import { ExportMenu } from '../components/export-menu';
import { FinanceTabs } from '../components/finance-tabs';

// The dialogs' code (the deposit form, its pickers and file upload) loads on intent (issue 9).
const DepositFormModal = lazyDialog(
  () => import('../components/deposit-form-modal').then((m) => m.DepositFormModal),
  'opened',
);
const DepositStepModal = lazyDialog(
  () => import('../components/deposit-step-modal').then((m) => m.DepositStepModal),
  'deposit',
);
const DepositHistoryModal = lazyDialog(
  () => import('../components/deposit-history-modal').then((m) => m.DepositHistoryModal),
  'depositId',
);

const SEARCH_COLUMNS = ['studentName', 'classroomName'] as const;

/**
 * `/admin/finance/deposit` (the finance default): deposits in the caller's reach, server-paged and
 * filtered, the sums of what is filtered on top; record, edit, delete while waiting; confirm as
 * consultant, as financial admin or directly; reverse a confirmed one; its history; its receipt.
 */
export function DepositsPage() {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const permissions = useCurrentUser()?.permissions ?? [];
  const can = (p: Permission) => permissions.includes(p);
  // The list's where groups (search and filters), read as the list builds its body: the sums use the same.
  let where: ListQueryInput['where'] = [];
  let order: ListQueryInput['order'] = [];
  const list = useServerList({
    name: 'deposits',
    filters: depositFilters,
    searchColumns: SEARCH_COLUMNS,
    defaultSort: NEWEST_FIRST,
    columns: depositsContract.list.listColumns,
    where: depositWhere,
    query: (body) => {
      where = body.where ?? [];
      order = body.order ?? [];
      return depositsQueryOptions(body);
    },
  });
  const [form, setForm] = useState<{ deposit: Deposit | null } | null>(null);
  const [step, setStep] = useState<{ deposit: Deposit; step: ConfirmationStep } | null>(null);
  const [deleting, setDeleting] = useState<Deposit | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const remove = useDepositMutation('delete');

  const act = (deposit: Deposit, action: ConfirmationAction | 'history') => {
    if (action === 'edit') setForm({ deposit });
    else if (action === 'delete') setDeleting(deposit);
    else if (action === 'history') setHistory(deposit.depositId);
    else setStep({ deposit, step: action });
  };

  return (
    <>
      <FinanceTabs />
      <PageHeader
        title={t('deposits.title')}
        description={t('deposits.subtitle')}
        actions={
          <Group gap="xs">
            <ExportMenu run={exportDeposits({ where, order })} />
            {can('deposits.create') ? (
              <Button
                leftSection={<IconPlus size={18} />}
                onPointerEnter={DepositFormModal.preload}
                onFocus={DepositFormModal.preload}
                onClick={() => setForm({ deposit: null })}
              >
                {t('deposits.add')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <DepositSums where={where} />
      <DepositFilters list={list} />
      <ListTable<Deposit>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="depositId"
        columns={[
          {
            accessor: 'studentName',
            title: t('columns.student'),
            sortable: true,
            phone: 'title',
            render: (d) => (
              <Stack gap={0}>
                <StudentName publicKey={d.studentPublicKey} fw={500}>
                  {d.studentName}
                </StudentName>
                <Text size="xs" c="dimmed">
                  {depositTarget(d, t)}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'amount',
            title: t('columns.amount'),
            sortable: true,
            textAlign: 'right',
            render: (d) => (
              <Text size="sm" className={figures.figures} td={d.state === 'reversed' ? 'line-through' : undefined}>
                {formatMoney(d.amount, language)}
              </Text>
            ),
          },
          {
            accessor: 'paymentMethod',
            title: t('fields.paymentMethod'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (d) => t(`paymentMethods.${d.paymentMethod}`),
          },
          {
            accessor: 'chargeAt',
            title: t('fields.chargeAt'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (d) => formatEpoch(d.chargeAt, 'date'),
          },
          {
            accessor: 'state',
            title: t('columns.state'),
            sortable: true,
            render: (d) => <ConfirmationStateBadge record={d} />,
          },
          {
            accessor: 'receipt',
            title: t('receipt.column'),
            render: (d) => (
              <DepositReceiptLink deposit={d} removable={d.state === 'waiting' && can('deposits.create')} />
            ),
          },
          {
            accessor: 'actions',
            title: t('columns.actions'),
            textAlign: 'right',
            render: (d) => (
              <ConfirmationRowActions
                kind="deposit"
                record={d}
                can={can}
                extra={{ history: t('rowActions.history') }}
                onAction={(a) => act(d, a)}
              />
            ),
          },
        ]}
      />
      <DepositFormModal
        opened={form !== null}
        deposit={form?.deposit ?? null}
        onClose={() => setForm(null)}
      />
      <DepositStepModal
        deposit={step?.deposit ?? null}
        step={step?.step ?? 'confirm'}
        onClose={() => setStep(null)}
      />
      <DepositHistoryModal depositId={history} onClose={() => setHistory(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deposits.deleteTitle')}
        message={t('deposits.deleteBody', {
          student: deleting?.studentName ?? '',
          amount: deleting ? formatMoney(deleting.amount, language) : '',
        })}
        confirmLabel={t('rowActions.delete')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { depositId: deleting.depositId },
            { onSuccess: (result) => notifySuccess(result.message), onSettled: () => setDeleting(null) },
          )
        }
      />
    </>
  );
}
