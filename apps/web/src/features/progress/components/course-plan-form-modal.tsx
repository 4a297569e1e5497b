import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import {
  Button,
  Group,
  Input,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  classroomTypes,
  classTypeLabels,
  type ClassroomType,
  type CoursePlanEntry,
  type CoursePlanStatus,
  coursePlanStatuses,
  coursePlanStatusLabels,
  type LessonType,
  upsertCoursePlanBody,
} from '@tutoria/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { lessonTypeOptions } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';
import { useProgressMutation } from '../api/progress';
import { typedNumber } from '../lib/numbers';

interface CoursePlanFormModalProps {
  opened: boolean;
  studentPublicKey: string;
  /** The entry edited; null: a new one. */
  entry: CoursePlanEntry | null;
  onClose: () => void;
}

export function CoursePlanFormModal({ opened, studentPublicKey, entry, onClose }: CoursePlanFormModalProps) {
  const { t } = useTranslation('progress');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? t('plan.editTitle') : t('plan.createTitle')}
      size="lg"
      centered
    >
      {opened ? (
        <CoursePlanForm
          key={entry?.progressStageCoursePlanId ?? 'new'}
          studentPublicKey={studentPublicKey}
          entry={entry}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

type PlanValues = {
  lessonType: LessonType | null;
  lessonTopic: string;
  sessionPerWeek: number | string;
  suggestedHours: number | string;
  classType: ClassroomType | null;
  status: CoursePlanStatus;
};

function CoursePlanForm({
  studentPublicKey,
  entry,
  onDone,
}: {
  studentPublicKey: string;
  entry: CoursePlanEntry | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('progress');
  const language = currentLanguage();
  const save = useProgressMutation('upsertCoursePlan', { silent: true });
  const schema = useMemo(
    () =>
      bodySchema(upsertCoursePlanBody, (values: PlanValues) => ({
        ...values,
        studentPublicKey,
        progressStageCoursePlanId: entry?.progressStageCoursePlanId ?? null,
        sessionPerWeek: typedNumber(values.sessionPerWeek),
        suggestedHours: typedNumber(values.suggestedHours),
      })),
    [studentPublicKey, entry?.progressStageCoursePlanId],
  );
  const form = useSchemaForm<PlanValues>(schema, {
    lessonType: entry?.lessonType ?? null,
    lessonTopic: entry?.lessonTopic ?? '',
    sessionPerWeek: entry?.sessionPerWeek ?? 1,
    suggestedHours: entry?.suggestedHours ?? '',
    classType: entry?.classType ?? 'Private',
    status: entry?.status ?? 'New',
  });
  return (
    <form noValidate onSubmit={form.onSave(save, (values) => schema.parse(values), onDone)}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('plan.lessonType')}
            data={lessonTypeOptions(language)}
            searchable
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            key={form.key('lessonType')}
            {...form.getInputProps('lessonType')}
          />
          <TextInput
            label={t('plan.lessonTopic')}
            withAsterisk
            key={form.key('lessonTopic')}
            {...form.getInputProps('lessonTopic')}
          />
          <NumberInput
            label={t('plan.sessionPerWeek')}
            min={0}
            max={21}
            allowDecimal={false}
            key={form.key('sessionPerWeek')}
            {...form.getInputProps('sessionPerWeek')}
          />
          <NumberInput
            label={t('plan.suggestedHours')}
            min={0}
            decimalScale={2}
            withAsterisk
            key={form.key('suggestedHours')}
            {...form.getInputProps('suggestedHours')}
          />
          <Select
            label={t('plan.classType')}
            data={classroomTypes.map((value) => ({ value, label: classTypeLabels[value][language] }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            key={form.key('classType')}
            {...form.getInputProps('classType')}
          />
          <Input.Wrapper label={t('plan.status')}>
            <SegmentedControl
              fullWidth
              data={coursePlanStatuses.map((value) => ({
                value,
                label: coursePlanStatusLabels[value][language],
              }))}
              key={form.key('status')}
              {...form.getInputProps('status')}
            />
          </Input.Wrapper>
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
