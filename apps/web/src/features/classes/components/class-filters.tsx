import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/dates/styles.layer.css';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type LessonType, lessonType } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useConsultants } from '@/features/users';
import type { ListFilterState } from '@/hooks/use-server-list';
import { lessonTypeOptions } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';
import { listParam } from '@/lib/list-params';
import { PersonSelect } from './person-select';

/** The filters of the class table and the upcoming sessions, as URL params (dates as YYYY-MM-DD). */
export const classFilters = z.object({
  teacher: listParam.text(),
  student: listParam.text(),
  consultant: listParam.text(),
  lessonType: listParam.choice(lessonType),
  /** A class state or a session state, as the list offers. */
  state: listParam.text(),
  from: listParam.text(),
  to: listParam.text(),
});

interface ClassFiltersProps {
  list: ListFilterState<typeof classFilters>;
  /** State options of this list (class states or session states). */
  states: { value: string; label: string }[];
  withSearch?: boolean;
  withPeople?: boolean;
  rangeLabel: string;
}

/** Filters of the class table and the upcoming sessions (teacher, student, consultant, lesson type, state, dates). */
export function ClassFilters({
  list,
  states,
  withSearch = true,
  withPeople = true,
  rangeLabel,
}: ClassFiltersProps) {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const consultants = useConsultants(withPeople);
  const { filters, setFilters } = list;
  return (
    <Paper withBorder radius="lg" p="md" mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {withSearch ? (
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
            type="search"
            w={{ base: '100%', sm: 220 }}
          />
        ) : null}
        {withPeople ? (
          <PersonSelect
            role="Teacher"
            label={t('filters.teacher')}
            placeholder={t('filters.any')}
            value={filters.teacher}
            onChange={(v) => setFilters({ teacher: v })}
            w={{ base: '100%', sm: 200 }}
          />
        ) : null}
        {withPeople ? (
          <PersonSelect
            role="Student"
            label={t('filters.student')}
            placeholder={t('filters.any')}
            value={filters.student}
            onChange={(v) => setFilters({ student: v })}
            w={{ base: '100%', sm: 200 }}
          />
        ) : null}
        {withPeople ? (
          <Select
            label={t('filters.consultant')}
            placeholder={t('filters.any')}
            data={(consultants.data ?? []).map((c) => ({ value: c.publicKey, label: c.fullName }))}
            value={filters.consultant}
            onChange={(v) => setFilters({ consultant: v })}
            searchable
            clearable
            w={{ base: '100%', sm: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Select
          label={t('filters.lessonType')}
          placeholder={t('filters.any')}
          data={lessonTypeOptions(language)}
          value={filters.lessonType}
          onChange={(v) => setFilters({ lessonType: v as LessonType | null })}
          searchable
          clearable
          w={{ base: '100%', sm: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('filters.state')}
          placeholder={t('filters.any')}
          data={states}
          value={filters.state}
          onChange={(v) => setFilters({ state: v })}
          clearable
          w={{ base: '100%', sm: 180 }}
          comboboxProps={{ withinPortal: true }}
        />
        <DatePickerInput
          type="range"
          label={rangeLabel}
          placeholder={t('filters.anyDate')}
          value={[filters.from, filters.to]}
          onChange={([from, to]) => setFilters({ from, to })}
          valueFormat="YYYY-MM-DD"
          clearable
          allowSingleDateInRange
          w={{ base: '100%', sm: 250 }}
          popoverProps={{ withinPortal: true }}
        />
        {list.hasFilters ? (
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={list.clearFilters}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
