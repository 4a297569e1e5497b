import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';
import { type ConfirmationKind, confirmationKinds, type ConfirmationStep } from './confirmation-actions';
import { FormFooter } from './form-footer';

/** A step's call, as the kind's mutation hook gives it; its answer carries the server's message. */
interface StepCall<Body> {
  mutate: (body: Body, options: { onSuccess: (result: { message: string }) => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/** What the dialog needs of one kind of record: its calls, the bodies they take, its texts' values. */
export interface StepRecords<T, Body> {
  kind: ConfirmationKind;
  useStep: (step: ConfirmationStep) => StepCall<Body>;
  /** The bodies of a confirmation step (an optional message) and of the reversal (a reason). */
  bodies: { confirm: z.ZodType<Body>; reverse: z.ZodType<Body> };
  /** The record's id as the bodies name it (`{ depositId }`). */
  idOf: (record: T) => Record<string, string>;
  /** Who and where, for the step's text; the amount is added. */
  names: (record: T) => Record<string, string>;
  amountOf: (record: T) => number;
}

interface ConfirmationStepModalProps<T, Body> {
  records: StepRecords<T, Body>;
  record: T | null;
  step: ConfirmationStep;
  onClose: () => void;
}

/** Confirms (with an optional message) or reverses (with a reason) one record; the server's message says how it went. */
export function ConfirmationStepModal<T, Body>({ records, record, step, onClose }: ConfirmationStepModalProps<T, Body>) {
  const { t } = useTranslation('finance');
  return (
    <Modal opened={record !== null} onClose={onClose} title={t(`${confirmationKinds[records.kind].texts}steps.${step}.title`)} centered>
      {record ? (
        <StepForm key={`${Object.values(records.idOf(record)).join()}-${step}`} records={records} record={record} step={step} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function StepForm<T, Body>({ records, record, step, onDone }: { records: StepRecords<T, Body>; record: T; step: ConfirmationStep; onDone: () => void }) {
  const { t } = useTranslation('finance');
  const call = records.useStep(step);
  const reversing = step === 'reverse';
  const field = reversing ? 'reason' : 'message';
  const schema = reversing ? records.bodies.reverse : records.bodies.confirm;
  // Only the fields of the body being sent: the schemas are strict.
  const form = useSchemaForm<Record<string, string>>(schema, { ...records.idOf(record), [field]: '' });
  const toBody = (v: Record<string, string>) => schema.parse({ ...records.idOf(record), [field]: v[field] });
  return (
    <form noValidate onSubmit={form.onSave(call, toBody, onDone)}>
      <Stack gap="md">
        <Text size="sm">
          {t(`${confirmationKinds[records.kind].texts}steps.${step}.body`, {
            ...records.names(record),
            amount: formatMoney(records.amountOf(record), currentLanguage()),
          })}
        </Text>
        <Textarea
          label={t(`fields.${field}`)}
          withAsterisk={reversing}
          autosize
          minRows={2}
          key={form.key(field)}
          {...form.getInputProps(field)}
        />
        <FormFooter
          error={form.errors.form}
          onCancel={onDone}
          submitLabel={t(`${confirmationKinds[records.kind].texts}steps.${step}.submit`)}
          loading={call.isPending}
          color={reversing ? 'red' : undefined}
        />
      </Stack>
    </form>
  );
}
