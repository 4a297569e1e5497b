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
import { MAX_TIMES_PER_REQUEST } from '@tutoria/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAddAvailableTimes } from '../api/timetable';
import { centreZone, inCentre, repeatWeekly, toEpoch } from '@/lib/time';

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

function AddForm({
  draft,
  teachers,
  onDone,
}: {
  draft: AddAvailabilityDraft;
  teachers: AddAvailabilityModalProps['teachers'];
  onDone: () => void;
}) {
  const { t } = useTranslation(['schedule', 'messages']);
  const add = useAddAvailableTimes();
  const [teacher, setTeacher] = useState<string | null>(draft.teacherPublicKey);
  const [date, setDate] = useState<string | null>(inCentre(draft.start).format('YYYY-MM-DD'));
  const [from, setFrom] = useState(inCentre(draft.start).format('HH:mm'));
  const [to, setTo] = useState(inCentre(draft.end).format('HH:mm'));
  const [repeat, setRepeat] = useState(false);
  const [until, setUntil] = useState<string | null>(
    inCentre(draft.start).add(4, 'week').format('YYYY-MM-DD'),
  );
  const [error, setError] = useState<string | null>(null);

  const at = (time: string) =>
    date && /^\d\d:\d\d/.test(time) ? toEpoch(dayjs.tz(`${date} ${time.slice(0, 5)}`, centreZone())) : null;
  const start = at(from);
  const end = at(to);
  const untilEpoch = until ? toEpoch(dayjs.tz(`${until} 23:59`, centreZone())) : null;
  const times =
    start !== null && end !== null && end > start
      ? repeatWeekly([{ start, end }], repeat ? { until: untilEpoch } : {})
      : [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (teachers && !teacher) return setError(t('messages:selectTeacher'));
    if (start === null || end === null || end <= start) return setError(t('messages:endAfterStart'));
    add.mutate(
      { teacherPublicKey: teacher ?? undefined, times: times.slice(0, MAX_TIMES_PER_REQUEST) },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          onDone();
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setError(failure.message);
          else notifyError(String(failure));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {teachers ? (
          <Select
            label={t('add.teacher')}
            placeholder={t('add.teacherPlaceholder')}
            data={teachers}
            value={teacher}
            onChange={setTeacher}
            searchable
            withAsterisk
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <DateInput
          label={t('add.date')}
          value={date}
          onChange={setDate}
          valueFormat="YYYY-MM-DD"
          withAsterisk
          popoverProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={2}>
          <TimeInput
            label={t('add.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            withAsterisk
          />
          <TimeInput
            label={t('add.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            withAsterisk
          />
        </SimpleGrid>
        <Switch
          label={t('add.repeat')}
          checked={repeat}
          onChange={(e) => setRepeat(e.currentTarget.checked)}
        />
        {repeat ? (
          <DateInput
            label={t('add.until')}
            description={t('add.untilHint')}
            value={until}
            onChange={setUntil}
            valueFormat="YYYY-MM-DD"
            minDate={date ?? undefined}
            popoverProps={{ withinPortal: true }}
          />
        ) : null}
        <Text size="sm" c="dimmed" data-testid="availability-count">
          {t('add.count', { count: times.length })}
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
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
