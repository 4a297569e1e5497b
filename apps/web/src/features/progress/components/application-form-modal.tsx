import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import {
  Button,
  Group,
  Input,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  type ApplicationStatus,
  applicationStatuses,
  canMoveApplication,
  type InstitutionType,
  institutionTypes,
  type ProgressApplication,
  upsertApplicationBody,
} from '@tutoria/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { useProgressMutation } from '../api/progress';

interface ApplicationFormModalProps {
  opened: boolean;
  studentPublicKey: string;
  /** The application edited; null: a new one. */
  application: ProgressApplication | null;
  onClose: () => void;
}

export function ApplicationFormModal({
  opened,
  studentPublicKey,
  application,
  onClose,
}: ApplicationFormModalProps) {
  const { t } = useTranslation('progress');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={application ? t('applications.editTitle') : t('applications.createTitle')}
      size="lg"
      centered
    >
      {opened ? (
        <ApplicationForm
          key={application?.progressStageApplicationId ?? 'new'}
          studentPublicKey={studentPublicKey}
          application={application}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

type ApplicationValues = {
  institutionType: InstitutionType;
  institutionName: string;
  programme: string;
  deadline: string;
  status: ApplicationStatus | null;
  statusDate: string;
};

function ApplicationForm({
  studentPublicKey,
  application,
  onDone,
}: {
  studentPublicKey: string;
  application: ProgressApplication | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('progress');
  const save = useProgressMutation('upsertApplication', { silent: true });
  const schema = useMemo(
    () =>
      bodySchema(upsertApplicationBody, (values: ApplicationValues) => ({
        ...values,
        studentPublicKey,
        progressStageApplicationId: application?.progressStageApplicationId ?? null,
        statusDate: values.statusDate || null,
      })),
    [studentPublicKey, application?.progressStageApplicationId],
  );
  const form = useSchemaForm<ApplicationValues>(schema, {
    institutionType: application?.institutionType ?? 'University',
    institutionName: application?.institutionName ?? '',
    programme: application?.programme ?? '',
    deadline: application?.deadline ?? '',
    status: application?.status ?? 'Preparing',
    statusDate: '',
  });
  // Only the statuses the application may move to (the server checks the same rule).
  const statuses = applicationStatuses.filter(
    (s) => !application || canMoveApplication(application.status, s),
  );
  return (
    <form noValidate onSubmit={form.onSave(save, (values) => schema.parse(values), onDone)}>
      <Stack gap="sm">
        <Input.Wrapper label={t('applications.institutionType')}>
          <SegmentedControl
            fullWidth
            data={institutionTypes.map((value) => ({ value, label: t(`institutionTypes.${value}`) }))}
            key={form.key('institutionType')}
            {...form.getInputProps('institutionType')}
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('applications.institutionName')}
            withAsterisk
            key={form.key('institutionName')}
            {...form.getInputProps('institutionName')}
          />
          <TextInput
            label={t('applications.programme')}
            withAsterisk
            key={form.key('programme')}
            {...form.getInputProps('programme')}
          />
          <TextInput
            type="date"
            label={t('applications.deadline')}
            withAsterisk
            key={form.key('deadline')}
            {...form.getInputProps('deadline')}
          />
          <Select
            label={t('applications.status')}
            data={statuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            key={form.key('status')}
            {...form.getInputProps('status')}
          />
          <TextInput
            type="date"
            label={t('applications.statusDate')}
            description={t('applications.statusDateHint')}
            key={form.key('statusDate')}
            {...form.getInputProps('statusDate')}
          />
        </SimpleGrid>
        {form.errors.form ? <Input.Error role="alert">{String(form.errors.form)}</Input.Error> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
