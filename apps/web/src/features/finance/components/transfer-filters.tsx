import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Group, Select, TextInput } from '@mantine/core';
import type { EndpointInput, ListQueryInput, transfersContract } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ClearFiltersButton, ListSearchInput } from '@/components/list-filter-fields';
import type { ListFilterState } from '@/hooks/use-server-list';
import { listParam } from '@/lib/list-params';

/** The transfers list's filters, as URL params: confirmed or waiting, and a class name (either side). */
export const transferFilters = z.object({
  confirmed: listParam.choice(z.enum(['true', 'false'])),
  classroom: listParam.text(),
});
type TransferFilterValues = z.output<typeof transferFilters>;

/** The search box looks in the student's name. */
export const TRANSFER_SEARCH = ['studentName'] as const;

/**
 * The list's body in SPEC §7's GET form (`index, size, isConfirmed, studentName, classroomName,
 * shouldOrderByDescending`): the search is the first operand of its group (the text as typed).
 */
export function transferQuery(body: ListQueryInput, f: TransferFilterValues): EndpointInput<typeof transfersContract.list>['query'] {
  const studentName = body.where?.find((g) => g[0]?.column === 'studentName')?.[0]?.operand;
  return {
    index: body.page?.index ?? 1,
    size: body.page?.size ?? 10,
    ...(f.confirmed ? { isConfirmed: f.confirmed === 'true' } : {}),
    ...(typeof studentName === 'string' ? { studentName } : {}),
    ...(f.classroom ? { classroomName: f.classroom } : {}),
    shouldOrderByDescending: body.order?.[0]?.descending ?? true,
  };
}

/** Search (student), a class name and confirmed / waiting above the transfers table. */
export function TransferFilters({ list }: { list: ListFilterState<typeof transferFilters> }) {
  const { t } = useTranslation('finance');
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <ListSearchInput
        state={list}
        label={t('filters.search')}
        placeholder={t('transfers.filters.student')}
        w={{ base: '100%', sm: 240 }}
      />
      <TextInput
        label={t('transfers.filters.classroom')}
        value={list.filters.classroom ?? ''}
        onChange={(event) => list.setFilters({ classroom: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 220 }}
      />
      <Select
        label={t('filters.state')}
        placeholder={t('filters.any')}
        data={[
          { value: 'false', label: t('states.waiting') },
          { value: 'true', label: t('states.confirmed') },
        ]}
        value={list.filters.confirmed}
        onChange={(value) => list.setFilters({ confirmed: value as TransferFilterValues['confirmed'] })}
        clearable
        w={{ base: '100%', xs: 170 }}
        comboboxProps={{ withinPortal: true }}
      />
      <ClearFiltersButton list={list} label={t('filters.clear')} />
    </Group>
  );
}
