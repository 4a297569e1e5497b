import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  setSurveyBody,
  type StudentSurvey,
  type SurveyItem,
  surveyQuestionText,
  surveyRatings,
} from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import { useSurveyCommand } from '../api/surveys';

interface FormValues extends Record<string, unknown> {
  answers: { questionId: string; rating: string | null }[];
  comment: string;
}

interface SurveyItemFormProps {
  roundId: string;
  questions: StudentSurvey['questions'];
  item: SurveyItem;
}

/** One class and teacher of the open round: each question on the five-step scale, a comment. */
export function SurveyItemForm({ roundId, questions, item }: SurveyItemFormProps) {
  const { t } = useTranslation('surveys');
  const save = useSurveyCommand('answer');
  const toBody = (v: FormValues) => ({
    roundId,
    classroomId: item.classroomId,
    teacherPublicKey: item.teacherPublicKey,
    answers: v.answers,
    comment: v.comment,
  });
  const given = new Map(item.answers.map((a) => [a.questionId, a.rating]));
  const form = useSchemaForm<FormValues>(
    bodySchema(setSurveyBody, toBody),
    {
      answers: questions.map((q) => ({ questionId: q.questionId, rating: given.get(q.questionId) ?? null })),
      comment: item.comment ?? '',
    },
    { mode: 'controlled' },
  );
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="survey-item">
      <form
        noValidate
        onSubmit={form.onSave(
          save,
          (v) => setSurveyBody.parse(toBody(v)),
          () => undefined,
        )}
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={0}>
              <Title order={2} size="h4">
                {item.classroomName}
              </Title>
              <Text size="sm" c="dimmed">
                {t('student.teacher', { name: item.teacherName })}
              </Text>
            </Stack>
            <Badge color={item.answered ? 'teal' : 'orange'} variant="light">
              {item.answered ? t('student.answered') : t('student.notAnswered')}
            </Badge>
          </Group>
          {questions.map((q, index) => (
            <Radio.Group
              key={q.questionId}
              label={`${index + 1}. ${surveyQuestionText(q, currentLanguage())}`}
              withAsterisk
              data-testid={`survey-question-${index}`}
              {...form.getInputProps(`answers.${index}.rating`)}
            >
              <Group gap="md" mt="xs">
                {surveyRatings.map((rating) => (
                  <Radio key={rating} value={rating} label={t(`ratings.${rating}`)} />
                ))}
              </Group>
            </Radio.Group>
          ))}
          {form.errors.answers ? (
            <Text c="red" size="sm">
              {form.errors.answers}
            </Text>
          ) : null}
          <Textarea label={t('student.comment')} autosize minRows={2} {...form.getInputProps('comment')} />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('student.until')}
            </Text>
            <Button type="submit" loading={save.isPending}>
              {item.answered ? t('student.update') : t('student.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
