import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { reverseSettlementBody, type Settlement } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useSettlementMutation } from '../api/settlements';
import { FormFooter } from './form-footer';

/** Reverses a paid settlement, with its reason: the reversing ledger entries; its sessions are unpaid again. */
export function SettlementReverseModal({ settlement, onClose }: { settlement: Settlement | null; onClose: () => void }) {
  const { t } = useTranslation('settlements');
  return (
    <Modal opened={settlement !== null} onClose={onClose} title={t('reverse.title')} centered>
      {settlement ? <ReverseForm key={settlement.settlementId} settlement={settlement} onDone={onClose} /> : null}
    </Modal>
  );
}

interface Values extends Record<string, unknown> {
  reason: string;
}

function ReverseForm({ settlement, onDone }: { settlement: Settlement; onDone: () => void }) {
  const { t } = useTranslation('settlements');
  const reverse = useSettlementMutation('reverse');
  const toBody = (v: Values) => ({ settlementId: settlement.settlementId, reason: v.reason });
  const form = useSchemaForm<Values>(bodySchema(reverseSettlementBody, toBody), { reason: '' });
  return (
    <form noValidate onSubmit={form.onSave(reverse, (v) => reverseSettlementBody.parse(toBody(v)), onDone)}>
      <Stack gap="md">
        <Text size="sm">
          {t('reverse.body', { teacher: settlement.teacherName, amount: formatMoney(settlement.amount, currentLanguage()) })}
        </Text>
        <Textarea label={t('reverse.reason')} withAsterisk autosize minRows={2} key={form.key('reason')} {...form.getInputProps('reason')} />
        <FormFooter error={form.errors.form} onCancel={onDone} submitLabel={t('reverse.confirm')} loading={reverse.isPending} color="red" />
      </Stack>
    </form>
  );
}
