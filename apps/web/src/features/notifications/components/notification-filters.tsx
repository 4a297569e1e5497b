import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import { Button, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type MessageType, messageType, messageTypes } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ListFilterState } from '@/hooks/use-server-list';
import { equal, listParam } from '@/lib/list-params';

const readStates = ['all', 'unread', 'read'] as const;

/** The list's filters as URL params: read state, type, and (Admin) the recipient. */
export const notificationFilters = z.object({
  state: listParam.oneOf(readStates, 'all'),
  type: listParam.choice(messageType),
  who: listParam.text(),
  user: listParam.text(),
});
export type NotificationFilters = z.output<typeof notificationFilters>;

export const notificationWhere = (everyone: boolean) => (f: NotificationFilters) => [
  equal('isRead', f.state === 'all' ? null : f.state === 'read'),
  equal('messageType', f.type),
  everyone && f.who ? [{ column: 'fullName', comparison: 'Contains' as const, operand: f.who }] : null,
  everyone ? equal('userPublicKey', f.user) : null,
];

export function NotificationFiltersBar({
  list,
  everyone,
}: {
  list: ListFilterState<typeof notificationFilters>;
  everyone: boolean;
}) {
  const { t } = useTranslation('notifications');
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 260 }}
        type="search"
      />
      <SegmentedControl
        data={readStates.map((value) => ({ value, label: t(`filters.state.${value}`) }))}
        value={list.filters.state}
        onChange={(value) => list.setFilters({ state: value as (typeof readStates)[number] })}
        aria-label={t('filters.readState')}
      />
      <Select
        label={t('filters.type')}
        placeholder={t('filters.any')}
        data={messageTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
        value={list.filters.type}
        onChange={(value) => list.setFilters({ type: value as MessageType | null })}
        clearable
        w={{ base: '100%', xs: 170 }}
        comboboxProps={{ withinPortal: true }}
      />
      {everyone ? (
        <TextInput
          label={t('filters.recipient')}
          placeholder={t('filters.recipientPlaceholder')}
          value={list.filters.who ?? ''}
          onChange={(event) => list.setFilters({ who: event.currentTarget.value || null, user: null })}
          w={{ base: '100%', xs: 200 }}
        />
      ) : null}
      {list.hasFilters ? (
        <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={list.clearFilters}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
