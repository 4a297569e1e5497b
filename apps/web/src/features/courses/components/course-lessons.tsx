import { Group, Stack, Text } from '@mantine/core';
import type { Specification } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { formatHours, formatNumber } from '@/lib/format';
import { levelLabel } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';

/** A course's lessons in teaching order, under its row. */
export function CourseLessons({ course }: { course: Specification }) {
  const { t } = useTranslation('lessons');
  const language = currentLanguage();
  if (course.lessons.length === 0) {
    return (
      <Text size="sm" c="dimmed" px="md" py="sm">
        {t('courses.noLessons')}
      </Text>
    );
  }
  return (
    <Stack gap={4} px="md" py="sm" bg="var(--mantine-color-canvas-0)">
      <Text size="xs" fw={600} c="dimmed">
        {t('courses.lessonsInOrder')}
      </Text>
      {course.lessons.map((lesson, index) => (
        <Group key={lesson.lessonId} justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">
            {index + 1}. {lesson.title}
            {lesson.subTitle ? <Text span c="dimmed">{` – ${lesson.subTitle}`}</Text> : null}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {levelLabel(lesson.level, language)} · {formatHours(lesson.teachingTimeInHour, language)}
          </Text>
        </Group>
      ))}
      <Text size="xs" fw={600} ta="right">
        {t('courses.totalHours', { hours: formatNumber(course.totalHours, language) })}
      </Text>
    </Stack>
  );
}
