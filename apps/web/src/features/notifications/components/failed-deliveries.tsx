import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Badge, Group, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import {
  deliveryState,
  extraChannel,
  type FailedDelivery,
  notificationChannelsContract,
} from '@tutoria/shared';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useServerList } from '@/hooks/use-server-list';
import { formatEpoch } from '@/lib/format';
import { equal, listParam, NEWEST_FIRST } from '@/lib/list-params';
import { failuresQueryOptions } from '../api/channels';

const failureFilters = z.object({
  channel: listParam.choice(extraChannel),
  status: listParam.choice(deliveryState),
});
const SEARCH_COLUMNS = ['fullName', 'lastError'] as const;

/** The Admin's list of e-mails and webhook posts that did not go through: retrying, or failed for good. */
export function FailedDeliveriesPanel() {
  const { t } = useTranslation('notifications');
  const list = useServerList({
    name: 'notifications.failures',
    filters: failureFilters,
    searchColumns: SEARCH_COLUMNS,
    defaultSort: NEWEST_FIRST,
    columns: notificationChannelsContract.failures.listColumns,
    where: (f) => [equal('channel', f.channel), equal('state', f.status)],
    query: failuresQueryOptions,
  });
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('failures.intro')}
      </Text>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          placeholder={t('failures.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
          type="search"
        />
        <Select
          label={t('failures.channel')}
          placeholder={t('filters.any')}
          data={extraChannel.options.map((value) => ({ value, label: t(`channels.${value}`) }))}
          value={list.filters.channel}
          onChange={(value) => list.setFilters({ channel: value as FailedDelivery['channel'] | null })}
          clearable
          w={160}
        />
        <Select
          label={t('failures.state')}
          placeholder={t('filters.any')}
          data={deliveryState.options.map((value) => ({ value, label: t(`failures.states.${value}`) }))}
          value={list.filters.status}
          onChange={(value) => list.setFilters({ status: value as FailedDelivery['state'] | null })}
          clearable
          w={160}
        />
      </Group>
      <DataTable<FailedDelivery>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="deliveryId"
        columns={[
          { accessor: 'fullName', title: t('columns.recipient'), sortable: true },
          {
            accessor: 'channel',
            title: t('failures.channel'),
            sortable: true,
            render: (d) => t(`channels.${d.channel}`),
          },
          {
            accessor: 'messageType',
            title: t('columns.type'),
            sortable: true,
            render: (d) => t(`types.${d.messageType}`),
          },
          {
            accessor: 'state',
            title: t('failures.state'),
            sortable: true,
            render: (d) => (
              <Badge color={d.state === 'failed' ? 'red' : 'yellow'} variant="light" radius="sm">
                {t(`failures.states.${d.state}`)}
              </Badge>
            ),
          },
          { accessor: 'attempts', title: t('failures.attempts'), sortable: true, textAlign: 'right' },
          {
            accessor: 'lastError',
            title: t('failures.lastError'),
            render: (d) => (
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {d.lastError}
              </Text>
            ),
          },
          {
            accessor: 'updateMoment',
            title: t('failures.lastAttempt'),
            sortable: true,
            noWrap: true,
            render: (d) => formatEpoch(d.updateMoment, 'long'),
          },
        ]}
      />
    </>
  );
}
