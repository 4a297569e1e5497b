import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/dates/styles.layer.css';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { levelLabels, levels, lessonTypeLabel, lessonTypes } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { ClassSelect } from '@/features/classes';
import { TeacherSelect } from '@/features/users';
import { currentLanguage } from '@/lib/i18n';
import { withFilter } from '../lib/report-filters';

/**
 * The filters of the homework and workload reports, each written to the URL: the period, the
 * teacher (not for a teacher or an assistant, who see their own only), the lesson type and, for
 * homework (`withClassAndLevel`), the class and the level.
 */
export function ReportFilterBar({
  filters,
  withClassAndLevel,
  testId,
  children,
}: {
  filters: {
    from: string;
    to: string;
    teacherPublicKey?: string | undefined;
    classroomId?: string | undefined;
    lessonType?: string | undefined;
    level?: string | undefined;
  };
  withClassAndLevel?: boolean;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('centreReports');
  const language = currentLanguage();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null | undefined>) => setParams(withFilter(params, changes));
  const ownOnly = user?.role === 'Teacher' || user?.role === 'AssistantTeacher';
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-testid={`${testId}-filters`}>
      <DatePickerInput
        type="range"
        label={t('filters.period')}
        valueFormat="YYYY-MM-DD"
        value={[filters.from, filters.to]}
        onChange={([from, to]) => from && to && set({ from: from.slice(0, 10), to: to.slice(0, 10) })}
        allowSingleDateInRange
        w={{ base: '100%', sm: 240 }}
        popoverProps={{ withinPortal: true }}
        data-testid={`${testId}-period`}
      />
      {ownOnly ? null : (
        <TeacherSelect
          label={t('teacher')}
          placeholder={t('anyTeacher')}
          required={false}
          value={filters.teacherPublicKey ?? null}
          onChange={(value) => set({ teacher: value })}
          w={{ base: '100%', xs: 220 }}
        />
      )}
      {withClassAndLevel ? (
        <ClassSelect
          label={t('class')}
          placeholder={t('anyClass')}
          value={filters.classroomId ?? null}
          onChange={(value) => set({ class: value })}
        />
      ) : null}
      <Select
        label={t('filters.lessonType')}
        placeholder={t('filters.any')}
        data={lessonTypes.map((x) => ({ value: x, label: lessonTypeLabel(x, language) }))}
        value={filters.lessonType ?? null}
        onChange={(value) => set({ lessonType: value })}
        searchable
        clearable
        w={{ base: '100%', xs: 200 }}
        comboboxProps={{ withinPortal: true }}
      />
      {withClassAndLevel ? (
        <Select
          label={t('filters.level')}
          placeholder={t('filters.any')}
          data={levels.map((x) => ({ value: x, label: levelLabels[x][language] }))}
          value={filters.level ?? null}
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
