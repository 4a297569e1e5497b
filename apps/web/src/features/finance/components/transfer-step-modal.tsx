import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { confirmTransferBody, reverseTransferBody, type Transfer } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';
import { useTransferMutation } from '../api/transfers';
import type { TransferStep } from './transfer-row-actions';

interface TransferStepModalProps {
  transfer: Transfer | null;
  step: TransferStep;
  onClose: () => void;
}

/** Confirms (with an optional message) or reverses (with a reason) one transfer. */
export function TransferStepModal({ transfer, step, onClose }: TransferStepModalProps) {
  const { t } = useTranslation('finance');
  return (
    <Modal opened={transfer !== null} onClose={onClose} title={t(`transfers.steps.${step}.title`)} centered>
      {transfer ? (
        <StepForm key={`${transfer.transferId}-${step}`} transfer={transfer} step={step} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function StepForm({
  transfer,
  step,
  onDone,
}: {
  transfer: Transfer;
  step: TransferStep;
  onDone: () => void;
}) {
  const { t } = useTranslation('finance');
  const call = useTransferMutation(step);
  const reversing = step === 'reverse';
  // Only the fields of the body being sent: the schemas are strict.
  const form = useSchemaForm<Record<string, string>>(
    reversing ? reverseTransferBody : confirmTransferBody,
    reversing
      ? { transferId: transfer.transferId, reason: '' }
      : { transferId: transfer.transferId, message: '' },
  );
  const toBody = (v: Record<string, string>) =>
    reversing
      ? reverseTransferBody.parse({ transferId: v.transferId, reason: v.reason })
      : confirmTransferBody.parse({ transferId: v.transferId, message: v.message });
  return (
    <form noValidate onSubmit={form.onSave(call, toBody, onDone)}>
      <Stack gap="md">
        <Text size="sm">
          {t(`transfers.steps.${step}.body`, {
            student: transfer.studentName,
            source: transfer.source.classroomName,
            destination: transfer.destination.classroomName,
            amount: formatMoney(transfer.amount, currentLanguage()),
          })}
        </Text>
        {reversing ? (
          <Textarea
            label={t('fields.reason')}
            withAsterisk
            autosize
            minRows={2}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
        ) : (
          <Textarea
            label={t('fields.message')}
            autosize
            minRows={2}
            key={form.key('message')}
            {...form.getInputProps('message')}
          />
        )}
        {form.errors.form ? (
          <Text size="sm" c="red">
            {form.errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color={reversing ? 'red' : undefined} loading={call.isPending}>
            {t(`transfers.steps.${step}.submit`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
