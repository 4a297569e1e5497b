import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/dates/styles.layer.css';
import { Group, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ClearFiltersButton, ListSearchInput } from '@/components/list-filter-fields';
import { ConsultantFilter } from './consultant-filter';
import type { ListFilterState } from '@/hooks/use-server-list';
import { equal, listParam } from '@/lib/list-params';
import { StudentSelect } from './student-select';

/** The side costs list's filters (issue 28), as URL params: student, class name, consultant, month recorded. */
export const sideCostFilters = z.object({
  student: listParam.text(),
  classroom: listParam.text(),
  consultant: listParam.text(),
  period: listParam.text(),
});
export type SideCostFilterValues = z.output<typeof sideCostFilters>;

/** The search box looks in the side cost's title. */
export const SIDE_COST_SEARCH = ['title'] as const;

export const sideCostWhere = (f: SideCostFilterValues) => [
  equal('studentPublicKey', f.student),
  f.classroom ? [{ column: 'classroomName', comparison: 'Contains' as const, operand: f.classroom }] : null,
  equal('consultantPublicKey', f.consultant),
  equal('period', f.period),
];

interface SideCostFiltersProps {
  list: ListFilterState<typeof sideCostFilters>;
  /** The chosen student's name (the filter holds their key). */
  studentName: string | null;
  /** Whether the caller reaches every student, so a consultant is worth choosing. */
  byConsultant: boolean;
}

/** Search (title), student, class name, consultant and month above the side costs table. */
export function SideCostFilters({ list, studentName, byConsultant }: SideCostFiltersProps) {
  const { t } = useTranslation('finance');
  const f = list.filters;
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <ListSearchInput
        state={list}
        label={t('filters.search')}
        placeholder={t('sideCostList.searchPlaceholder')}
        w={{ base: '100%', sm: 200 }}
      />
      <StudentSelect
        label={t('sideCostList.student')}
        placeholder={t('filters.any')}
        value={f.student}
        knownName={studentName}
        clearable
        onChange={(value) => list.setFilters({ student: value })}
        w={{ base: '100%', xs: 220 }}
      />
      <TextInput
        label={t('sideCostList.classroom')}
        value={f.classroom ?? ''}
        onChange={(event) => list.setFilters({ classroom: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 180 }}
      />
      {byConsultant ? (
        <ConsultantFilter
          label={t('sideCostList.consultant')}
          placeholder={t('filters.any')}
          value={f.consultant}
          onChange={(value) => list.setFilters({ consultant: value })}
        />
      ) : null}
      <MonthPickerInput
        label={t('sideCostList.period')}
        placeholder={t('filters.any')}
        valueFormat="YYYY-MM"
        value={f.period ? `${f.period}-01` : null}
        onChange={(value) => list.setFilters({ period: value ? value.slice(0, 7) : null })}
        clearable
        w={{ base: '100%', xs: 140 }}
        popoverProps={{ withinPortal: true }}
      />
      <ClearFiltersButton list={list} label={t('filters.clear')} />
    </Group>
  );
}
