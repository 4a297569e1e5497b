import { Stack } from '@mantine/core';
import { type BaseType, type ClassroomDetails, classroomSpecificationsBody } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useClassMutation } from '../../api/classes';
import { CoursesSelect } from '../courses-select';
import { FormButtons } from '../form-buttons';

export function AddCoursesForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const add = useClassMutation('addSpecifications');
  const form = useSchemaForm(
    classroomSpecificationsBody,
    { classroomId: details.classroomId, specificationIds: [] as string[] },
    { mode: 'controlled' },
  );
  const submit = form.onSave(add, (values) => classroomSpecificationsBody.parse(values), onDone);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <CoursesSelect
          label={t('create.courses')}
          value={form.getValues().specificationIds}
          onChange={(value) => form.setFieldValue('specificationIds', value)}
          studentKeys={details.students.flatMap((s) => s.studentPublicKey ?? [])}
          baseType={details.baseType as BaseType}
        />
        <FormButtons
          onCancel={onDone}
          loading={add.isPending}
          label={t('actions.add')}
          disabled={!form.getValues().specificationIds.length}
        />
      </Stack>
    </form>
  );
}
