import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Group, Paper, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type BaseType, type Role, roles } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { baseTypeOptions } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';
import type { UsersList } from '../hooks/use-users-list';

/** Search, role, base type, archived users and (for scoped staff) the staff directory. */
export function UsersFilters({ list, scoped }: { list: UsersList; scoped: boolean }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const { filters, setFilters } = list;
  return (
    <Paper withBorder radius="lg" p="md" mb="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('filters.search')}
          aria-label={t('filters.search')}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
        />
        <Select
          placeholder={t('filters.role')}
          aria-label={t('filters.role')}
          clearable
          data={roles.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
          value={filters.role}
          onChange={(value) => setFilters({ role: value as Role | null })}
        />
        <Select
          placeholder={t('filters.baseType')}
          aria-label={t('filters.baseType')}
          clearable
          searchable
          data={baseTypeOptions(currentLanguage())}
          value={filters.baseType}
          onChange={(value) => setFilters({ baseType: value as BaseType | null })}
        />
        <Group gap="lg" align="center">
          <Switch
            label={t('filters.archived')}
            checked={filters.archived}
            onChange={(event) => setFilters({ archived: event.currentTarget.checked })}
          />
          {scoped ? (
            <Switch
              label={t('filters.staff')}
              checked={filters.staff}
              onChange={(event) => setFilters({ staff: event.currentTarget.checked })}
            />
          ) : null}
        </Group>
      </SimpleGrid>
    </Paper>
  );
}
