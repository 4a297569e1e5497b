import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/dates/styles.layer.css';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type LessonType, lessonTypeLabel, lessonTypes } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { useConsultants } from '@/features/users';
import { PersonSelect } from './person-select';

export interface ClassFilterValues {
  search: string;
  teacher: string | null;
  student: string | null;
  consultant: string | null;
  lessonType: LessonType | null;
  state: string | null;
  range: [string | null, string | null];
}

export const emptyFilters: ClassFilterValues = {
  search: '',
  teacher: null,
  student: null,
  consultant: null,
  lessonType: null,
  state: null,
  range: [null, null],
};

interface ClassFiltersProps {
  value: ClassFilterValues;
  onChange: (value: ClassFilterValues) => void;
  /** State options of this list (class states or session states). */
  states: { value: string; label: string }[];
  withSearch?: boolean;
  withTeacher?: boolean;
  withPeople?: boolean;
  rangeLabel: string;
}

/** Filters of the class table and the upcoming sessions (teacher, student, consultant, lesson type, state, dates). */
export function ClassFilters({
  value,
  onChange,
  states,
  withSearch = true,
  withTeacher = true,
  withPeople = true,
  rangeLabel,
}: ClassFiltersProps) {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const consultants = useConsultants(withPeople);
  const set = <K extends keyof ClassFilterValues>(key: K, next: ClassFilterValues[K]) =>
    onChange({ ...value, [key]: next });
  const active = JSON.stringify(value) !== JSON.stringify(emptyFilters);
  return (
    <Paper withBorder radius="lg" p="md" mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {withSearch ? (
          <TextInput
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={value.search}
            onChange={(e) => set('search', e.currentTarget.value)}
            type="search"
            w={{ base: '100%', sm: 220 }}
          />
        ) : null}
        {withTeacher && withPeople ? (
          <PersonSelect
            role="Teacher"
            label={t('filters.teacher')}
            placeholder={t('filters.any')}
            value={value.teacher}
            onChange={(v) => set('teacher', v)}
            w={{ base: '100%', sm: 200 }}
          />
        ) : null}
        {withPeople ? (
          <PersonSelect
            role="Student"
            label={t('filters.student')}
            placeholder={t('filters.any')}
            value={value.student}
            onChange={(v) => set('student', v)}
            w={{ base: '100%', sm: 200 }}
          />
        ) : null}
        {withPeople ? (
          <Select
            label={t('filters.consultant')}
            placeholder={t('filters.any')}
            data={(consultants.data ?? []).map((c) => ({ value: c.publicKey, label: c.fullName }))}
            value={value.consultant}
            onChange={(v) => set('consultant', v)}
            searchable
            clearable
            w={{ base: '100%', sm: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <Select
          label={t('filters.lessonType')}
          placeholder={t('filters.any')}
          data={lessonTypes.map((type) => ({ value: type, label: lessonTypeLabel(type, language) }))}
          value={value.lessonType}
          onChange={(v) => set('lessonType', v as LessonType | null)}
          searchable
          clearable
          w={{ base: '100%', sm: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('filters.state')}
          placeholder={t('filters.any')}
          data={states}
          value={value.state}
          onChange={(v) => set('state', v)}
          clearable
          w={{ base: '100%', sm: 180 }}
          comboboxProps={{ withinPortal: true }}
        />
        <DatePickerInput
          type="range"
          label={rangeLabel}
          placeholder={t('filters.anyDate')}
          value={value.range}
          onChange={(v) => set('range', v as [string | null, string | null])}
          valueFormat="YYYY-MM-DD"
          clearable
          allowSingleDateInRange
          w={{ base: '100%', sm: 250 }}
          popoverProps={{ withinPortal: true }}
        />
        {active ? (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} />}
            onClick={() => onChange(emptyFilters)}
          >
            {t('filters.clear')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
