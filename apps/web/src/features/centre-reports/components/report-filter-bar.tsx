import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/dates/styles.layer.css';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { levelLabels, levels, lessonTypeLabel, lessonTypes } from '@tutoria/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePeople } from '@/features/users';
import { currentLanguage } from '@/lib/i18n';
import { withFilter } from '../lib/report-filters';

/**
 * The filters of the homework and workload reports, each written to the URL: the period, the
 * teacher (searched by name on the server), the lesson type and (`withLevel`) the level.
 */
export function ReportFilterBar({
  period,
  teacher,
  teacherName,
  lessonType,
  level,
  withLevel,
  testId,
  children,
}: {
  period: { from: string; to: string };
  teacher: string | undefined;
  /** The chosen teacher's name (from the report) when the picker's first page does not hold them. */
  teacherName?: string | undefined;
  lessonType: string | undefined;
  level?: string | undefined;
  withLevel?: boolean;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('centreReports');
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null | undefined>) => setParams(withFilter(params, changes));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const teachers = usePeople('Teacher', debounced);
  const options = (teachers.data?.data ?? []).map((u) => ({ value: u.publicKey, label: u.fullName }));
  if (teacher && teacherName && !options.some((o) => o.value === teacher))
    options.unshift({ value: teacher, label: teacherName });
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-testid={`${testId}-filters`}>
      <DatePickerInput
        type="range"
        label={t('filters.period')}
        valueFormat="YYYY-MM-DD"
        value={[period.from, period.to]}
        onChange={([from, to]) => from && to && set({ from: from.slice(0, 10), to: to.slice(0, 10) })}
        allowSingleDateInRange
        w={{ base: '100%', sm: 240 }}
        popoverProps={{ withinPortal: true }}
        data-testid={`${testId}-period`}
      />
      <Select
        label={t('filters.teacher')}
        placeholder={t('filters.any')}
        data={options}
        value={teacher ?? null}
        onChange={(value) => set({ teacher: value })}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage="—"
        clearable
        w={{ base: '100%', xs: 220 }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('filters.lessonType')}
        placeholder={t('filters.any')}
        data={lessonTypes.map((x) => ({ value: x, label: lessonTypeLabel(x, language) }))}
        value={lessonType ?? null}
        onChange={(value) => set({ lessonType: value })}
        searchable
        clearable
        w={{ base: '100%', xs: 200 }}
        comboboxProps={{ withinPortal: true }}
      />
      {withLevel ? (
        <Select
          label={t('filters.level')}
          placeholder={t('filters.any')}
          data={levels.map((x) => ({ value: x, label: levelLabels[x][language] }))}
          value={level ?? null}
          onChange={(value) => set({ level: value })}
          clearable
          w={{ base: '100%', xs: 180 }}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      {children}
    </Group>
  );
}
