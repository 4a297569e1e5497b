import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Permission, Transfer } from '@tutoria/shared';
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
import { formatEpoch, formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { NEWEST_FIRST } from '@/lib/list-params';
import { notifySuccess } from '@/lib/notify';
import { exportTransfers } from '../api/exports';
import { transfersQueryOptions, useTransferMutation } from '../api/transfers';
import { ExportMenu } from '../components/export-menu';
import { FinanceTabs } from '../components/finance-tabs';
import {
  TRANSFER_SEARCH,
  TransferFilters,
  transferFilters,
  transferQuery,
} from '../components/transfer-filters';
import {
  type ConfirmationAction,
  ConfirmationRowActions,
  ConfirmationStateBadge,
  type ConfirmationStep,
} from '../components/confirmation-actions';

// The dialogs' code (the transfer form and its pickers) loads on intent (issue 9).
const TransferFormModal = lazyDialog(
  () => import('../components/transfer-form-modal').then((m) => m.TransferFormModal),
  'opened',
);
const TransferStepModal = lazyDialog(
  () => import('../components/transfer-step-modal').then((m) => m.TransferStepModal),
  'transfer',
);

const SORTABLE = { createMoment: { type: 'time' } } as const;

/** One side of a transfer: the class and its teacher. */
function Side({ name, teacher }: { name: string; teacher: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{name}</Text>
      {teacher ? (
        <Text size="xs" c="dimmed">
          {teacher}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * `/admin/finance/transfer`: transfers of students' unused credit between classes, in the caller's
 * reach (SPEC §7's GET list); record, edit, delete while waiting; the consultant's step, then the
 * financial admin's, or the general confirm; reverse a confirmed one.
 */
export function TransfersPage() {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const permissions = useCurrentUser()?.permissions ?? [];
  const can = (p: Permission) => permissions.includes(p);
  // The list's query as it builds it: the export takes the same filters.
  let shown: ReturnType<typeof transferQuery> = {};
  const list = useServerList({
    name: 'transfers',
    filters: transferFilters,
    searchColumns: TRANSFER_SEARCH,
    defaultSort: NEWEST_FIRST,
    columns: SORTABLE,
    query: (body, filters) => {
      shown = transferQuery(body, filters);
      return transfersQueryOptions(shown);
    },
  });
  const [form, setForm] = useState<{ transfer: Transfer | null } | null>(null);
  const [step, setStep] = useState<{ transfer: Transfer; step: ConfirmationStep } | null>(null);
  const [deleting, setDeleting] = useState<Transfer | null>(null);
  const remove = useTransferMutation('delete');

  const act = (transfer: Transfer, action: ConfirmationAction) => {
    if (action === 'edit') setForm({ transfer });
    else if (action === 'delete') setDeleting(transfer);
    else setStep({ transfer, step: action });
  };
  const hours = (h: number | null) =>
    h === null ? '' : t('transfers.hours', { hours: formatNumber(h, language) });

  return (
    <>
      <FinanceTabs />
      <PageHeader
        title={t('transfers.title')}
        description={t('transfers.subtitle')}
        actions={
          <Group gap="xs">
            <ExportMenu run={exportTransfers(shown)} />
            {can('deposits.create') ? (
              <Button
                leftSection={<IconPlus size={18} />}
                onPointerEnter={TransferFormModal.preload}
                onFocus={TransferFormModal.preload}
                onClick={() => setForm({ transfer: null })}
              >
                {t('transfers.add')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <TransferFilters list={list} />
      <ListTable<Transfer>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="transferId"
        columns={[
          {
            accessor: 'studentName',
            phone: 'title',
            title: t('transfers.columns.student'),
            render: (x) => (
              <StudentName publicKey={x.studentPublicKey} fw={500}>
                {x.studentName}
              </StudentName>
            ),
          },
          {
            accessor: 'source',
            title: t('transfers.fields.source'),
            render: (x) => <Side name={x.source.classroomName} teacher={x.source.teacherName} />,
          },
          {
            accessor: 'destination',
            title: t('transfers.fields.destination'),
            render: (x) => <Side name={x.destination.classroomName} teacher={x.destination.teacherName} />,
          },
          {
            accessor: 'amount',
            title: t('columns.amount'),
            textAlign: 'right',
            render: (x) => (
              <Stack gap={0} align="flex-end">
                <Text size="sm" className={figures.figures} td={x.state === 'reversed' ? 'line-through' : undefined}>
                  {formatMoney(x.amount, language)}
                </Text>
                <Text size="xs" c="dimmed">
                  {[hours(x.sourceHours), hours(x.destinationHours)].filter(Boolean).join(' → ')}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'createMoment',
            title: t('transfers.columns.createMoment'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (x) => formatEpoch(x.createMoment, 'date'),
          },
          {
            accessor: 'state',
            title: t('columns.state'),
            render: (x) => <ConfirmationStateBadge record={x} />,
          },
          {
            accessor: 'actions',
            title: t('columns.actions'),
            textAlign: 'right',
            render: (x) => (
              <ConfirmationRowActions
                kind="transfer"
                record={x}
                can={can}
                onAction={(a) => act(x, a)}
              />
            ),
          },
        ]}
      />
      <TransferFormModal
        opened={form !== null}
        transfer={form?.transfer ?? null}
        onClose={() => setForm(null)}
      />
      <TransferStepModal
        transfer={step?.transfer ?? null}
        step={step?.step ?? 'confirm'}
        onClose={() => setStep(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('transfers.deleteTitle')}
        message={t('transfers.deleteBody', {
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
            { transferId: deleting.transferId },
            { onSuccess: (result) => notifySuccess(result.message), onSettled: () => setDeleting(null) },
          )
        }
      />
    </>
  );
}
