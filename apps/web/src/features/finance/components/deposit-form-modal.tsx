import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/dates/styles.layer.css';
import { FileInput, Modal, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { IconPaperclip } from '@tabler/icons-react';
import {
  classesContract,
  createDepositBody,
  type Deposit,
  DEPOSIT_RECEIPT_MAX_BYTES,
  depositReceiptExtensions,
  depositTypes,
  paymentMethods,
} from '@tutoria/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { DepositGuide } from './deposit-guide';
import { api } from '@/lib/api-client';
import { formatFileSize, moneyDecimals } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { classKeys, financeKeys } from '@/lib/query-keys';
import { centreZone, inCentre } from '@/lib/time';
import { uploadDepositReceipt } from '../api/deposit-receipts';
import { useSaveDeposit } from '../api/deposits';
import { ContractPaymentFields } from './contract-payment-fields';
import { FormFooter } from './form-footer';

export interface DepositFormValues extends Record<string, unknown> {
  classroomId: string | null;
  /** contracts (issue 28): the contract a deposit of type Contract pays. */
  contractId: string | null;
  studentPublicKey: string | null;
  amount: number | string;
  discountValue: number | string;
  chargeAt: string | null;
  paymentMethod: string | null;
  depositType: string;
}

/**
 * The form's values as the request body: the date is the centre's midnight of that day; a contract
 * payment (issue 28) names its contract, no class and no discount.
 */
const toBody = (v: DepositFormValues) => ({
  classroomId: v.depositType === 'Contract' ? null : v.classroomId,
  contractId: v.depositType === 'Contract' ? v.contractId : null,
  studentPublicKey: v.studentPublicKey ?? '',
  amount: v.amount === '' ? Number.NaN : Number(v.amount),
  discountValue: v.depositType === 'Contract' || v.discountValue === '' ? 0 : Number(v.discountValue),
  chargeAt: v.chargeAt ? dayjs.tz(v.chargeAt, centreZone()).unix() : Number.NaN,
  paymentMethod: v.paymentMethod ?? '',
  depositType: v.depositType,
});
const schema = bodySchema(createDepositBody, toBody);

/** A new contract payment from the contracts page (issue 28): its student and contract chosen already. */
export interface ContractPaymentPreset {
  studentPublicKey: string;
  studentName: string;
  contractId: string;
}

interface DepositFormModalProps {
  opened: boolean;
  /** The deposit to edit (waiting only); none to record a new one. */
  deposit: Deposit | null;
  /** A new payment of this contract. */
  preset?: ContractPaymentPreset | null;
  onClose: () => void;
}

export function DepositFormModal({ opened, deposit, preset = null, onClose }: DepositFormModalProps) {
  const { t } = useTranslation('finance');
  return (
    <Modal opened={opened} onClose={onClose} title={deposit ? t('form.editTitle') : t('form.createTitle')} size="lg" centered>
      {opened ? (
        <DepositForm key={deposit?.depositId ?? preset?.contractId ?? 'new'} deposit={deposit} preset={preset} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function DepositForm({ deposit, preset, onDone }: { deposit: Deposit | null; preset: ContractPaymentPreset | null; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const save = withReceipt(useSaveDeposit());
  const [receipt, setReceipt] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const maxSize = formatFileSize(DEPOSIT_RECEIPT_MAX_BYTES);

  /** Uploads the chosen receipt to a saved deposit; a refused file is said, the deposit stays saved. */
  async function attach(depositId: string, file: File) {
    setUploading(true);
    try {
      notifySuccess((await uploadDepositReceipt(depositId, file)).message);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  }

  /**
   * The deposit is saved first; a chosen receipt is uploaded right after, to the deposit saved. A
   * refused file does not undo the deposit: its reason is shown, and the deposit's edit takes another.
   */
  function withReceipt<Body>(call: {
    mutate: (
      body: Body,
      options: {
        onSuccess: (result: { message: string; deposit: Deposit }) => void;
        onError: (error: Error) => void;
      },
    ) => void;
    isPending: boolean;
  }) {
    return {
      isPending: call.isPending,
      mutate: (
        body: Body,
        options: { onSuccess: (result: { message: string }) => void; onError: (error: Error) => void },
      ) =>
        call.mutate(body, {
          onError: options.onError,
          onSuccess: (result) => {
            if (!receipt) return options.onSuccess(result);
            void attach(result.deposit.depositId, receipt).finally(() => options.onSuccess(result));
          },
        }),
    };
  }
  const form = useSchemaForm<DepositFormValues>(
    schema,
    {
      classroomId: deposit?.classroomId ?? null,
      contractId: deposit?.contractId ?? preset?.contractId ?? null,
      studentPublicKey: deposit?.studentPublicKey ?? preset?.studentPublicKey ?? null,
      amount: deposit?.amount ?? '',
      discountValue: deposit?.discountValue ?? 0,
      chargeAt: deposit ? inCentre(deposit.chargeAt).format('YYYY-MM-DD') : dayjs().tz(centreZone()).format('YYYY-MM-DD'),
      paymentMethod: deposit?.paymentMethod ?? null,
      depositType: deposit?.depositType ?? (preset ? 'Contract' : 'Classroom'),
    },
    { mode: 'controlled' },
  );
  const classroomId = form.values.classroomId;
  const forContract = form.values.depositType === 'Contract';
  const classes = useQuery({
    queryKey: financeKeys.classOptions,
    queryFn: ({ signal }) =>
      api.call(classesContract.list, { body: { page: { index: 1, size: 200 }, where: [], order: [] } }, { signal }),
    enabled: !forContract,
  });
  const details = useQuery({
    queryKey: classKeys.details(classroomId),
    queryFn: ({ signal }) => api.call(classesContract.get, { query: { classroomId: classroomId ?? '' } }, { signal }),
    enabled: classroomId !== null && !forContract,
  });
  const classOptions = (classes.data?.data ?? []).map((c) => ({ value: c.classroomId, label: c.classroomName }));
  const studentOptions = (details.data?.students ?? [])
    .filter((s) => s.studentPublicKey !== null)
    .map((s) => ({ value: s.studentPublicKey ?? '', label: s.studentName }));

  // Only a receipt chosen for an unchanged deposit: no edit (it would take back the confirmation steps).
  const attachOnly = form.onSubmit(() => {
    if (deposit && receipt) void attach(deposit.depositId, receipt).finally(onDone);
  });
  const submit = deposit
    ? receipt && !form.isDirty()
      ? attachOnly
      : form.onSave(save, (v) => ({ depositId: deposit.depositId, ...createDepositBody.parse(toBody(v)) }), onDone)
    : form.onSave(save, (v) => createDepositBody.parse(toBody(v)), onDone);

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {forContract ? (
            <ContractPaymentFields
              form={form}
              studentName={deposit?.studentName ?? preset?.studentName ?? null}
            />
          ) : (
            <>
              <Select
                label={t('fields.classroom')}
                data={classOptions}
                searchable
                withAsterisk
                comboboxProps={{ withinPortal: true }}
                key={form.key('classroomId')}
                {...form.getInputProps('classroomId')}
                onChange={(value) => {
                  form.setFieldValue('classroomId', value);
                  form.setFieldValue('studentPublicKey', null);
                }}
              />
              <Select
                label={t('fields.student')}
                data={studentOptions}
                searchable
                withAsterisk
                disabled={classroomId === null}
                comboboxProps={{ withinPortal: true }}
                key={form.key('studentPublicKey')}
                {...form.getInputProps('studentPublicKey')}
              />
            </>
          )}
          <NumberInput
            label={t('fields.amount')}
            min={0}
            decimalScale={moneyDecimals()}
            thousandSeparator=","
            withAsterisk
            key={form.key('amount')}
            {...form.getInputProps('amount')}
          />
          {forContract ? null : (
            <NumberInput
              label={t('fields.discountValue')}
              min={0}
              decimalScale={moneyDecimals()}
              thousandSeparator=","
              key={form.key('discountValue')}
              {...form.getInputProps('discountValue')}
            />
          )}
          <DateInput
            label={t('fields.chargeAt')}
            valueFormat="YYYY-MM-DD"
            withAsterisk
            popoverProps={{ withinPortal: true }}
            key={form.key('chargeAt')}
            {...form.getInputProps('chargeAt')}
          />
          <Select
            label={t('fields.paymentMethod')}
            data={paymentMethods.map((m) => ({ value: m, label: t(`paymentMethods.${m}`) }))}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            key={form.key('paymentMethod')}
            {...form.getInputProps('paymentMethod')}
          />
          <Select
            label={t('fields.depositType')}
            data={depositTypes.map((m) => ({ value: m, label: t(`depositTypes.${m}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            key={form.key('depositType')}
            {...form.getInputProps('depositType')}
            onChange={(value) => {
              // A class deposit and a contract payment name different things: the student is chosen again.
              if (value === null || value === form.values.depositType) return;
              if ((value === 'Contract') !== forContract) {
                form.setFieldValue('studentPublicKey', null);
                form.setFieldValue('contractId', null);
              }
              form.setFieldValue('depositType', value);
            }}
          />
        </SimpleGrid>
        <FileInput
          label={t('receipt.field')}
          description={t('receipt.hint', { size: maxSize })}
          placeholder={deposit?.receipt ? t('receipt.replaces', { name: deposit.receipt.name }) : t('receipt.none')}
          accept={depositReceiptExtensions.join(',')}
          leftSection={<IconPaperclip size={16} />}
          clearable
          value={receipt}
          error={receipt && receipt.size > DEPOSIT_RECEIPT_MAX_BYTES ? t('receipt.tooLarge', { size: maxSize }) : undefined}
          onChange={setReceipt}
          data-testid="deposit-receipt-input"
        />
        {deposit || forContract ? null : <DepositGuide studentPublicKey={form.values.studentPublicKey} classroomId={classroomId} />}
        <Text size="sm" c="dimmed">
          {forContract ? `${t('contractForm.hint')} ${t('form.hint')}` : t('form.hint')}
        </Text>
        <FormFooter
          error={form.errors.form}
          onCancel={onDone}
          loading={save.isPending || uploading}
          disabled={receipt !== null && receipt.size > DEPOSIT_RECEIPT_MAX_BYTES}
        />
      </Stack>
    </form>
  );
}
