import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import { Badge, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type Homework, setHomeworkBody } from '@tutoria/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { formatEpoch } from '@/lib/format';
import { useAcademicMutation } from '../api/academic';
import { typedNumber } from '../lib/abilities';
import { StateBadge } from './record-badges';
import { FormMessage } from './form-message';
import { HomeworkFiles } from './homework-files';

type GradeValues = {
  correctPercentation: number | string;
  feedback: string;
};

interface HomeworkRowProps {
  homework: Homework;
  gradable: boolean;
  /** The viewer may attach and remove the teacher's files. */
  attachable: boolean;
}

/**
 * One homework: what, until when, its state, its files; graded inline (Done with a percentage, or
 * back to Pending).
 */
export function HomeworkRow({ homework, gradable, attachable }: HomeworkRowProps) {
  const { t } = useTranslation('academic');
  const save = useAcademicMutation('setHomework', { silent: true });
  const done = homework.state === 'Done';
  const schema = useMemo(
    () =>
      bodySchema(setHomeworkBody, (values: GradeValues) => ({
        homeworkId: homework.homeworkId,
        state: 'Done',
        correctPercentation: typedNumber(values.correctPercentation),
        feedback: values.feedback || null,
      })),
    [homework.homeworkId],
  );
  const form = useSchemaForm<GradeValues>(schema, {
    correctPercentation: homework.correctPercentation ?? '',
    feedback: homework.feedback ?? '',
  });
  const overdue = !done && homework.deadLine * 1000 < Date.now();
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="homework-row">
      <Stack gap={4}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={500} style={{ flex: '1 1 160px' }}>
            {homework.subtitle}
          </Text>
          <Badge size="sm" radius="sm" variant="outline" color="gray">
            {t(`forms.${homework.form}`)}
          </Badge>
          <StateBadge state={homework.state} />
          {done && homework.correctPercentation !== null ? (
            <Badge size="sm" radius="sm" color="indigo">
              {homework.correctPercentation}%
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c={overdue ? 'red' : 'dimmed'}>
          {t('homework.dueOn', { date: formatEpoch(homework.deadLine, 'long') })}
          {done && homework.doneMoment
            ? ` · ${t('homework.doneOn', { date: formatEpoch(homework.doneMoment, 'date') })}`
            : ''}
        </Text>
        <HomeworkFiles
          homeworkId={homework.homeworkId}
          files={homework.files}
          writable={attachable ? 'assignment' : null}
        />
        {homework.feedback && !gradable ? (
          <Text size="xs" c="dimmed">
            {homework.feedback}
          </Text>
        ) : null}
        {gradable ? (
          <form
            noValidate
            onSubmit={form.onSave(
              save,
              (values) => schema.parse(values),
              () => form.resetDirty(),
            )}
          >
            <Group gap="xs" align="flex-start" wrap="wrap">
              <NumberInput
                size="xs"
                w={110}
                min={0}
                max={100}
                decimalScale={2}
                suffix="%"
                aria-label={t('homework.correctPercentation')}
                placeholder={t('homework.correctPercentation')}
                {...form.getInputProps('correctPercentation')}
              />
              <TextInput
                size="xs"
                style={{ flex: '1 1 140px' }}
                aria-label={t('fields.feedback')}
                placeholder={t('fields.feedback')}
                {...form.getInputProps('feedback')}
              />
              <Button size="xs" type="submit" variant="light" loading={save.isPending}>
                {done ? t('actions.save') : t('homework.markDone')}
              </Button>
              {done ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="gray"
                  onClick={() =>
                    save.mutate(
                      { homeworkId: homework.homeworkId, state: 'Pending' },
                      { onError: form.setServerErrors },
                    )
                  }
                >
                  {t('homework.reopen')}
                </Button>
              ) : null}
            </Group>
            <FormMessage message={form.errors.form} />
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
