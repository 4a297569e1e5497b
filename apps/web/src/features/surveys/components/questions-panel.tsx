import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type SurveyQuestion, surveyQuestionText } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageLoader } from '@/components/page-loader';
import { currentLanguage } from '@/lib/i18n';
import { savedThen } from '@/lib/notify';
import { useSurveyCommand, useSurveyQuestions } from '../api/surveys';
import { QuestionFormModal } from './question-form-modal';

/** The survey's questions in order: add, edit, move up or down, remove. */
export function QuestionsPanel() {
  const { t } = useTranslation('surveys');
  const questions = useSurveyQuestions();
  const reorder = useSurveyCommand('reorderQuestions');
  const remove = useSurveyCommand('removeQuestion');
  const [editing, setEditing] = useState<SurveyQuestion | 'new' | null>(null);
  const [removing, setRemoving] = useState<SurveyQuestion | null>(null);
  if (!questions.data) return <PageLoader />;
  const list = questions.data.data;
  const language = currentLanguage();
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((q) => q.questionId);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate({ questionIds: ids });
  };
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          {t('questions.add')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('questions.empty')}
        </Text>
      ) : null}
      {list.map((q, index) => (
        <Paper key={q.questionId} withBorder radius="md" p="sm" data-testid="survey-question">
          <Group justify="space-between" wrap="nowrap">
            <QuestionTexts index={index} question={q} />
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t('questions.up')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('questions.up')}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('questions.down')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('questions.down')}
                  disabled={index === list.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('questions.edit')}>
                <ActionIcon variant="subtle" aria-label={t('questions.edit')} onClick={() => setEditing(q)}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('questions.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('questions.remove')}
                  onClick={() => setRemoving(q)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </Paper>
      ))}
      <QuestionFormModal question={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('questions.removeTitle')}
        message={removing ? `${surveyQuestionText(removing, language)} — ${t('questions.removeBody')}` : ''}
        confirmLabel={t('questions.remove')}
        cancelLabel={t('questions.cancel')}
        loading={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { questionId: removing.questionId },
            { onSuccess: savedThen(() => setRemoving(null)) },
          )
        }
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** The reader's text first; below it the other language's, or which language is not written yet. */
function QuestionTexts({ index, question }: { index: number; question: SurveyQuestion }) {
  const { t } = useTranslation('surveys');
  const language = currentLanguage();
  const otherLanguage = language === 'zh' ? 'en' : 'zh';
  const [mine, other] =
    language === 'zh' ? [question.textZh, question.textEn] : [question.textEn, question.textZh];
  const missing = !mine ? language : !other ? otherLanguage : null;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {index + 1}. {surveyQuestionText(question, language)}
      </Text>
      {missing ? (
        <Text size="xs" c="orange.9" data-testid="survey-question-missing">
          {t(`questions.missing.${missing}`)}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" lang={otherLanguage}>
          {other}
        </Text>
      )}
    </Stack>
  );
}
