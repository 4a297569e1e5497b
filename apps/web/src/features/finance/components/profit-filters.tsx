import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/dates/styles.layer.css';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { lessonType, lessonTypeLabel, lessonTypes, type ProfitPeriod } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ClearFiltersButton, ListSearchInput } from '@/components/list-filter-fields';
import type { ListFilterState } from '@/hooks/use-server-list';
import { currentLanguage } from '@/lib/i18n';
import { equal, listParam } from '@/lib/list-params';
import { inCentre } from '@/lib/time';
import { TeacherSelect } from '@/features/users';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().catch(null);

/** The profit page's URL params: the period (days in the centre's zone), teacher and lesson type. */
export const profitFilters = z.object({
  from: day,
  to: day,
  teacher: listParam.text(),
  lessonType: listParam.choice(lessonType),
});
export type ProfitFilterValues = z.output<typeof profitFilters>;

/** The search box looks in the class's name. */
export const PROFIT_SEARCH = ['classroomName'] as const;

export const profitWhere = (f: ProfitFilterValues) => [equal('teacherPublicKey', f.teacher), equal('lessonType', f.lessonType)];

/** The period asked for: the URL's, else this year up to today (in the centre's time zone). */
export function periodOf(f: Pick<ProfitFilterValues, 'from' | 'to'>): ProfitPeriod {
  const today = inCentre(Date.now() / 1000);
  const from = f.from ?? today.startOf('year').format('YYYY-MM-DD');
  const to = f.to ?? today.format('YYYY-MM-DD');
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The period picker (both views) and, for the classes, search, teacher and lesson type. */
export function ProfitFilters({ list, classes }: { list: ListFilterState<typeof profitFilters>; classes: boolean }) {
  const { t } = useTranslation('profit');
  const language = currentLanguage();
  const f = list.filters;
  const period = periodOf(f);
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <DatePickerInput
        type="range"
        label={t('period.label')}
        placeholder={t('period.placeholder')}
        valueFormat="YYYY-MM-DD"
        value={[period.from, period.to]}
        onChange={([from, to]) => from && to && list.setFilters({ from: from.slice(0, 10), to: to.slice(0, 10) })}
        allowSingleDateInRange
        w={{ base: '100%', sm: 240 }}
        popoverProps={{ withinPortal: true }}
        data-testid="profit-period"
      />
      {classes ? (
        <>
          <ListSearchInput
            state={list}
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            w={{ base: '100%', sm: 220 }}
          />
          <TeacherSelect
            label={t('filters.teacher')}
            value={f.teacher}
            onChange={(teacher) => list.setFilters({ teacher })}
            required={false}
            placeholder={t('filters.any')}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('filters.lessonType')}
            placeholder={t('filters.any')}
            data={lessonTypes.map((x) => ({ value: x, label: lessonTypeLabel(x, language) }))}
            value={f.lessonType}
            onChange={(value) => list.setFilters({ lessonType: value as ProfitFilterValues['lessonType'] })}
            searchable
            clearable
            w={{ base: '100%', xs: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      ) : null}
      <ClearFiltersButton list={list} label={t('filters.clear')} />
    </Group>
  );
}
