import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { type ConsultantProfit, setConsultantShareBody } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useSetConsultantShare } from '../api/profit';
import { FormFooter } from './form-footer';

interface ConsultantShareModalProps {
  consultant: ConsultantProfit | null;
  defaultPercent: number;
  onClose: () => void;
}

/** Sets an academic consultant's share of profit (percent, 0–100), checked by the shared schema. */
export function ConsultantShareModal({ consultant, defaultPercent, onClose }: ConsultantShareModalProps) {
  const { t } = useTranslation('profit');
  return (
    <Modal opened={consultant !== null} onClose={onClose} title={t('share.title', { name: consultant?.consultantName ?? '' })} centered>
      {consultant ? <ShareForm key={consultant.consultantPublicKey} consultant={consultant} defaultPercent={defaultPercent} onDone={onClose} /> : null}
    </Modal>
  );
}

function ShareForm({ consultant, defaultPercent, onDone }: { consultant: ConsultantProfit; defaultPercent: number; onDone: () => void }) {
  const { t } = useTranslation('profit');
  const save = useSetConsultantShare();
  const form = useSchemaForm(setConsultantShareBody, { consultantPublicKey: consultant.consultantPublicKey, percent: consultant.percent });
  return (
    <form noValidate onSubmit={form.onSave(save, (values) => setConsultantShareBody.parse(values), onDone)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('share.body', { percent: formatNumber(defaultPercent, currentLanguage()) })}
        </Text>
        <NumberInput
          label={t('share.percent')}
          min={0}
          max={100}
          decimalScale={2}
          step={0.5}
          data-autofocus
          key={form.key('percent')}
          {...form.getInputProps('percent')}
        />
        <FormFooter error={form.errors.form} onCancel={onDone} submitLabel={t('share.save')} loading={save.isPending} />
      </Stack>
    </form>
  );
}
