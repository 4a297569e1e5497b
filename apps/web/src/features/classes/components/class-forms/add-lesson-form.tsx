import { Stack } from '@mantine/core';
import { type ClassroomDetails, editTimesAndLessonsBody } from '@tutoria/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { useClassMutation } from '../../api/classes';
import { FormButtons } from '../form-buttons';
import { FormFailure } from '../form-failure';
import { emptyLesson, type LessonDraft, LessonsEditor, toLessonInput } from '../lessons-editor';

/** More lessons for the class, copied from the catalogue or typed in. */
export function AddLessonForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const add = useClassMutation('editTimesAndLessons', { silent: true });
  const schema = useMemo(
    () =>
      bodySchema(editTimesAndLessonsBody, (values: { lessons: LessonDraft[] }) => ({
        classroomId: details.classroomId,
        times: [],
        lessons: values.lessons.map(toLessonInput),
      })),
    [details.classroomId],
  );
  const form = useSchemaForm(schema, { lessons: [emptyLesson()] }, { mode: 'controlled' });
  const submit = form.onSave(add, (values) => schema.parse(values), onDone);
  const { lessons } = form.getValues();
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <LessonsEditor
          value={lessons}
          onChange={(value) => form.setFieldValue('lessons', value)}
          errors={form.errors}
        />
        <FormFailure>{form.errors.form}</FormFailure>
        <FormButtons
          onCancel={onDone}
          loading={add.isPending}
          label={t('actions.add')}
          disabled={!lessons.length}
        />
      </Stack>
    </form>
  );
}
