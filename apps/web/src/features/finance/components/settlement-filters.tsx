import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/dates/styles.layer.css';
import { Group, Select, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import {
  lessonType,
  lessonTypeLabel,
  lessonTypes,
  settlementStates,
  settlementType,
  settlementTypes,
} from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ClearFiltersButton, ListSearchInput } from '@/components/list-filter-fields';
import type { ListFilterState } from '@/hooks/use-server-list';
import { currentLanguage } from '@/lib/i18n';
import { equal, listParam, withinDays } from '@/lib/list-params';

/** The settlements list's filters, as URL params: teacher, class name, lesson type, type, state, month, when paid. */
export const settlementFilters = z.object({
  teacher: listParam.text(),
  classroom: listParam.text(),
  lessonType: listParam.choice(lessonType),
  type: listParam.choice(settlementType),
  state: listParam.choice(z.enum(settlementStates)),
  period: listParam.text(),
  // issue 28: paid in a year, a month or on a day (the centre's time zone), from the financial report
  paidIn: listParam.text(),
});
export type SettlementFilterValues = z.output<typeof settlementFilters>;

/** The search box looks in the teacher's name. */
export const SETTLEMENT_SEARCH = ['teacherName'] as const;

export const settlementWhere = (f: SettlementFilterValues) => [
  equal('teacherPublicKey', f.teacher),
  f.classroom ? [{ column: 'classroomName', comparison: 'Contains' as const, operand: f.classroom }] : null,
  equal('lessonType', f.lessonType),
  equal('type', f.type),
  equal('state', f.state),
  equal('period', f.period),
  withinDays('paidOn', f.paidIn),
];

/** Search (teacher), class name, lesson type, type, state, month and when paid above the settlements table. */
export function SettlementFilters({ list }: { list: ListFilterState<typeof settlementFilters> }) {
  const { t } = useTranslation('settlements');
  const language = currentLanguage();
  const f = list.filters;
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <ListSearchInput
        state={list}
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        w={{ base: '100%', sm: 220 }}
      />
      <TextInput
        label={t('filters.classroom')}
        value={f.classroom ?? ''}
        onChange={(event) => list.setFilters({ classroom: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 180 }}
      />
      <Select
        label={t('filters.lessonType')}
        placeholder={t('filters.any')}
        data={lessonTypes.map((x) => ({ value: x, label: lessonTypeLabel(x, language) }))}
        value={f.lessonType}
        onChange={(value) => list.setFilters({ lessonType: value as SettlementFilterValues['lessonType'] })}
        searchable
        clearable
        w={{ base: '100%', xs: 200 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('filters.type')}
        placeholder={t('filters.any')}
        data={settlementTypes.map((x) => ({ value: x, label: t(`types.${x}`) }))}
        value={f.type}
        onChange={(value) => list.setFilters({ type: value as SettlementFilterValues['type'] })}
        clearable
        w={{ base: '100%', xs: 170 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('filters.state')}
        placeholder={t('filters.any')}
        data={settlementStates.map((x) => ({ value: x, label: t(`states.${x}`) }))}
        value={f.state}
        onChange={(value) => list.setFilters({ state: value as SettlementFilterValues['state'] })}
        clearable
        w={{ base: '100%', xs: 150 }}
        comboboxProps={{ withinPortal: true }}
      />
      <MonthPickerInput
        label={t('filters.period')}
        placeholder={t('filters.any')}
        valueFormat="YYYY-MM"
        value={f.period ? `${f.period}-01` : null}
        onChange={(value) => list.setFilters({ period: value ? value.slice(0, 7) : null })}
        clearable
        w={{ base: '100%', xs: 140 }}
        popoverProps={{ withinPortal: true }}
      />
      <TextInput
        label={t('filters.paidIn')}
        placeholder={t('filters.periodPlaceholder')}
        value={f.paidIn ?? ''}
        onChange={(event) => list.setFilters({ paidIn: event.currentTarget.value || null })}
        w={{ base: '100%', xs: 170 }}
        data-testid="settlement-paid-in"
      />
      <ClearFiltersButton list={list} label={t('filters.clear')} />
    </Group>
  );
}
