import { Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Contract, contractsContract, type Permission, reachesAllStudents } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { RowMenu } from '@/components/row-menu';
import { useCurrentUser } from '@/features/auth';
import { defineServerList, listLoader } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import figures from '@/lib/figures.module.css';
import { formatEpoch, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { NEWEST_FIRST } from '@/lib/list-params';
import { notifySuccess } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { contractsQueryOptions, useContractMutation, useStudentContracts } from '../api/contracts';
import { CONTRACT_SEARCH, ContractFilters, contractFilters, contractWhere } from '../components/contract-filters';
import { ContractFileLink } from '../components/contract-file';
import { exportContracts } from '../api/exports';
import { ExportMenu } from '../components/export-menu';
import { type ListShape, noteShown } from '../lib/shown-list';
import type { ContractPaymentPreset } from '../components/deposit-form-modal';
import { StudentContractSums } from '../components/student-contract-sums';

// The dialogs' code (the form, its pickers, the file upload) loads on intent (issue 9).
const ContractFormModal = lazyDialog(() => import('../components/contract-form-modal').then((m) => m.ContractFormModal), 'opened');
const DepositFormModal = lazyDialog(() => import('../components/deposit-form-modal').then((m) => m.DepositFormModal), 'opened');

/** Every contract in reach, newest first; filtered by student, type and consultant. */
const contractsList = defineServerList({
  name: 'contracts',
  filters: contractFilters,
  searchColumns: CONTRACT_SEARCH,
  defaultSort: NEWEST_FIRST,
  columns: contractsContract.list.listColumns,
  where: contractWhere,
  query: (body) => contractsQueryOptions(body),
});

/** The page's loader: its first page is asked for while the page's code arrives. */
export const contractsPageLoader = listLoader(contractsList);

type Action = 'edit' | 'pay' | 'payments' | 'delete';

/**
 * `/admin/panel/contract` (SPEC §2): students' contracts for those who read them (a consultant their
 * consultees', finance and the admin every student's). Each row: the student (a click shows that
 * student's contracts and sums), the type, what is to pay (value + additional − discount), paid from
 * the ledger, the balance, the file; record, edit, delete (refused with the server's text once it
 * has payments), record a payment (a deposit of type Contract) and see its payments.
 */
export function ContractsPage() {
  const { t } = useTranslation('contracts');
  const { t: tf } = useTranslation('finance');
  const language = currentLanguage();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const can = (p: Permission) => (user?.permissions ?? []).includes(p);
  // The list's filters and order as it builds its body: the export takes the same.
  const shown: ListShape = {};
  const list = useServerList(noteShown(contractsList, shown));
  const student = useStudentContracts(list.filters.student);
  const [form, setForm] = useState<{ contract: Contract | null } | null>(null);
  const [paying, setPaying] = useState<ContractPaymentPreset | null>(null);
  const [deleting, setDeleting] = useState<Contract | null>(null);
  const remove = useContractMutation('delete');
  const money = (amount: number) => formatMoney(amount, language);

  const act = (x: Contract, action: Action) => {
    if (action === 'edit') setForm({ contract: x });
    else if (action === 'pay') setPaying({ studentPublicKey: x.studentPublicKey, studentName: x.studentName, contractId: x.contractId });
    else if (action === 'payments') void navigate(`${paths.financeDeposit.path}?contractId=${x.contractId}`);
    else setDeleting(x);
  };
  const actions: Action[] = [
    ...(can('contracts.manage') ? (['edit'] as const) : []),
    ...(can('deposits.create') ? (['pay'] as const) : []),
    ...(can('finance.read') ? (['payments'] as const) : []),
    ...(can('contracts.manage') ? (['delete'] as const) : []),
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Group gap="xs">
            <ExportMenu run={exportContracts(shown)} />
            {can('contracts.manage') ? (
              <Button
                leftSection={<IconPlus size={18} />}
                onPointerEnter={ContractFormModal.preload}
                onFocus={ContractFormModal.preload}
                onClick={() => setForm({ contract: null })}
              >
                {t('add')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <ContractFilters
        list={list}
        studentName={student.data?.studentName ?? null}
        byConsultant={user ? reachesAllStudents(user.role) : false}
      />
      {list.filters.student && student.data ? <StudentContractSums balance={student.data} /> : null}
      <ListTable<Contract>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="contractId"
        columns={[
          {
            accessor: 'studentName',
            title: t('columns.student'),
            sortable: true,
            phone: 'title',
            render: (x) => (
              <Stack gap={0}>
                <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => list.setFilters({ student: x.studentPublicKey })}>
                  {x.studentName}
                </Anchor>
                {x.consultantName ? (
                  <Text size="xs" c="dimmed">
                    {x.consultantName}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'contractType',
            title: t('columns.type'),
            sortable: true,
            render: (x) => tf(`contractTypes.${x.contractType}`),
          },
          {
            accessor: 'total',
            title: t('columns.total'),
            textAlign: 'right',
            render: (x) => (
              <Stack gap={0} align="flex-end">
                <Text size="sm" className={figures.figures} data-testid="contract-total">
                  {money(x.total)}
                </Text>
                <Text size="xs" c="dimmed" className={figures.figures}>
                  {[
                    t('figures.value', { value: money(x.contractValue) }),
                    x.additionalContracts.length
                      ? t('figures.additional', { count: x.additionalContracts.length, value: money(x.additionalContractsValue) })
                      : null,
                    x.discountValue ? t('figures.discount', { value: money(x.discountValue) }) : null,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'paid',
            title: t('columns.paid'),
            textAlign: 'right',
            render: (x) => (
              <Stack gap={0} align="flex-end">
                <Text size="sm" c="teal" className={figures.figures} data-testid="contract-paid">
                  {money(x.paid)}
                </Text>
                {x.waiting ? (
                  <Text size="xs" c="dimmed" className={figures.figures} style={{ whiteSpace: 'nowrap' }}>
                    {t('figures.waiting', { amount: money(x.waiting) })}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'balance',
            title: t('columns.balance'),
            textAlign: 'right',
            render: (x) => (
              <Text size="sm" fw={700} c={x.balance > 0 ? 'orange' : 'teal'} className={figures.figures} data-testid="contract-balance">
                {money(x.balance)}
              </Text>
            ),
          },
          {
            accessor: 'file',
            title: t('columns.file'),
            render: (x) => <ContractFileLink contract={x} removable={can('contracts.manage')} />,
          },
          {
            accessor: 'createMoment',
            title: t('columns.createMoment'),
            sortable: true,
            phone: 'hidden',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            render: (x) => formatEpoch(x.createMoment, 'date'),
          },
          {
            accessor: 'actions',
            title: t('columns.actions'),
            textAlign: 'right',
            render: (x) =>
              actions.length ? (
                <RowMenu
                  label={`${t('columns.actions')}: ${x.studentName}`}
                  onOpen={() => {
                    ContractFormModal.preload();
                    DepositFormModal.preload();
                  }}
                >
                  {actions.map((a) => (
                    <Menu.Item key={a} color={a === 'delete' ? 'red' : undefined} onClick={() => act(x, a)}>
                      {t(`rowActions.${a}`)}
                    </Menu.Item>
                  ))}
                </RowMenu>
              ) : null,
          },
        ]}
      />
      <ContractFormModal opened={form !== null} contract={form?.contract ?? null} onClose={() => setForm(null)} />
      <DepositFormModal opened={paying !== null} deposit={null} preset={paying} onClose={() => setPaying(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteConfirm.title')}
        message={t('deleteConfirm.body', {
          student: deleting?.studentName ?? '',
          type: deleting ? tf(`contractTypes.${deleting.contractType}`) : '',
        })}
        confirmLabel={t('rowActions.delete')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { contractId: deleting.contractId },
            { onSuccess: (result) => notifySuccess(result.message), onSettled: () => setDeleting(null) },
          )
        }
      />
    </>
  );
}
