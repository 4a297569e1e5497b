import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Group, Select } from '@mantine/core';
import { contractType, contractTypes } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ClearFiltersButton, ListSearchInput } from '@/components/list-filter-fields';
import { ConsultantFilter } from './consultant-filter';
import type { ListFilterState } from '@/hooks/use-server-list';
import { equal, listParam } from '@/lib/list-params';
import { StudentSelect } from './student-select';

/** The contracts list's filters, as URL params: the student, the type, the student's consultant. */
export const contractFilters = z.object({
  student: listParam.text(),
  type: listParam.choice(contractType),
  consultant: listParam.text(),
});
export type ContractFilterValues = z.output<typeof contractFilters>;

/** The search box looks in the student's name. */
export const CONTRACT_SEARCH = ['studentName'] as const;

export const contractWhere = (f: ContractFilterValues) => [
  equal('studentPublicKey', f.student),
  equal('contractType', f.type),
  equal('consultantPublicKey', f.consultant),
];

interface ContractFiltersProps {
  list: ListFilterState<typeof contractFilters>;
  /** The chosen student's name (the filter holds their key). */
  studentName: string | null;
  /** Whether the caller reaches every student, so a consultant is worth choosing. */
  byConsultant: boolean;
}

/** Search (student name), student, type and consultant above the contracts table. */
export function ContractFilters({ list, studentName, byConsultant }: ContractFiltersProps) {
  const { t } = useTranslation('contracts');
  const { t: tf } = useTranslation('finance');
  const f = list.filters;
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <ListSearchInput
        state={list}
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        w={{ base: '100%', sm: 220 }}
      />
      <StudentSelect
        label={t('filters.student')}
        placeholder={t('filters.any')}
        value={f.student}
        knownName={studentName}
        clearable
        onChange={(value) => list.setFilters({ student: value })}
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        label={t('filters.type')}
        placeholder={t('filters.any')}
        data={contractTypes.map((x) => ({ value: x, label: tf(`contractTypes.${x}`) }))}
        value={f.type}
        onChange={(value) => list.setFilters({ type: value as ContractFilterValues['type'] })}
        clearable
        w={{ base: '100%', xs: 240 }}
        comboboxProps={{ withinPortal: true }}
      />
      {byConsultant ? (
        <ConsultantFilter
          label={t('filters.consultant')}
          placeholder={t('filters.any')}
          value={f.consultant}
          onChange={(value) => list.setFilters({ consultant: value })}
        />
      ) : null}
      <ClearFiltersButton list={list} label={t('filters.clear')} />
    </Group>
  );
}
