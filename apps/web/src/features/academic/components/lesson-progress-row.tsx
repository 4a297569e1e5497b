import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Button, Checkbox, Group, NumberInput, Paper, Progress, Stack, Text } from '@mantine/core';
import { type LessonProgressEntry, setTeachingBody } from '@tutoria/shared';
import { useEffect, useMemo, useRef } from 'react';
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

/**
 * One of the class's lessons: hours taught over all sessions and left; at this session the hours
 * taught (default: what the lesson has left, at most the session's unassigned time), teaching
 * finished, delay, and the review.
 */
export function LessonProgressRow({
  sessionId,
  lesson,
  editable,
}: {
  sessionId: string;
  lesson: LessonProgressEntry;
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
      // What the lesson has left, at most what the session's other lessons left of it (issue 27).
      teachedTimeInHour: at?.teachedTimeInHour ?? lesson.hoursRoomHere,
      done: at?.teachState === 'Done',
      delay: at?.delay ?? false,
      delayInTeachingTimeInHour: at?.delayInTeachingTimeInHour || '',
    },
    { mode: 'controlled' },
  );
  // Not recorded here yet: the pre-fill follows the room as the session's other lessons are saved
  // (their hours leave less of the session), unless the user typed their own.
  const room = lesson.hoursRoomHere;
  const prefilled = useRef(room);
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    if (at || prefilled.current === room) return;
    if (Number(getValues().teachedTimeInHour) === prefilled.current) setFieldValue('teachedTimeInHour', room);
    prefilled.current = room;
  }, [at, room, getValues, setFieldValue]);
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
          value={lesson.teachingPercent}
          aria-label={t('progress.taughtShareValue', { percent: lesson.teachingPercent })}
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
                description={t('progress.upTo', { hours: lesson.hoursRoomHere })}
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
