import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import { ActionIcon, Group, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { type Lesson, textSearchGroup } from '@tutoria/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHours, formatNumber } from '@/lib/format';
import { useLessons } from '@/features/lessons';
import { levelLabel } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';

/** What the picker needs to show a lesson; a course's own lessons carry exactly this. */
export type PickedLesson = Pick<
  Lesson,
  'lessonId' | 'name' | 'title' | 'subTitle' | 'level' | 'teachingTimeInHour'
>;

const SEARCH_SIZE = 50;
const SEARCH_COLUMNS = ['name', 'title', 'subTitle'];

interface LessonPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
  /** Lessons already in the course, so their names show before any search. */
  initial: readonly PickedLesson[];
  error?: React.ReactNode;
}

/**
 * Picks a course's lessons: typing searches the server (name, title, subtitle); the chosen lessons
 * are listed below in teaching order, which the arrows change, with their total hours.
 */
export function LessonPicker({ value, onChange, initial, error }: LessonPickerProps) {
  const { t } = useTranslation('lessons');
  const { t: tCommon } = useTranslation();
  const language = currentLanguage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const { data, isFetching } = useLessons({
    page: { index: 1, size: SEARCH_SIZE },
    where: debounced.trim() ? [textSearchGroup(SEARCH_COLUMNS, debounced)] : [],
    order: [{ column: 'title', descending: false }],
  });
  // Every lesson seen so far, so a chosen one keeps its name when a new search no longer finds it.
  const [seen, setSeen] = useState(() => new Map(initial.map((l) => [l.lessonId, l])));
  const found = data?.data;
  const known = useMemo(() => {
    const all = new Map(seen);
    for (const lesson of found ?? []) all.set(lesson.lessonId, lesson);
    return all;
  }, [seen, found]);

  const label = (lesson: PickedLesson) =>
    `${lesson.title}${lesson.subTitle ? ` – ${lesson.subTitle}` : ''} (${levelLabel(lesson.level, language)}, ${formatHours(lesson.teachingTimeInHour, language)})`;
  const options = [
    ...new Map(
      [...(found ?? []), ...value.map((id) => known.get(id)).filter((l): l is PickedLesson => !!l)].map(
        (l) => [l.lessonId, l],
      ),
    ).values(),
  ].map((lesson) => ({ value: lesson.lessonId, label: label(lesson) }));

  const change = (ids: string[]) => {
    setSeen(new Map([...known].filter(([id]) => ids.includes(id) || seen.has(id))));
    onChange(ids);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const chosen = value.map((id) => known.get(id)).filter((l): l is PickedLesson => !!l);
  const totalHours =
    chosen.reduce((sum, lesson) => sum + Math.round(lesson.teachingTimeInHour * 100), 0) / 100;

  return (
    <Stack gap="xs">
      <MultiSelect
        label={t('courses.fields.lessons')}
        placeholder={t('courses.fields.lessonsPlaceholder')}
        nothingFoundMessage={isFetching ? tCommon('loading') : t('courses.fields.lessonsNothingFound')}
        withAsterisk
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server already searched name, title and subtitle in three spellings.
        filter={({ options: all }) => all}
        data={options}
        value={value}
        onChange={change}
        error={error}
        maxDropdownHeight={260}
        comboboxProps={{ withinPortal: true }}
        hidePickedOptions
      />
      {chosen.length > 0 ? (
        <Paper withBorder radius="md" p="xs">
          <Text size="xs" c="dimmed" fw={600} mb={4}>
            {t('courses.lessonsInOrder')}
          </Text>
          <Stack gap={2}>
            {chosen.map((lesson, index) => (
              <Group key={lesson.lessonId} gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" lineClamp={1}>
                  {index + 1}. {lesson.title}
                  {lesson.subTitle ? ` – ${lesson.subTitle}` : ''}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <Text size="xs" c="dimmed" mr="xs">
                    {formatHours(lesson.teachingTimeInHour, language)}
                  </Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`${t('courses.fields.moveUp')} ${lesson.title}`}
                  >
                    <IconArrowUp size={14} />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`${t('courses.fields.moveDown')} ${lesson.title}`}
                  >
                    <IconArrowDown size={14} />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    onClick={() => change(value.filter((id) => id !== lesson.lessonId))}
                    aria-label={`${t('courses.fields.remove')} ${lesson.title}`}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
          <Text size="xs" fw={600} ta="right" mt={6}>
            {t('courses.totalHours', { hours: formatNumber(totalHours, language) })}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}
