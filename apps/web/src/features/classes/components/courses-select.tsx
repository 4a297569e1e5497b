import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BaseType, type Level, specificationsContract, textSearchGroup } from '@tutoria/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { levelLabel } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';
import { courseKeys } from '@/lib/query-keys';

/**
 * Courses (specifications) of a class: the evaluation tests that fit the chosen students
 * (getEvaluationTestSpecifications) first, then any course found by title.
 */
export function CoursesSelect({
  value,
  onChange,
  studentKeys,
  baseType,
  label,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  studentKeys: string[];
  baseType: BaseType | null;
  label: string;
}) {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const names = useRef(new Map<string, string>());
  const evaluation = useQuery({
    queryKey: courseKeys.evaluation(studentKeys, baseType),
    enabled: studentKeys.length > 0 && baseType !== null,
    queryFn: ({ signal }) =>
      api.call(
        specificationsContract.evaluationTests,
        { body: { studentsPublicKey: studentKeys, baseType: baseType! } },
        { signal },
      ),
  });
  const courses = useQuery({
    queryKey: courseKeys.picker(debounced),
    queryFn: ({ signal }) =>
      api.call(
        specificationsContract.list,
        {
          body: {
            page: { index: 1, size: 30 },
            where: debounced.trim() ? [textSearchGroup(['title'], debounced)] : [],
            order: [{ column: 'title', descending: false }],
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const option = (s: { specificationId: string; title: string; level: Level }) => {
    const text = `${s.title} (${levelLabel(s.level, language)})`;
    names.current.set(s.specificationId, text);
    return { value: s.specificationId, label: text };
  };
  const suggested = (evaluation.data ?? []).map(option);
  const found = (courses.data?.data ?? [])
    .filter((s) => !suggested.some((o) => o.value === s.specificationId))
    .map(option);
  const chosen = value
    .filter((v) => ![...suggested, ...found].some((o) => o.value === v))
    .map((v) => ({ value: v, label: names.current.get(v) ?? v }));
  const groups = [
    ...(suggested.length ? [{ group: t('courses.evaluation'), items: suggested }] : []),
    { group: t('courses.all'), items: [...chosen, ...found] },
  ];
  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : t('courses.placeholder')}
      data={groups}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      clearable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  );
}
