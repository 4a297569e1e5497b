import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { confirmDepositBody, type Deposit, reverseDepositBody } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';
import { useDepositMutation } from '../api/deposits';

/** The steps a deposit goes through from its row: three confirmations and the reversal. */
export type DepositStep = 'confirm' | 'confirmByConsultant' | 'confirmByFinancialAdmin' | 'reverse';

interface DepositStepModalProps {
  deposit: Deposit | null;
  step: DepositStep;
  onClose: () => void;
}

/** Confirms (with an optional message) or reverses (with a reason) one deposit. */
export function DepositStepModal({ deposit, step, onClose }: DepositStepModalProps) {
  const { t } = useTranslation('finance');
  return (
    <Modal opened={deposit !== null} onClose={onClose} title={t(`steps.${step}.title`)} centered>
      {deposit ? (
        <StepForm key={`${deposit.depositId}-${step}`} deposit={deposit} step={step} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function StepForm({ deposit, step, onDone }: { deposit: Deposit; step: DepositStep; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const call = useDepositMutation(step);
  const reversing = step === 'reverse';
  // Only the fields of the body being sent: the schemas are strict.
  const form = useSchemaForm<Record<string, string>>(
    reversing ? reverseDepositBody : confirmDepositBody,
    reversing ? { depositId: deposit.depositId, reason: '' } : { depositId: deposit.depositId, message: '' },
  );
  const toBody = (v: Record<string, string>) =>
    reversing
      ? reverseDepositBody.parse({ depositId: v.depositId, reason: v.reason })
      : confirmDepositBody.parse({ depositId: v.depositId, message: v.message });
  return (
    <form noValidate onSubmit={form.onSave(call, toBody, onDone)}>
      <Stack gap="md">
        <Text size="sm">
          {t(`steps.${step}.body`, {
            student: deposit.studentName,
            classroom: deposit.classroomName,
            amount: formatMoney(deposit.amount, currentLanguage()),
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
            {t(`steps.${step}.submit`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
