import '@mantine/core/styles/SimpleGrid.layer.css';
import { SimpleGrid, Stack } from '@mantine/core';
import {
  type ClassroomDetails,
  type ClassroomType,
  editClassroomBody,
  type LessonType,
} from '@tutoria/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { useClassMutation } from '../../api/classes';
import { classFieldsBody, ClassFields, type ClassFieldValues } from '../class-fields';
import { FormButtons } from '../form-buttons';
import { PersonSelect } from '../person-select';

type EditClassValues = ClassFieldValues & { assistantTeacherPublicKey: string | null };

export function EditClassForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const edit = useClassMutation('edit');
  const schema = useMemo(
    () =>
      bodySchema(editClassroomBody, (values: EditClassValues) => ({
        classroomId: details.classroomId,
        ...classFieldsBody(values),
        assistantTeacherPublicKey: values.assistantTeacherPublicKey,
      })),
    [details.classroomId],
  );
  const form = useSchemaForm<EditClassValues>(
    schema,
    {
      classroomName: details.classroomName,
      classroomLevel: details.classroomLevel,
      classroomType: details.classroomType as ClassroomType,
      lessonType: details.lessonType as LessonType,
      classroomNumber: details.classroomNumber ?? '',
      meetingLink: details.meetingLink ?? '',
      assistantTeacherPublicKey: details.assistantTeacher?.publicKey ?? null,
    },
    { mode: 'controlled' },
  );
  const submit = form.onSave(edit, (values) => schema.parse(values), onDone);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ClassFields input={(field) => form.getInputProps(field)} values={form.getValues()} />
          <PersonSelect
            role="AssistantTeacher"
            label={t('create.assistant')}
            placeholder={t('create.optional')}
            value={form.getValues().assistantTeacherPublicKey}
            onChange={(value) => form.setFieldValue('assistantTeacherPublicKey', value)}
          />
        </SimpleGrid>
        <FormButtons onCancel={onDone} loading={edit.isPending} label={t('actions.save')} />
      </Stack>
    </form>
  );
}
