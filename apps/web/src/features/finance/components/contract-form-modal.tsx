import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { ActionIcon, Button, FileInput, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CONTRACT_ADDITIONS_MAX,
  CONTRACT_FILE_MAX_BYTES,
  type Contract,
  contractFileExtensions,
  contractTypes,
  createContractBody,
  type CreateContractBody,
} from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import figures from '@/lib/figures.module.css';
import { formatFileSize, formatMoney, moneyDecimals } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { uploadContractFile, useContractMutation } from '../api/contracts';
import { FormFooter } from './form-footer';
import { StudentSelect } from './student-select';

interface Values extends Record<string, unknown> {
  contractType: string | null;
  studentPublicKey: string | null;
  contractValue: number | string;
  discountValue: number | string;
  additionalContracts: { title: string; value: number | string }[];
}

const amount = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** The form's values as the request body (names kept, so errors land under their fields). */
const toBody = (v: Values) => ({
  contractType: v.contractType ?? '',
  studentPublicKey: v.studentPublicKey ?? '',
  contractValue: amount(v.contractValue),
  discountValue: v.discountValue === '' ? 0 : Number(v.discountValue),
  additionalContracts: v.additionalContracts.map((a) => ({ title: a.title, value: amount(a.value) })),
});
const schema = bodySchema(createContractBody, toBody);

/** What is to pay as typed, in whole cents (never a float sum); the server's figure is the one kept. */
function totalOf(v: Values): number | null {
  const cents = (value: number | string) => (value === '' || !Number.isFinite(Number(value)) ? null : Math.round(Number(value) * 100));
  const parts = [cents(v.contractValue), ...v.additionalContracts.map((a) => cents(a.value))];
  if (parts.some((p) => p === null)) return null;
  const sum = (parts as number[]).reduce((a, b) => a + b, 0) - (cents(v.discountValue) ?? 0);
  return sum / 100;
}

interface ContractFormModalProps {
  opened: boolean;
  /** The contract to edit; none to record a new one. */
  contract: Contract | null;
  onClose: () => void;
}

export function ContractFormModal({ opened, contract, onClose }: ContractFormModalProps) {
  const { t } = useTranslation('contracts');
  return (
    <Modal opened={opened} onClose={onClose} title={contract ? t('form.editTitle') : t('form.createTitle')} size="lg" centered>
      {opened ? <ContractForm key={contract?.contractId ?? 'new'} contract={contract} onDone={onClose} /> : null}
    </Modal>
  );
}

/**
 * A contract: type, student, value, additional contracts (rows added and removed), discount, and
 * a file uploaded right after the contract is saved (a refused file is said; the contract stays).
 */
