import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/dates/styles.layer.css';
import { Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  createSettlementBody,
  editSettlementBody,
  lessonTypeLabel,
  lessonTypes,
  type Settlement,
  settlementTypes,
} from '@tutoria/shared';
import dayjs from 'dayjs';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { formatMoney, moneyDecimals } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { savedThen } from '@/lib/notify';
import { centreZone, inCentre } from '@/lib/time';
import { type GuideQuery, useSettlementGuide, useSettlementMutation } from '../api/settlements';
import { FormFooter } from './form-footer';
import { SettlementGuideLines, totalOf } from './settlement-guide-lines';
import { TeacherSelect } from '@/features/users';

interface Values extends Record<string, unknown> {
  type: string;
  teacherPublicKey: string | null;
  /** YYYY-MM-DD in the centre's zone: sessions that started up to the end of that day. */
  toDate: string | null;
  fromDate: string | null;
  lessonType: string | null;
  amount: number | string;
  description: string;
  sessionIds: string[];
  pay: boolean;
}

const endOfDay = (date: string) => dayjs.tz(date, centreZone()).endOf('day').unix();
const startOfDay = (date: string) => dayjs.tz(date, centreZone()).startOf('day').unix();
const dayOf = (seconds: number) => inCentre(seconds).format('YYYY-MM-DD');

/** The guide's query for these values, or none while a teacher or a date is missing. */
function guideQuery(v: Values): GuideQuery | null {
  if (v.type !== 'TeachingSalary' || !v.teacherPublicKey || !v.toDate) return null;
  return {
    teacherPublicKey: v.teacherPublicKey,
    toTime: endOfDay(v.toDate),
    ...(v.fromDate ? { fromTime: startOfDay(v.fromDate) } : {}),
    ...(v.lessonType ? { teacherLessonType: v.lessonType as NonNullable<GuideQuery['teacherLessonType']> } : {}),
  };
}

interface SettlementFormModalProps {
  opened: boolean;
  /** A waiting settlement to edit; none to make a new one. */
  settlement: Settlement | null;
  /** The teacher a new settlement is for (the teachers' sums offer "Pay"). */
  teacherPublicKey?: string | null;
  onClose: () => void;
}

/**
 * A new settlement (SPEC §7 create_settlement), with the guide for create: a teaching salary pays
 * the teacher's held sessions the admin confirmed up to a date, listed session by session to check
 * before paying (unchecked ones stay unpaid); an other payment pays an amount. Paid at once unless
 * "Pay now" is off. A waiting settlement is edited here too (its sessions are chosen again).
 */
