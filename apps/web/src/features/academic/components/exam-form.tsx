import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  type Exam,
  type ExamKind,
  examKinds,
  type LessonProgressEntry,
  type RecordState,
  setExamBody,
} from '@tutoria/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { useAcademicMutation } from '../api/academic';
import { typedNumber } from '../lib/abilities';
import { FormMessage } from './form-message';

type ExamValues = {
  examType: ExamKind;
  classroomLessonId: string | null;
  score: number | string;
  examState: RecordState;
  feedback: string;
};

interface ExamFormProps {
  sessionId: string;
  studentPublicKey: string;
  lessons: LessonProgressEntry[];
  /** The exam edited; none: a new one. */
  exam?: Exam;
}

/** A student's exam at a session: kind, lesson, score 0–100 (two decimals), state, feedback; removable. */
export function ExamForm({ sessionId, studentPublicKey, lessons, exam }: ExamFormProps) {
  const { t } = useTranslation('academic');
  const save = useAcademicMutation('setExam', { silent: true });
  const remove = useAcademicMutation('removeExam');
  const schema = useMemo(
    () =>
      bodySchema(setExamBody, (values: ExamValues) => ({
        ...values,
        sessionId,
        studentPublicKey,
        examId: exam?.examId ?? null,
        score: typedNumber(values.score),
        feedback: values.feedback || null,
      })),
    [sessionId, studentPublicKey, exam?.examId],
  );
  const initial: ExamValues = {
    examType: exam?.examType ?? 'NameExam',
    classroomLessonId: exam?.classroomLessonId ?? lessons[0]?.classroomLessonId ?? null,
    score: exam?.score ?? '',
    examState: exam?.examState ?? 'Done',
    feedback: exam?.feedback ?? '',
  };
  const form = useSchemaForm<ExamValues>(schema, initial);
  const then = () => (exam ? form.resetDirty() : form.reset());
  return (
    <Paper withBorder radius="sm" p="xs" data-testid={exam ? 'exam-row' : 'new-exam'}>
      <form noValidate onSubmit={form.onSave(save, (values) => schema.parse(values), then)}>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <Select
            size="xs"
            w={150}
            aria-label={t('exam.type')}
            data={examKinds.map((value) => ({ value, label: t(`examTypes.${value}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('examType')}
          />
          {lessons.length > 1 ? (
            <Select
              size="xs"
              w={150}
              aria-label={t('exam.lesson')}
              data={lessons.map((l) => ({ value: l.classroomLessonId, label: l.lessonName }))}
              clearable
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('classroomLessonId')}
            />
          ) : null}
          <NumberInput
            size="xs"
            w={100}
            min={0}
            max={100}
            decimalScale={2}
            aria-label={t('exam.score')}
            placeholder={t('exam.score')}
            {...form.getInputProps('score')}
          />
          <SegmentedControl
            size="xs"
            data={[
              { value: 'Pending', label: t('states.Pending') },
              { value: 'Done', label: t('states.Done') },
            ]}
            {...form.getInputProps('examState')}
          />
          <TextInput
            size="xs"
            style={{ flex: '1 1 120px' }}
            aria-label={t('fields.feedback')}
            placeholder={t('fields.feedback')}
            {...form.getInputProps('feedback')}
          />
          <Button size="xs" type="submit" variant="light" loading={save.isPending}>
            {exam ? t('actions.save') : t('exam.add')}
          </Button>
          {exam ? (
            <Tooltip label={t('exam.remove')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('exam.remove')}
                loading={remove.isPending}
                onClick={() => remove.mutate({ examId: exam.examId })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
        <FormMessage message={form.errors.form} />
      </form>
    </Paper>
  );
}
