import '@mantine/core/styles/Badge.layer.css';
import { Badge, Stack, Text } from '@mantine/core';
import type { LoginHistory, LoginHistoryEntry } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import { formatEpoch } from '@/lib/format';

type Attempt = LoginHistoryEntry;

/** The student's latest sign-ins (staff with users.loginHistory's permission): time, result, address, browser. */
export function StudentLoginsView({ history }: { history: LoginHistory }) {
  const { t } = useTranslation('students');
  if (history.data.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('logins.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t('logins.shown', { count: history.data.length, total: history.totalCount })}
      </Text>
      <RecordTable<Attempt>
        records={history.data}
        idAccessor={(row) => `${row.at}-${row.ip ?? ''}-${String(row.success)}`}
        aria-label={t('logins.title')}
        columns={[
          { accessor: 'at', title: t('logins.time'), phone: 'title', render: (row) => formatEpoch(row.at) },
          {
            accessor: 'success',
            title: t('logins.result'),
            render: (row) => (
              <Badge variant="light" color={row.success ? 'teal' : 'red'} tt="none">
                {t(row.success ? 'logins.success' : 'logins.failure')}
              </Badge>
            ),
          },
          { accessor: 'ip', title: t('logins.ip'), render: (row) => row.ip ?? '—' },
          {
            accessor: 'browser',
            title: t('logins.browser'),
            render: (row) => <span title={row.userAgent ?? undefined}>{row.browser ?? '—'}</span>,
          },
        ]}
      />
    </Stack>
  );
}