export function SettlementFormModal({ opened, settlement, teacherPublicKey, onClose }: SettlementFormModalProps) {
  const { t } = useTranslation('settlements');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={settlement ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
      centered
    >
      {opened ? (
        <SettlementForm key={settlement?.settlementId ?? teacherPublicKey ?? 'new'} settlement={settlement} teacherPublicKey={teacherPublicKey ?? null} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function SettlementForm({ settlement, teacherPublicKey, onDone }: { settlement: Settlement | null; teacherPublicKey: string | null; onDone: () => void }) {
  const { t } = useTranslation('settlements');
  const language = currentLanguage();
  const create = useSettlementMutation('create');
  const edit = useSettlementMutation('edit');
  const editing = settlement !== null;
  const toBody = (v: Values) => {
    const teaching = v.type === 'TeachingSalary';
    return {
      ...(settlement ? { settlementId: settlement.settlementId } : { pay: v.pay }),
      type: v.type,
      teacherPublicKey: v.teacherPublicKey ?? '',
      toTime: v.toDate ? endOfDay(v.toDate) : Number.NaN,
      fromTime: v.fromDate ? startOfDay(v.fromDate) : null,
      lessonType: v.lessonType,
      description: v.description || null,
      ...(teaching
        ? editing
          ? {}
          : { sessionIds: v.sessionIds, amount: v.sessionIds.length ? totalOf(pickedLines(v)).amount : null }
        : { amount: v.amount === '' ? Number.NaN : Number(v.amount) }),
    };
  };
  const schema = editing ? editSettlementBody : createSettlementBody;
  const form = useSchemaForm<Values>(
    bodySchema(schema, toBody),
    {
      type: settlement?.type ?? 'TeachingSalary',
      teacherPublicKey: settlement?.teacherPublicKey ?? teacherPublicKey,
      toDate: settlement ? dayOf(settlement.toTime) : dayOf(Math.floor(Date.now() / 1000)),
      fromDate: settlement?.fromTime != null ? dayOf(settlement.fromTime) : null,
      lessonType: settlement?.lessonType ?? null,
      amount: settlement?.type === 'OtherPayments' ? settlement.amount : '',
      description: settlement?.description ?? '',
      sessionIds: [],
      pay: true,
    },
    { mode: 'controlled' },
  );
  const v = form.values;
  const query = editing ? null : guideQuery(v);
  const guide = useSettlementGuide(query);
  const lines = guide.data?.lines;
  function pickedLines(values: Values) {
    const chosen = new Set(values.sessionIds);
    return (guide.data?.lines ?? []).filter((l) => chosen.has(l.sessionId));
  }
  // A new guide (another teacher, date or type) checks every one of its lines.
  const checkAll = useEffectEvent(() => form.setFieldValue('sessionIds', (lines ?? []).map((l) => l.sessionId)));
  useEffect(() => checkAll(), [lines]);

  const teaching = v.type === 'TeachingSalary';
  const total = teaching ? totalOf(pickedLines(v)).amount : Number(v.amount || 0);
  const submitLabel = !editing && v.pay ? t('form.pay', { amount: formatMoney(total, language) }) : t('form.save');
  const call = editing ? edit : create;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const body = schema.parse(toBody(values));
        call.mutate(body as never, {
          onSuccess: savedThen(onDone),
          onError: (error) => {
            form.setServerErrors(error);
            void guide.refetch();
          },
        });
      })}
    >
      <Stack gap="md">
        {editing ? null : (
          <SegmentedControl
            fullWidth
            data={settlementTypes.map((x) => ({ value: x, label: t(`types.${x}`) }))}
            {...form.getInputProps('type')}
          />
        )}
        {editing ? (
          <TextInput label={t('form.teacher')} value={settlement.teacherName} readOnly />
        ) : (
          <TeacherSelect
            label={t('form.teacher')}
            value={v.teacherPublicKey}
            onChange={(value) => form.setFieldValue('teacherPublicKey', value)}
            error={form.errors.teacherPublicKey}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateInput
            label={t('form.toTime')}
            valueFormat="YYYY-MM-DD"
            withAsterisk
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('toDate')}
            error={form.errors.toTime ?? form.errors.toDate}
          />
          <DateInput
            label={t('form.fromTime')}
            valueFormat="YYYY-MM-DD"
            clearable
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('fromDate')}
            error={form.errors.fromTime}
          />
        </SimpleGrid>
        {teaching ? (
          <Select
            label={t('form.lessonType')}
            data={lessonTypes.map((x) => ({ value: x, label: lessonTypeLabel(x, language) }))}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('lessonType')}
          />
        ) : (
          <NumberInput
            label={t('form.amount')}
            min={0}
            decimalScale={moneyDecimals()}
            thousandSeparator=","
            withAsterisk
            {...form.getInputProps('amount')}
          />
        )}
        {teaching && editing ? (
          <Text size="sm" c="dimmed">
            {t('form.editSessionsNote')}
          </Text>
        ) : null}
        {teaching && !editing ? (
          <SettlementGuideLines
            guide={guide.data}
            loading={guide.isFetching && !guide.data}
            selected={v.sessionIds}
            onChange={(ids) => form.setFieldValue('sessionIds', ids)}
            error={form.errors.sessionIds ?? (teaching ? form.errors.amount : undefined)}
          />
        ) : null}
        <Textarea label={t('form.description')} autosize minRows={1} {...form.getInputProps('description')} />
        {editing ? null : <Switch label={t('form.payNow')} {...form.getInputProps('pay', { type: 'checkbox' })} />}
        <FormFooter
          error={form.errors.form}
          onCancel={onDone}
          submitLabel={submitLabel}
          loading={call.isPending}
          color={!editing && v.pay ? 'teal' : undefined}
          disabled={teaching && !editing && !v.sessionIds.length}
        />
      </Stack>
    </form>
  );
}
