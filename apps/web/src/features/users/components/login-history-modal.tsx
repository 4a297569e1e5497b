import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import 'mantine-datatable/styles.layer.css';
import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import type { UserListItem } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/list-table';
import { formatEpoch } from '@/lib/format';
import { useLoginHistory } from '../api/users';

const PAGE_SIZE = 10;

export function LoginHistoryModal({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  const [page, setPage] = useState(1);
  const history = useLoginHistory(user?.publicKey ?? null, page, PAGE_SIZE);
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title={t('loginHistory.title', { name: user?.fullName ?? '' })}
      size="xl"
      centered
    >
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('loginHistory.lastLogin')}
          </Text>
          <Text size="sm" fw={600} data-testid="last-login">
            {history.data?.lastLogin ? formatEpoch(history.data.lastLogin) : t('loginHistory.never')}
          </Text>
        </Group>
        <ListTable
          withTableBorder
          borderRadius="md"
          minHeight={160}
          fetching={history.isFetching}
          records={history.data?.data ?? []}
          idAccessor={(row) => `${row.at}-${row.ip ?? ''}-${row.success}`}
          noRecordsText={t('loginHistory.empty')}
          totalRecords={history.data?.totalCount ?? 0}
          recordsPerPage={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          paginationText={({ from, to, totalRecords }) =>
            t('common:table.pagination', { from, to, total: totalRecords })
          }
          columns={[
            {
              accessor: 'at',
              phone: 'title',
              title: t('loginHistory.time'),
              render: (row) => formatEpoch(row.at),
            },
            {
              accessor: 'success',
              title: t('loginHistory.result'),
              render: (row) => (
                <Badge variant="light" color={row.success ? 'teal' : 'red'}>
                  {row.success ? t('loginHistory.success') : t('loginHistory.failure')}
                </Badge>
              ),
            },
            { accessor: 'ip', title: t('loginHistory.ip'), render: (row) => row.ip ?? '—' },
            {
              accessor: 'browser',
              title: t('loginHistory.browser'),
              render: (row) => <span title={row.userAgent ?? undefined}>{row.browser ?? '—'}</span>,
            },
          ]}
        />
      </Stack>
    </Modal>
  );
}
