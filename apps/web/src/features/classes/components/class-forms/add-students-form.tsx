import { Stack, Text } from '@mantine/core';
import { classroomAddStudentsBody, type ClassroomDetails } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useClassMutation } from '../../api/classes';
import { FormButtons } from '../form-buttons';
import { PeopleSelect } from '../person-select';

export function AddStudentsForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const add = useClassMutation('addStudents');
  const form = useSchemaForm(
    classroomAddStudentsBody,
    { classroomId: details.classroomId, studentsPublicKey: [] as string[] },
    { mode: 'controlled' },
  );
  const submit = form.onSave(add, (values) => classroomAddStudentsBody.parse(values), onDone);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('details.addStudentsHint')}
        </Text>
        <PeopleSelect
          role="Student"
          label={t('create.students')}
          value={form.getValues().studentsPublicKey}
          onChange={(value) => form.setFieldValue('studentsPublicKey', value)}
          error={form.errors.studentsPublicKey}
        />
        <FormButtons
          onCancel={onDone}
          loading={add.isPending}
          label={t('actions.add')}
          disabled={!form.getValues().studentsPublicKey.length}
        />
      </Stack>
    </form>
  );
}
