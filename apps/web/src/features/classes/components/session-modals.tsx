import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/dates/styles.layer.css';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import type { ClassroomDetails, ClassSession } from '@tutoria/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { centreZone, inCentre, toEpoch } from '@/lib/time';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useClassMutation } from '../api/classes';

export type SessionDialog = 'presence' | 'teachingDay' | 'editTime';

interface SessionModalProps {
  dialog: SessionDialog | null;
  session: ClassSession | null;
  details: ClassroomDetails;
  onClose: () => void;
}

export function SessionModal({ dialog, session, details, onClose }: SessionModalProps) {
  const { t } = useTranslation('classes');
  const title = dialog ? t(`session.dialogs.${dialog}`) : '';
  return (
    <Modal opened={dialog !== null && session !== null} onClose={onClose} title={title} centered size="lg">
      {session && dialog === 'presence' ? (
        <PresenceForm session={session} details={details} onDone={onClose} />
      ) : null}
      {session && dialog === 'teachingDay' ? (
        <TeachingDayForm session={session} details={details} onDone={onClose} />
      ) : null}
      {session && dialog === 'editTime' ? <EditTimeForm session={session} onDone={onClose} /> : null}
    </Modal>
  );
}

function useDone(onDone: () => void) {
  return (result: { message: string }) => {
    notifySuccess(result.message);
    onDone();
  };
}

/** Presence and feedback per student (SPEC §3: present or absent flag, feedback). */
function PresenceForm({
  session,
  details,
  onDone,
}: {
  session: ClassSession;
  details: ClassroomDetails;
  onDone: () => void;
}) {
  const { t } = useTranslation('classes');
  const save = useClassMutation('setPresence');
  const done = useDone(onDone);
  const [rows, setRows] = useState(() =>
    details.students.map((s) => {
      const recorded = session.presences.find((p) => p.studentPublicKey === s.studentPublicKey);
      return {
        studentPublicKey: s.studentPublicKey,
        name: s.studentName,
        isPresent: recorded?.isPresent ?? true,
        feedback: recorded?.feedback ?? '',
      };
    }),
  );
  const set = (key: string, patch: Partial<(typeof rows)[number]>) =>
    setRows(rows.map((r) => (r.studentPublicKey === key ? { ...r, ...patch } : r)));
  return (
    <Stack gap="sm">
      {rows.map((r) => (
        <Paper key={r.studentPublicKey} withBorder radius="md" p="sm">
          <Stack gap={6}>
            <Checkbox
              label={r.name}
              checked={r.isPresent}
              onChange={(e) => set(r.studentPublicKey, { isPresent: e.currentTarget.checked })}
              description={r.isPresent ? t('session.present') : t('session.absent')}
            />
            <Textarea
              aria-label={t('session.feedbackFor', { name: r.name })}
              placeholder={t('session.feedbackPlaceholder')}
              autosize
              minRows={1}
              maxRows={4}
              value={r.feedback}
              onChange={(e) => set(r.studentPublicKey, { feedback: e.currentTarget.value })}
            />
          </Stack>
        </Paper>
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              {
                sessionId: session.sessionId,
                presences: rows.map((r) => ({
                  studentPublicKey: r.studentPublicKey,
                  isPresent: r.isPresent,
                  feedback: r.feedback || null,
                })),
              },
              { onSuccess: done },
            )
          }
        >
          {t('actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The teaching day: date, taught lessons, teaching minutes, online or offline (SPEC §3). */
function TeachingDayForm({
  session,
  details,
  onDone,
}: {
  session: ClassSession;
  details: ClassroomDetails;
  onDone: () => void;
}) {
  const { t } = useTranslation(['classes', 'messages']);
  const save = useClassMutation('setTeachingDayInfo', { silent: true });
  const done = useDone(onDone);
  const info = session.teachingDayInformation;
  const [date, setDate] = useState<string | null>(inCentre(info?.date ?? session.start).format('YYYY-MM-DD'));
  const [description, setDescription] = useState(info?.taughtLessonsDescription ?? '');
  const [minutes, setMinutes] = useState<number | string>(info?.teachingMinutes ?? session.durationMinutes);
  const [type, setType] = useState<'online' | 'offline'>(
    info?.teachingType ?? (details.lessonType.endsWith('_Online') ? 'online' : 'offline'),
  );
  const [lessonIds, setLessonIds] = useState<string[]>(info?.classroomLessonIds ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateInput
          label={t('session.teachingDate')}
          value={date}
          onChange={setDate}
          valueFormat="YYYY-MM-DD"
          withAsterisk
          popoverProps={{ withinPortal: true }}
        />
        <NumberInput
          label={t('session.teachingMinutes')}
          value={minutes}
          onChange={setMinutes}
          min={1}
          max={960}
          withAsterisk
          error={errors.teachingMinutes}
        />
      </SimpleGrid>
      <SegmentedControl
        value={type}
        onChange={(v) => setType(v as 'online' | 'offline')}
        data={[
          { value: 'offline', label: t('session.offline') },
          { value: 'online', label: t('session.online') },
        ]}
        aria-label={t('session.teachingType')}
      />
      <MultiSelect
        label={t('session.taughtLessons')}
        data={details.lessons.map((l) => ({
          value: l.classroomLessonId,
          label: `${l.lessonName} · ${l.lessonTitle}${l.lessonSubTitle ? ` – ${l.lessonSubTitle}` : ''}`,
        }))}
        value={lessonIds}
        onChange={setLessonIds}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={t('session.taughtDescription')}
        placeholder={t('session.taughtPlaceholder')}
        autosize
        minRows={3}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        withAsterisk
        error={errors.taughtLessonsDescription}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              {
                sessionId: session.sessionId,
                date: date ? toEpoch(dayjs.tz(`${date} 00:00`, centreZone())) : session.start,
                taughtLessonsDescription: description,
                teachingMinutes: Number(minutes),
                teachingType: type,
                classroomLessonIds: lessonIds,
              },
              {
                onSuccess: done,
                onError: (error) => {
                  if (error instanceof ApiError)
                    setErrors(Object.fromEntries(error.details.map((d) => [d.field, d.message])));
                },
              },
            )
          }
        >
          {t('actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Moves one session ("time detail"); the server checks every clash. */
function EditTimeForm({ session, onDone }: { session: ClassSession; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const save = useClassMutation('editTimeDetail');
  const done = useDone(onDone);
  const [date, setDate] = useState<string | null>(inCentre(session.start).format('YYYY-MM-DD'));
  const [from, setFrom] = useState(inCentre(session.start).format('HH:mm'));
  const [to, setTo] = useState(inCentre(session.end).format('HH:mm'));
  const at = (time: string) => toEpoch(dayjs.tz(`${date} ${time.slice(0, 5)}`, centreZone()));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('session.editTimeHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateInput
          label={t('picker.date')}
          value={date}
          onChange={setDate}
          valueFormat="YYYY-MM-DD"
          popoverProps={{ withinPortal: true }}
        />
        <TimeInput label={t('picker.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TimeInput label={t('picker.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button
          loading={save.isPending}
          disabled={!date}
          onClick={() =>
            save.mutate({ sessionId: session.sessionId, start: at(from), end: at(to) }, { onSuccess: done })
          }
        >
          {t('actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}
