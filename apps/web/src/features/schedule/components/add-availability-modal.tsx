import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/dates/styles.layer.css';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { addAvailableTimesBody, MAX_TIMES_PER_REQUEST } from '@tutoria/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { centreZone, inCentre, repeatWeekly, toEpoch } from '@/lib/time';
import { useAddAvailableTimes } from '../api/timetable';

export interface AddAvailabilityDraft {
  start: number;
  end: number;
  teacherPublicKey: string | null;
}

interface AddAvailabilityModalProps {
  draft: AddAvailabilityDraft | null;
  /** Offered to an admin (any teacher); a teacher adds to their own timetable only. */
  teachers: { value: string; label: string }[] | null;
  onClose: () => void;
}

export function AddAvailabilityModal({ draft, teachers, onClose }: AddAvailabilityModalProps) {
  const { t } = useTranslation('schedule');
  return (
    <Modal opened={draft !== null} onClose={onClose} title={t('add.title')} centered size="md">
      {draft ? (
        <AddForm key={`${draft.start}-${draft.end}`} draft={draft} teachers={teachers} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

type AvailabilityValues = {
  teacherPublicKey: string | null;
  date: string | null;
  /** Wall-clock times (HH:mm) in the centre's zone. */
  start: string;
  end: string;
  repeat: boolean;
  until: string | null;
};

/** The times the form adds: the one typed, or it every week until the chosen day. */
function timesOf({ date, start, end, repeat, until }: AvailabilityValues) {
  const at = (time: string) =>
    date && /^\d\d:\d\d/.test(time) ? toEpoch(dayjs.tz(`${date} ${time.slice(0, 5)}`, centreZone())) : null;
  const from = at(start);
  const to = at(end);
  if (from === null || to === null || to <= from)
    return { times: [], typed: { start: from ?? 0, end: to ?? 0 } };
  const repeatUntil = until ? toEpoch(dayjs.tz(`${until} 23:59`, centreZone())) : null;
  return {
    times: repeatWeekly([{ start: from, end: to }], repeat ? { until: repeatUntil } : {}),
    typed: null,
  };
}

/** An admin picks whose timetable; a teacher's own is the default the server applies. */
const teacherChosen = z.object({
  teacherPublicKey: z
    .string()
    .nullish()
    .refine((key) => Boolean(key), { params: { messageKey: 'selectTeacher' } }),
});

function AddForm({
  draft,
  teachers,
  onDone,
}: {
  draft: AddAvailabilityDraft;
  teachers: AddAvailabilityModalProps['teachers'];
  onDone: () => void;
}) {
  const { t } = useTranslation('schedule');
  const add = useAddAvailableTimes();
  const schema = useMemo(
    () =>
      bodySchema(
        teachers ? z.intersection(teacherChosen, addAvailableTimesBody) : addAvailableTimesBody,
        (values: AvailabilityValues) => {
          const { times, typed } = timesOf(values);
          // Times that do not make an interval are sent as typed, for the shared texts to name.
          return {
            teacherPublicKey: values.teacherPublicKey ?? undefined,
            times: typed ? [typed] : times.slice(0, MAX_TIMES_PER_REQUEST),
          };
        },
      ),
    [teachers],
  );
  const form = useSchemaForm<AvailabilityValues>(
    schema,
    {
      teacherPublicKey: draft.teacherPublicKey,
      date: inCentre(draft.start).format('YYYY-MM-DD'),
      start: inCentre(draft.start).format('HH:mm'),
      end: inCentre(draft.end).format('HH:mm'),
      repeat: false,
      until: inCentre(draft.start).add(4, 'week').format('YYYY-MM-DD'),
    },
    { mode: 'controlled' },
  );
  const submit = form.onSave(add, (values) => schema.parse(values), onDone);
  const values = form.getValues();
  // The errors are shown together above the buttons, the first one first.
  const failure = Object.values(form.errors)[0];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {teachers ? (
          <Select
            label={t('add.teacher')}
            placeholder={t('add.teacherPlaceholder')}
            data={teachers}
            value={values.teacherPublicKey}
            onChange={(key) => form.setFieldValue('teacherPublicKey', key)}
            searchable
            withAsterisk
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <DateInput
          label={t('add.date')}
          value={values.date}
          onChange={(date) => form.setFieldValue('date', date)}
          valueFormat="YYYY-MM-DD"
          withAsterisk
          popoverProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={2}>
          <TimeInput
            label={t('add.from')}
            value={values.start}
            onChange={(e) => form.setFieldValue('start', e.currentTarget.value)}
            withAsterisk
          />
          <TimeInput
            label={t('add.to')}
            value={values.end}
            onChange={(e) => form.setFieldValue('end', e.currentTarget.value)}
            withAsterisk
          />
        </SimpleGrid>
        <Switch
          label={t('add.repeat')}
          checked={values.repeat}
          onChange={(e) => form.setFieldValue('repeat', e.currentTarget.checked)}
        />
        {values.repeat ? (
          <DateInput
            label={t('add.until')}
            description={t('add.untilHint')}
            value={values.until}
            onChange={(until) => form.setFieldValue('until', until)}
            valueFormat="YYYY-MM-DD"
            minDate={values.date ?? undefined}
            popoverProps={{ withinPortal: true }}
          />
        ) : null}
        <Text size="sm" c="dimmed" data-testid="availability-count">
          {t('add.count', { count: timesOf(values).times.length })}
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
