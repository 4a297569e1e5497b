import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ClassroomLessonInput, lessonsContract, textSearchGroup } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { levelLabel, levelOptions } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';
import { lessonKeys } from '@/lib/query-keys';

export interface LessonDraft {
  key: string;
  lessonName: string;
  lessonTitle: string;
  lessonSubTitle: string;
  lessonLevel: string;
  /** Kept as typed: parsed as a decimal by the shared schema (SPEC §5). */
  teachingLessonTimeInHour: string;
  description: string;
}

let counter = 0;
export const emptyLesson = (): LessonDraft => ({
  key: `l${++counter}`,
  lessonName: '',
  lessonTitle: '',
  lessonSubTitle: '',
  lessonLevel: '',
  teachingLessonTimeInHour: '',
  description: '',
});

export const toLessonInput = (l: LessonDraft): ClassroomLessonInput => ({
  lessonName: l.lessonName,
  lessonTitle: l.lessonTitle,
  lessonSubTitle: l.lessonSubTitle,
  lessonLevel: l.lessonLevel,
  teachingLessonTimeInHour: l.teachingLessonTimeInHour,
  description: l.description,
});

/** Lessons of a class: copied from the lesson catalogue (then editable) or typed in. */
export function LessonsEditor({
  value,
  onChange,
  errors,
}: {
  value: LessonDraft[];
  onChange: (value: LessonDraft[]) => void;
  errors?: FormErrors;
}) {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const catalogue = useQuery({
    queryKey: lessonKeys.picker(debounced),
    queryFn: ({ signal }) =>
      api.call(
        lessonsContract.list,
        {
          body: {
            page: { index: 1, size: 30 },
            where: debounced.trim() ? [textSearchGroup(['name', 'title', 'subTitle'], debounced)] : [],
            order: [{ column: 'name', descending: false }],
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const lessons = catalogue.data?.data ?? [];
  const set = (key: string, patch: Partial<LessonDraft>) =>
    onChange(value.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('lessons.fromCatalogue')}
          placeholder={t('lessons.searchCatalogue')}
          data={lessons.map((l) => ({
            value: l.lessonId,
            label: `${l.name} · ${l.title}${l.subTitle ? ` – ${l.subTitle}` : ''} (${levelLabel(l.level, language)})`,
          }))}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          value={null}
          onChange={(id) => {
            const l = lessons.find((x) => x.lessonId === id);
            if (!l) return;
            onChange([
              ...value,
              {
                key: emptyLesson().key,
                lessonName: l.name,
                lessonTitle: l.title,
                lessonSubTitle: l.subTitle ?? '',
                lessonLevel: l.level,
                teachingLessonTimeInHour: String(l.teachingTimeInHour),
                description: l.description ?? '',
              },
            ]);
            setSearch('');
          }}
          w={{ base: '100%', sm: 420 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...value, emptyLesson()])}
        >
          {t('lessons.addCustom')}
        </Button>
      </Group>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lessons.none')}
        </Text>
      ) : null}
      {value.map((l, index) => (
        <Paper key={l.key} withBorder radius="md" p="sm" data-testid="lesson-draft">
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={600}>
              {t('lessons.number', { number: index + 1 })}
            </Text>
            <Tooltip label={t('lessons.remove')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('lessons.remove')}
                onClick={() => onChange(value.filter((x) => x.key !== l.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('lessons.name')}
              value={l.lessonName}
              onChange={(e) => set(l.key, { lessonName: e.currentTarget.value })}
              withAsterisk
              error={errors?.[`lessons.${index}.lessonName`]}
            />
            <TextInput
              label={t('lessons.title')}
              value={l.lessonTitle}
              onChange={(e) => set(l.key, { lessonTitle: e.currentTarget.value })}
            />
            <TextInput
              label={t('lessons.subTitle')}
              value={l.lessonSubTitle}
              onChange={(e) => set(l.key, { lessonSubTitle: e.currentTarget.value })}
            />
            <Select
              label={t('lessons.level')}
              data={levelOptions(language)}
              value={l.lessonLevel || null}
              onChange={(v) => set(l.key, { lessonLevel: v ?? '' })}
              withAsterisk
              error={errors?.[`lessons.${index}.lessonLevel`]}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={t('lessons.hours')}
              inputMode="decimal"
              value={l.teachingLessonTimeInHour}
              onChange={(e) => set(l.key, { teachingLessonTimeInHour: e.currentTarget.value })}
              withAsterisk
              error={errors?.[`lessons.${index}.teachingLessonTimeInHour`]}
            />
          </SimpleGrid>
          <Textarea
            mt="xs"
            label={t('lessons.description')}
            autosize
            minRows={1}
            maxRows={4}
            value={l.description}
            onChange={(e) => set(l.key, { description: e.currentTarget.value })}
          />
        </Paper>
      ))}
    </Stack>
  );
}
