import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type BaseType, baseType, type Level, level } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ListFilterState } from '@/hooks/use-server-list';
import { baseTypeOptions, levelOptions } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';
import { equal, listParam } from '@/lib/list-params';

/** The level and base-type filters of the lesson and course lists, as URL params. */
export const catalogFilters = z.object({
  level: listParam.choice(level),
  baseType: listParam.choice(baseType),
});

export const catalogWhere = (filters: z.output<typeof catalogFilters>) => [
  equal('level', filters.level),
  equal('baseType', filters.baseType),
];

interface ListFiltersProps {
  list: ListFilterState<typeof catalogFilters>;
  searchPlaceholder: string;
  children?: ReactNode;
}

/** Search box and level / base-type filters above a lessons or courses table. */
export function ListFilters({ list, searchPlaceholder, children }: ListFiltersProps) {
  const { t } = useTranslation('lessons');
  const language = currentLanguage();
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 300 }}
        type="search"
      />
      <Select
        label={t('filters.level')}
        placeholder={t('filters.any')}
        data={levelOptions(language)}
        value={list.filters.level}
        onChange={(value) => list.setFilters({ level: value as Level | null })}
        clearable
        w={{ base: '100%', xs: 180 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('filters.baseType')}
        placeholder={t('filters.any')}
        data={baseTypeOptions(language)}
        value={list.filters.baseType}
        onChange={(value) => list.setFilters({ baseType: value as BaseType | null })}
        clearable
        w={{ base: '100%', xs: 200 }}
        comboboxProps={{ withinPortal: true }}
      />
      {children}
      {list.hasFilters ? (
        <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={list.clearFilters}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
