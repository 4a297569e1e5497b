import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Button, Checkbox, Group, NumberInput, Paper, Progress, Stack, Text } from '@mantine/core';
import { type LessonProgressEntry, setTeachingBody } from '@tutoria/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { useAcademicMutation } from '../api/academic';
import { typedNumber } from '../lib/abilities';
import { StateBadge } from './record-badges';
import { FormMessage } from './form-message';

type TeachingValues = {
  teachedTimeInHour: number | string;
  done: boolean;
  delay: boolean;
  delayInTeachingTimeInHour: number | string;
};

/** Floored percentage (SPEC §9) of a part of a whole. */
export const flooredPercent = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.max(0, Math.floor((part / whole) * 100))) : 0;

/**
 * One of the class's lessons: hours taught over all sessions and left; at this session the hours
 * taught (default: the session's teaching time), teaching finished, delay, and the review.
 */
export function LessonProgressRow({
  sessionId,
  lesson,
  teachingMinutes,
  editable,
}: {
  sessionId: string;
  lesson: LessonProgressEntry;
  teachingMinutes: number;
  editable: boolean;
}) {
  const { t } = useTranslation('academic');
  const teach = useAcademicMutation('setTeaching', { silent: true });
  const review = useAcademicMutation('setReview');
  const at = lesson.atSession;
  const schema = useMemo(
    () =>
      bodySchema(setTeachingBody, (values: TeachingValues) => ({
        sessionId,
        classroomLessonId: lesson.classroomLessonId,
        teachState: values.done ? 'Done' : 'Pending',
        teachedTimeInHour: typedNumber(values.teachedTimeInHour),
        delay: values.delay,
        delayInTeachingTimeInHour: values.delay ? (typedNumber(values.delayInTeachingTimeInHour) ?? 0) : 0,
      })),
    [sessionId, lesson.classroomLessonId],
  );
  const form = useSchemaForm<TeachingValues>(
    schema,
    {
      teachedTimeInHour: at?.teachedTimeInHour ?? Math.round((teachingMinutes / 60) * 100) / 100,
      done: at?.teachState === 'Done',
      delay: at?.delay ?? false,
      delayInTeachingTimeInHour: at?.delayInTeachingTimeInHour || '',
    },
    { mode: 'controlled' },
  );
  const reviewed = at?.reviewState === 'Done';
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="lesson-progress">
      <Stack gap={6}>
        <Group justify="space-between" gap={6}>
          <Text size="sm" fw={500}>
            {lesson.lessonName}
            {lesson.lessonTitle ? (
              <Text span size="xs" c="dimmed">
                {' '}
                · {lesson.lessonTitle}
              </Text>
            ) : null}
          </Text>
          <Group gap={4}>
            <StateBadge state={lesson.teachState} />
          </Group>
        </Group>
        <Progress
          size="sm"
          value={flooredPercent(lesson.teachedTimeInHour, lesson.teachingLessonTimeInHour)}
          aria-label={t('progress.taughtShare')}
        />
        <Text size="xs" c="dimmed">
          {t('progress.summary', {
            taught: lesson.teachedTimeInHour,
            total: lesson.teachingLessonTimeInHour,
            left: lesson.teachingTimeLeftInHour,
          })}
        </Text>
        {editable ? (
          <form
            noValidate
            onSubmit={form.onSave(
              teach,
              (values) => schema.parse(values),
              () => form.resetDirty(),
            )}
          >
            <Group gap="xs" align="flex-end" wrap="wrap">
              <NumberInput
                size="xs"
                w={130}
                min={0}
                max={24}
                decimalScale={2}
                label={t('progress.hoursHere')}
                {...form.getInputProps('teachedTimeInHour')}
              />
              <Checkbox
                size="xs"
                mb={6}
                label={t('progress.finished')}
                {...form.getInputProps('done', { type: 'checkbox' })}
              />
              <Checkbox
                size="xs"
                mb={6}
                label={t('progress.delay')}
                {...form.getInputProps('delay', { type: 'checkbox' })}
              />
              {form.getValues().delay ? (
                <NumberInput
                  size="xs"
                  w={110}
                  min={0}
                  max={24}
                  decimalScale={2}
                  label={t('progress.delayHours')}
                  {...form.getInputProps('delayInTeachingTimeInHour')}
                />
              ) : null}
              <Button size="xs" type="submit" variant="light" loading={teach.isPending}>
                {t('progress.saveTeaching')}
              </Button>
              <Checkbox
                size="xs"
                mb={6}
                label={t('progress.reviewed')}
                checked={reviewed}
                disabled={review.isPending}
                onChange={(e) =>
                  review.mutate({
                    sessionId,
                    classroomLessonId: lesson.classroomLessonId,
                    reviewState: e.currentTarget.checked ? 'Done' : 'Pending',
                  })
                }
              />
            </Group>
            <FormMessage message={form.errors.form} />
          </form>
        ) : (
          <Text size="xs" c="dimmed">
            {t('progress.reviewState')}: {t(`states.${lesson.reviewState}`)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
