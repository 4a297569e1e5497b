import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { createSurveyQuestionBody, type SurveyQuestion } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useSurveyCommand } from '../api/surveys';

interface QuestionFormModalProps {
  /** The question to edit, `'new'` to write one, null when closed. */
  question: SurveyQuestion | 'new' | null;
  onClose: () => void;
}

export function QuestionFormModal({ question, onClose }: QuestionFormModalProps) {
  const { t } = useTranslation('surveys');
  const editing = question !== null && question !== 'new';
  return (
    <Modal
      opened={question !== null}
      onClose={onClose}
      title={editing ? t('questions.editTitle') : t('questions.createTitle')}
      centered
    >
      {question ? (
        <QuestionForm
          key={editing ? question.questionId : 'new'}
          question={editing ? question : null}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

/** The two texts, English and Chinese: at least one (the reader of the other gets it as written). */
function QuestionForm({ question, onDone }: { question: SurveyQuestion | null; onDone: () => void }) {
  const { t } = useTranslation('surveys');
  const create = useSurveyCommand('createQuestion');
  const edit = useSurveyCommand('editQuestion');
  const form = useSchemaForm(createSurveyQuestionBody, {
    textEn: question?.textEn ?? '',
    textZh: question?.textZh ?? '',
  });
  const submit = question
    ? form.onSave(
        edit,
        (v) => ({ questionId: question.questionId, ...createSurveyQuestionBody.parse(v) }),
        onDone,
      )
    : form.onSave(create, (v) => createSurveyQuestionBody.parse(v), onDone);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('questions.textsHint')}
        </Text>
        <Textarea
          label={t('questions.textEn')}
          autosize
          minRows={2}
          lang="en"
          data-autofocus
          key={form.key('textEn')}
          {...form.getInputProps('textEn')}
        />
        <Textarea
          label={t('questions.textZh')}
          autosize
          minRows={2}
          lang="zh"
          key={form.key('textZh')}
          {...form.getInputProps('textZh')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('questions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || edit.isPending}>
            {t('questions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