function ContractForm({ contract, onDone }: { contract: Contract | null; onDone: () => void }) {
  const { t } = useTranslation('contracts');
  const { t: tf } = useTranslation('finance');
  const language = currentLanguage();
  const create = useContractMutation('create');
  const edit = useContractMutation('edit');
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const maxSize = formatFileSize(CONTRACT_FILE_MAX_BYTES);
  const form = useSchemaForm<Values>(
    schema,
    {
      contractType: contract?.contractType ?? null,
      studentPublicKey: contract?.studentPublicKey ?? null,
      contractValue: contract?.contractValue ?? '',
      discountValue: contract?.discountValue ?? 0,
      additionalContracts: contract?.additionalContracts.map((a) => ({ title: a.title, value: a.value })) ?? [],
    },
    { mode: 'controlled' },
  );

  /** Uploads the chosen file to the saved contract; a refused file is said, the contract stays saved. */
  async function attach(contractId: string) {
    if (!file) return;
    setUploading(true);
    try {
      notifySuccess((await uploadContractFile(contractId, file)).message);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  }

  // The contract is saved first; a chosen file is uploaded right after, to the contract saved.
  const save = {
    mutate: (
      body: CreateContractBody,
      options: { onSuccess: (result: { message: string }) => void; onError: (error: Error) => void },
    ) => {
      const then = { onError: options.onError, onSuccess: (result: { message: string; contract: Contract }) => void attach(result.contract.contractId).finally(() => options.onSuccess(result)) };
      if (contract) edit.mutate({ contractId: contract.contractId, ...body }, then);
      else create.mutate(body, then);
    },
  };
  const submit = form.onSave(save, (v) => createContractBody.parse(toBody(v)), onDone);
  const rows = form.values.additionalContracts;
  const total = totalOf(form.values);

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('form.type')}
            data={contractTypes.map((x) => ({ value: x, label: tf(`contractTypes.${x}`) }))}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            key={form.key('contractType')}
            {...form.getInputProps('contractType')}
          />
          <StudentSelect
            label={t('form.student')}
            value={form.values.studentPublicKey}
            knownName={contract?.studentName ?? null}
            withAsterisk
            error={form.errors.studentPublicKey}
            onChange={(value) => form.setFieldValue('studentPublicKey', value)}
          />
          <NumberInput
            label={t('form.value')}
            min={0}
            decimalScale={moneyDecimals()}
            thousandSeparator=","
            withAsterisk
            key={form.key('contractValue')}
            {...form.getInputProps('contractValue')}
          />
          <NumberInput
            label={t('form.discount')}
            min={0}
            decimalScale={moneyDecimals()}
            thousandSeparator=","
            key={form.key('discountValue')}
            {...form.getInputProps('discountValue')}
          />
        </SimpleGrid>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" size="sm" fw={500} mb="xs">
            {t('form.additional')}
          </Text>
          <Stack gap="xs">
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('form.noAdditional')}
              </Text>
            ) : null}
            {rows.map((_, i) => (
              <Group key={i} align="flex-start" gap="sm" wrap="nowrap" data-testid="additional-contract">
                <TextInput
                  label={t('form.additionalTitle')}
                  labelProps={i === 0 ? undefined : { style: visuallyHidden }}
                  withAsterisk={i === 0}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`additionalContracts.${i}.title`)}
                />
                <NumberInput
                  label={t('form.additionalValue')}
                  labelProps={i === 0 ? undefined : { style: visuallyHidden }}
                  withAsterisk={i === 0}
                  min={0}
                  decimalScale={moneyDecimals()}
                  thousandSeparator=","
                  w={{ base: 120, xs: 160 }}
                  {...form.getInputProps(`additionalContracts.${i}.value`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={i === 0 ? 28 : 4}
                  aria-label={t('form.removeAdditional', { number: i + 1 })}
                  onClick={() => form.removeListItem('additionalContracts', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={rows.length >= CONTRACT_ADDITIONS_MAX}
                onClick={() => form.insertListItem('additionalContracts', { title: '', value: '' })}
              >
                {t('form.addAdditional')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
        {total === null ? null : (
          <Text fw={700} className={figures.figures} data-testid="contract-form-total">
            {t('form.total', { total: formatMoney(total, language) })}
          </Text>
        )}
        <FileInput
          label={t('form.file')}
          description={t('form.fileHint', { size: maxSize })}
          placeholder={contract?.file ? t('form.fileReplaces', { name: contract.file.name }) : t('form.fileNone')}
          accept={contractFileExtensions.join(',')}
          leftSection={<IconPaperclip size={16} />}
          clearable
          value={file}
          error={file && file.size > CONTRACT_FILE_MAX_BYTES ? t('form.fileTooLarge', { size: maxSize }) : undefined}
          onChange={setFile}
          data-testid="contract-file-input"
        />
        <Text size="sm" c="dimmed">
          {t('form.hint')}
        </Text>
        <FormFooter
          error={form.errors.form}
          onCancel={onDone}
          loading={create.isPending || edit.isPending || uploading}
          disabled={file !== null && file.size > CONTRACT_FILE_MAX_BYTES}
        />
      </Stack>
    </form>
  );
}

/** A label kept for screen readers on the rows after the first (the first row's labels head the columns). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
