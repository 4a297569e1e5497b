import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { lessonTypeLabel, lessonTypes, type TeacherFee, teacherTypes, upsertTeacherFeeBody } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import { moneyDecimals } from '@/lib/format';
import { useUpsertTeacherFee } from '../api/fees';
import { TeacherSelect } from '@/features/users';
import { FormFooter } from './form-footer';

interface Values extends Record<string, unknown> {
  teacherPublicKey: string | null;
  fee: number | string;
  teacherType: string | null;
  lessonType: string | null;
}

interface TeacherFeeFormModalProps {
  opened: boolean;
  /** The fee to edit; none to add one. */
  fee: TeacherFee | null;
  onClose: () => void;
}

/** Adds or edits a teacher's fee per hour for a lesson type (SPEC §3 TeacherFee). */
export function TeacherFeeFormModal({ opened, fee, onClose }: TeacherFeeFormModalProps) {
  const { t } = useTranslation('finance');
  return (
    <Modal opened={opened} onClose={onClose} title={fee ? t('fees.editTitle') : t('fees.createTitle')} centered>
      {opened ? <FeeForm key={fee?.teacherFeeId ?? 'new'} fee={fee} onDone={onClose} /> : null}
    </Modal>
  );
}

function FeeForm({ fee, onDone }: { fee: TeacherFee | null; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const save = useUpsertTeacherFee();
  const toBody = (v: Values) => ({
    ...(fee ? { teacherFeeId: fee.teacherFeeId } : {}),
    teacherPublicKey: v.teacherPublicKey ?? '',
    fee: v.fee === '' ? Number.NaN : Number(v.fee),
    teacherType: v.teacherType ?? '',
    lessonType: v.lessonType ?? '',
  });
  const form = useSchemaForm<Values>(
    bodySchema(upsertTeacherFeeBody, toBody),
    {
      teacherPublicKey: fee?.teacherPublicKey ?? null,
      fee: fee?.fee ?? '',
      teacherType: fee?.teacherType ?? 'FullTime',
      lessonType: fee?.lessonType ?? null,
    },
    { mode: 'controlled' },
  );
  return (
    <form noValidate onSubmit={form.onSave(save, (v) => upsertTeacherFeeBody.parse(toBody(v)), onDone)}>
      <Stack gap="md">
        {fee ? (
          <TextInput label={t('fees.teacher')} value={fee.fullName} readOnly />
        ) : (
          <TeacherSelect
            label={t('fees.teacher')}
            value={form.values.teacherPublicKey}
            onChange={(value) => form.setFieldValue('teacherPublicKey', value)}
            error={form.errors.teacherPublicKey}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('fees.fee')}
            min={0}
            decimalScale={moneyDecimals()}
            thousandSeparator=","
            withAsterisk
            key={form.key('fee')}
            {...form.getInputProps('fee')}
          />
          <Select
            label={t('fees.teacherType')}
            data={teacherTypes.map((type) => ({ value: type, label: t(`fees.teacherTypes.${type}`) }))}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            key={form.key('teacherType')}
            {...form.getInputProps('teacherType')}
          />
        </SimpleGrid>
        <Select
          label={t('fees.lessonType')}
          data={lessonTypes.map((type) => ({ value: type, label: lessonTypeLabel(type, language) }))}
          searchable
          withAsterisk
          comboboxProps={{ withinPortal: true }}
          key={form.key('lessonType')}
          {...form.getInputProps('lessonType')}
        />
        <FormFooter error={form.errors.form} onCancel={onDone} loading={save.isPending} />
      </Stack>
    </form>
  );
}
