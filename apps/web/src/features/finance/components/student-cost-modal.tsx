import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ClassroomBalance, editStudentsCostBody } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { moneyDecimals } from '@/lib/format';
import { useEditStudentsCost } from '../api/deposits';
import { FormFooter } from './form-footer';

interface Values extends Record<string, unknown> {
  cost: number | string;
  discount: number | string;
}

/** Sets one student's cost and discount per hour in a class (consultants, SPEC §7). */
export function StudentCostModal({ row, onClose }: { row: ClassroomBalance | null; onClose: () => void }) {
  const { t } = useTranslation('finance');
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('prices.title')} centered>
      {row ? <CostForm key={`${row.classroomId}-${row.studentPublicKey}`} row={row} onDone={onClose} /> : null}
    </Modal>
  );
}

function CostForm({ row, onDone }: { row: ClassroomBalance; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const save = useEditStudentsCost();
  const toBody = (v: Values) => ({
    classroomId: row.classroomId,
    students: [
      {
        studentPublicKey: row.studentPublicKey,
        studentCostPerHour: v.cost === '' ? Number.NaN : Number(v.cost),
        studentDiscountPerHour: v.discount === '' ? 0 : Number(v.discount),
      },
    ],
  });
  const form = useSchemaForm<Values>(bodySchema(editStudentsCostBody, toBody), {
    cost: row.costPerHour ?? '',
    discount: row.discountPerHour ?? 0,
  });
  // Errors are named after the body's fields; show them under the two inputs.
  const error = (field: string) => form.errors[`students.0.${field}`];
  return (
    <form noValidate onSubmit={form.onSave(save, (v) => editStudentsCostBody.parse(toBody(v)), onDone)}>
      <Stack gap="md">
        <Text size="sm">{t('prices.body', { student: row.studentName, classroom: row.classroomName })}</Text>
        <SimpleGrid cols={2}>
          <NumberInput
            label={t('prices.cost')}
            min={0}
            decimalScale={moneyDecimals()}
            withAsterisk
            key={form.key('cost')}
            {...form.getInputProps('cost')}
            error={error('studentCostPerHour')}
          />
          <NumberInput
            label={t('prices.discount')}
            min={0}
            decimalScale={moneyDecimals()}
            key={form.key('discount')}
            {...form.getInputProps('discount')}
            error={error('studentDiscountPerHour')}
          />
        </SimpleGrid>
        <FormFooter error={form.errors.form} onCancel={onDone} loading={save.isPending} />
      </Stack>
    </form>
  );
}
