import '@mantine/core/styles/Alert.layer.css';
import { Alert, Stack, TextInput } from '@mantine/core';
import { type ClassroomDetails, destroyClassroomBody } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { href } from '@/lib/routes';
import { useClassMutation } from '../../api/classes';
import { FormButtons } from '../form-buttons';

/** Destroy (Admin): the class name must be typed, as the server also checks. */
export function DestroyClassForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const navigate = useNavigate();
  const destroy = useClassMutation('destroy');
  const form = useSchemaForm(
    destroyClassroomBody,
    { classroomId: details.classroomId, confirmation: '' },
    { mode: 'controlled' },
  );
  const submit = form.onSave(
    destroy,
    (values) => destroyClassroomBody.parse(values),
    () => {
      onDone();
      void navigate(href('classTable'));
    },
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Alert color="red" variant="light">
          {t('details.destroyWarning')}
        </Alert>
        <TextInput
          label={t('details.destroyType', { name: details.classroomName })}
          data-autofocus
          {...form.getInputProps('confirmation')}
        />
        <FormButtons
          onCancel={onDone}
          loading={destroy.isPending}
          color="red"
          label={t('details.destroy')}
          disabled={form.getValues().confirmation.trim() !== details.classroomName.trim()}
        />
      </Stack>
    </form>
  );
}
