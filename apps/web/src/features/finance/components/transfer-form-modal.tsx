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
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { classesContract, createTransferBody, type Transfer } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney, formatNumber, moneyDecimals } from '@/lib/format';
import { classKeys, financeKeys } from '@/lib/query-keys';
import { useTransferBalance, useTransferMutation } from '../api/transfers';
import { FormFooter } from './form-footer';

interface FormValues extends Record<string, unknown> {
  sourceClassroomId: string | null;
  studentPublicKey: string | null;
  destinationClassroomId: string | null;
  by: 'amount' | 'hours';
  quantity: number | string;
  chargePerHour: number | string;
  incomePerHour: number | string;
  description: string;
}

const optionalNumber = (v: number | string) => (v === '' ? null : Number(v));

/** The form's values as the request body: an amount or hours, as chosen; blank rates are the student's prices. */
const toBody = (v: FormValues) => ({
  studentPublicKey: v.studentPublicKey ?? '',
  sourceClassroomId: v.sourceClassroomId ?? '',
  destinationClassroomId: v.destinationClassroomId ?? '',
  amount: v.by === 'amount' ? (v.quantity === '' ? Number.NaN : Number(v.quantity)) : null,
  hours: v.by === 'hours' ? (v.quantity === '' ? Number.NaN : Number(v.quantity)) : null,
  chargePerHour: optionalNumber(v.chargePerHour),
  incomePerHour: optionalNumber(v.incomePerHour),
  description: v.description || null,
});
/** Field errors of `hours` and `amount` show on the one quantity input. */
const schema = bodySchema(createTransferBody, toBody);

interface TransferFormModalProps {
  opened: boolean;
  /** The transfer to edit (waiting only); none to record a new one. */
  transfer: Transfer | null;
  onClose: () => void;
}

export function TransferFormModal({ opened, transfer, onClose }: TransferFormModalProps) {
  const { t } = useTranslation('finance');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={transfer ? t('transfers.form.editTitle') : t('transfers.form.createTitle')}
      size="lg"
      centered
    >
      {opened ? (
        <TransferForm key={transfer?.transferId ?? 'new'} transfer={transfer} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function TransferForm({ transfer, onDone }: { transfer: Transfer | null; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const create = useTransferMutation('create');
  const edit = useTransferMutation('edit');
  const form = useSchemaForm<FormValues>(
    schema,
    {
      sourceClassroomId: transfer?.source.classroomId ?? null,
      studentPublicKey: transfer?.studentPublicKey ?? null,
      destinationClassroomId: transfer?.destination.classroomId ?? null,
      by: 'amount',
      quantity: transfer?.amount ?? '',
      chargePerHour: transfer?.chargePerHour ?? '',
      incomePerHour: transfer?.incomePerHour ?? '',
      description: transfer?.description ?? '',
    },
    { mode: 'controlled' },
  );
  const { sourceClassroomId, studentPublicKey } = form.values;
  const classes = useQuery({
    queryKey: financeKeys.classOptions,
    queryFn: ({ signal }) =>
      api.call(
        classesContract.list,
        { body: { page: { index: 1, size: 200 }, where: [], order: [] } },
        { signal },
      ),
  });
  const details = useQuery({
    queryKey: classKeys.details(sourceClassroomId),
    queryFn: ({ signal }) =>
      api.call(classesContract.get, { query: { classroomId: sourceClassroomId ?? '' } }, { signal }),
    enabled: sourceClassroomId !== null,
  });
  const balance = useTransferBalance(studentPublicKey);
  const rows = balance.data?.balances ?? [];
  const from = rows.find((r) => r.classroomId === sourceClassroomId);
  const classOptions = (classes.data?.data ?? []).map((c) => ({
    value: c.classroomId,
    label: c.classroomName,
  }));
  const studentOptions = (details.data?.students ?? [])
    .filter((s) => s.studentPublicKey !== null)
    .map((s) => ({ value: s.studentPublicKey ?? '', label: s.studentName }));
  const destinationOptions = rows
    .filter((r) => r.classroomId !== sourceClassroomId)
    .map((r) => ({
      value: r.classroomId,
      label: r.teacherName ? `${r.classroomName} · ${r.teacherName}` : r.classroomName,
    }));

  const parsed = (v: FormValues) => createTransferBody.parse(toBody(v));
  const submit = transfer
    ? form.onSave(edit, (v) => ({ transferId: transfer.transferId, ...parsed(v) }), onDone)
    : form.onSave(create, parsed, onDone);
  const quantityError = form.errors.amount ?? form.errors.hours;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('transfers.fields.source')}
            data={classOptions}
            searchable
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            key={form.key('sourceClassroomId')}
            {...form.getInputProps('sourceClassroomId')}
            onChange={(value) => {
              form.setFieldValue('sourceClassroomId', value);
              form.setFieldValue('studentPublicKey', null);
              form.setFieldValue('destinationClassroomId', null);
            }}
          />
          <Select
            label={t('fields.student')}
            data={studentOptions}
            searchable
            withAsterisk
            disabled={sourceClassroomId === null}
            comboboxProps={{ withinPortal: true }}
            key={form.key('studentPublicKey')}
            {...form.getInputProps('studentPublicKey')}
            onChange={(value) => {
              form.setFieldValue('studentPublicKey', value);
              form.setFieldValue('destinationClassroomId', null);
            }}
          />
        </SimpleGrid>
        {from ? (
          <Text size="sm" data-testid="transfer-movable">
            {t('transfers.form.movable', {
              amount: formatMoney(from.movable, language),
              hours: from.balanceInHour === null ? '—' : formatNumber(from.balanceInHour, language),
            })}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('transfers.fields.destination')}
            data={destinationOptions}
            searchable
            withAsterisk
            disabled={studentPublicKey === null}
            comboboxProps={{ withinPortal: true }}
            key={form.key('destinationClassroomId')}
            {...form.getInputProps('destinationClassroomId')}
          />
          <Stack gap={4}>
            <SegmentedControl
              size="xs"
              data={[
                { value: 'amount', label: t('transfers.fields.byAmount') },
                { value: 'hours', label: t('transfers.fields.byHours') },
              ]}
              key={form.key('by')}
              {...form.getInputProps('by')}
            />
            <NumberInput
              aria-label={form.values.by === 'amount' ? t('fields.amount') : t('transfers.fields.hours')}
              placeholder={form.values.by === 'amount' ? t('fields.amount') : t('transfers.fields.hours')}
              min={0}
              decimalScale={form.values.by === 'amount' ? moneyDecimals() : 2}
              thousandSeparator=","
              key={form.key('quantity')}
              {...form.getInputProps('quantity')}
              error={quantityError}
            />
          </Stack>
          <NumberInput
            label={t('transfers.fields.chargePerHour')}
            description={t('transfers.form.rateHint')}
            min={0}
            decimalScale={moneyDecimals()}
            thousandSeparator=","
            key={form.key('chargePerHour')}
            {...form.getInputProps('chargePerHour')}
          />
          <NumberInput
            label={t('transfers.fields.incomePerHour')}
            description={t('transfers.form.rateHint')}
            min={0}
            decimalScale={moneyDecimals()}
            thousandSeparator=","
            key={form.key('incomePerHour')}
            {...form.getInputProps('incomePerHour')}
          />
        </SimpleGrid>
        <Textarea
          label={t('transfers.fields.description')}
          autosize
          minRows={2}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Text size="sm" c="dimmed">
          {t('transfers.form.hint')}
        </Text>
        <FormFooter error={form.errors.form} onCancel={onDone} loading={create.isPending || edit.isPending} />
      </Stack>
    </form>
  );
}
