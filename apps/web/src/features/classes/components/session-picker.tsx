import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/dates/styles.layer.css';
import type { EventInput } from '@fullcalendar/react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { IconAlertTriangle, IconCheck, IconPlus, IconRepeat, IconTrash } from '@tabler/icons-react';
import {
  type BookingConflict,
  notAvailableRoomColour,
  notAvailableStudentColour,
  slotColours,
} from '@tutoria/shared';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleCalendar, SlotLegend, useTimetable } from '@/features/schedule';
import { centreZone, formatSpan, fromEpoch, inCentre, repeatWeekly, toEpoch } from '@/lib/time';
import { currentLanguage } from '@/lib/i18n';
import { useBusyTimes } from '../api/classes';

export interface ProposedTime {
  key: string;
  start: number;
  end: number;
}

export interface TimeCheck {
  /** Conflicts per proposal key, as the server named them. */
  conflicts: Record<string, BookingConflict[]>;
}

/** The proposed times in start order, as a booking call takes them. */
export const inOrder = (times: readonly ProposedTime[]) =>
  [...times].sort((a, b) => a.start - b.start).map(({ start, end }) => ({ start, end }));

/** The clashes of a time check, per proposal (the check answers in start order). */
export function conflictsOf(
  times: readonly ProposedTime[],
  result: { times: { conflicts: BookingConflict[] }[] },
): Record<string, BookingConflict[]> {
  const sorted = [...times].sort((a, b) => a.start - b.start);
  return Object.fromEntries(sorted.map((time, i) => [time.key, result.times[i]?.conflicts ?? []]));
}

interface SessionPickerProps {
  teacher: { publicKey: string; name: string } | null;
  studentKeys: string[];
  room: string | null;
  exceptClassroomId?: string;
  value: ProposedTime[];
  onChange: (value: ProposedTime[]) => void;
  check: TimeCheck | null;
  error?: ReactNode;
}

let counter = 0;
export const proposal = (start: number, end: number): ProposedTime => ({
  key: `p${++counter}-${start}`,
  start,
  end,
});

/**
 * Picking session times from the teacher's available times: the teacher's times (green) and their
 * booked sessions (blue), the students' (red) and the room's (grey) busy times, and the proposed
 * sessions (yellow, red once a check found a clash). Select on the calendar or use the form; repeat
 * the chosen week's sessions weekly; every clash is listed before saving.
 */
export function SessionPicker({
  teacher,
  studentKeys,
  room,
  exceptClassroomId,
  value,
  onChange,
  check,
  error,
}: SessionPickerProps) {
  const { t } = useTranslation('classes');
  const locale = currentLanguage() === 'zh' ? 'zh-CN' : 'en-GB';
  const [range, setRange] = useState<{ start: number; end: number } | null>(null);
  const [weeks, setWeeks] = useState<number | string>(8);
  const [date, setDate] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const timetable = useTimetable(
    'admin',
    teacher && range ? { ...range, teachersPublicKey: [teacher.publicKey] } : null,
  );
  const busy = useBusyTimes(
    range && (studentKeys.length || room)
      ? { studentsPublicKey: studentKeys, room, ...range, exceptClassroomId }
      : null,
  );

  const events = useMemo<EventInput[]>(() => {
    const list: EventInput[] = [];
    for (const table of timetable.data ?? []) {
      for (const slot of table.availableTimes) {
        if (slot.state === 'Cancel') continue;
        list.push({
          id: `slot-${slot.availableTimeId}`,
          start: fromEpoch(slot.start),
          end: fromEpoch(slot.end),
          display: 'background',
          color: slotColours.Active,
        });
        for (const s of slot.sessions) {
          if (s.classroomId === exceptClassroomId) continue;
          list.push({
            id: `booked-${s.sessionId}`,
            title: s.classroomName,
            start: fromEpoch(s.start),
            end: fromEpoch(s.end),
            color: slotColours.hasClassroom,
            editable: false,
            extendedProps: { kind: 'booked' },
          });
        }
      }
    }
    for (const b of busy.data?.students ?? []) {
      list.push({
        id: `student-${b.sessionId}-${b.studentPublicKey}`,
        title: b.studentName,
        start: fromEpoch(b.start),
        end: fromEpoch(b.end),
        display: 'background',
        color: notAvailableStudentColour,
      });
    }
    for (const b of busy.data?.rooms ?? []) {
      list.push({
        id: `room-${b.sessionId}`,
        title: b.classroomNumber,
        start: fromEpoch(b.start),
        end: fromEpoch(b.end),
        display: 'background',
        color: notAvailableRoomColour,
      });
    }
    for (const p of value) {
      const clash = (check?.conflicts[p.key]?.length ?? 0) > 0;
      list.push({
        id: p.key,
        title: clash ? t('picker.clash') : t('picker.proposed'),
        start: fromEpoch(p.start),
        end: fromEpoch(p.end),
        color: clash ? notAvailableStudentColour : slotColours.new,
        contrastColor: clash ? '#ffffff' : '#1b1f24',
        editable: true,
        extendedProps: { kind: 'proposal' },
      });
    }
    return list;
  }, [timetable.data, busy.data, value, check, exceptClassroomId, t]);

  const sorted = [...value].sort((a, b) => a.start - b.start);
  const add = (start: number, end: number) => {
    if (end <= start) return;
    onChange([...value, proposal(start, end)]);
  };
  const addFromForm = () => {
    if (!date || !/^\d\d:\d\d/.test(from) || !/^\d\d:\d\d/.test(to)) return;
    add(
      toEpoch(dayjs.tz(`${date} ${from.slice(0, 5)}`, centreZone())),
      toEpoch(dayjs.tz(`${date} ${to.slice(0, 5)}`, centreZone())),
    );
  };
  const repeat = () => {
    const count = Math.max(1, Math.min(52, Number(weeks) || 1));
    const seen = new Set(value.map((p) => `${p.start}-${p.end}`));
    const more = repeatWeekly(value, { weeks: count })
      .filter((p) => !seen.has(`${p.start}-${p.end}`))
      .map((p) => proposal(p.start, p.end));
    onChange([...value, ...more]);
  };

  return (
    <Stack gap="md">
      <SlotLegend withBusy />
      <ScheduleCalendar
        ariaLabel={t('picker.calendar')}
        events={events}
        onRangeChange={setRange}
        selectable
        onSelect={({ start, end }) => add(start, end)}
        onMove={(move) =>
          onChange(value.map((p) => (p.key === move.id ? { ...p, start: move.start, end: move.end } : p)))
        }
        onEventClick={(id) => {
          if (value.some((p) => p.key === id)) onChange(value.filter((p) => p.key !== id));
        }}
        hours={{ from: '07:00:00', to: '22:00:00' }}
      />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('picker.byForm')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 4 }} spacing="sm">
            <DateInput
              label={t('picker.date')}
              value={date}
              onChange={setDate}
              valueFormat="YYYY-MM-DD"
              popoverProps={{ withinPortal: true }}
            />
            <TimeInput
              label={t('picker.from')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TimeInput label={t('picker.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
            <Button
              mt={{ xs: 25 }}
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={addFromForm}
            >
              {t('picker.add')}
            </Button>
          </SimpleGrid>
          <Group gap="sm" align="flex-end">
            <NumberInput
              label={t('picker.weeks')}
              min={1}
              max={52}
              value={weeks}
              onChange={setWeeks}
              w={160}
            />
            <Button
              variant="light"
              leftSection={<IconRepeat size={16} />}
              onClick={repeat}
              disabled={!value.length}
            >
              {t('picker.repeat')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('picker.hint')}
          </Text>
        </Stack>
      </Paper>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      ) : null}
      <Stack gap={6} aria-label={t('picker.list')}>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('picker.count', { count: value.length })}
          </Text>
          {value.length ? (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange([])}>
              {t('picker.clear')}
            </Button>
          ) : null}
        </Group>
        {sorted.map((p) => {
          const conflicts = check?.conflicts[p.key] ?? [];
          return (
            <Paper key={p.key} withBorder radius="md" px="sm" py={6} data-testid="proposed-time">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {formatSpan(p.start, p.end, locale)}
                    </Text>
                    {check ? (
                      conflicts.length ? (
                        <Badge color="red" radius="sm" leftSection={<IconAlertTriangle size={12} />}>
                          {t('picker.conflicts', { count: conflicts.length })}
                        </Badge>
                      ) : (
                        <Badge color="teal" variant="light" radius="sm" leftSection={<IconCheck size={12} />}>
                          {t('picker.free')}
                        </Badge>
                      )
                    ) : null}
                  </Group>
                  {conflicts.map((c, i) => (
                    <Text key={i} size="xs" c="red.7">
                      {c.message}
                    </Text>
                  ))}
                </Stack>
                <Tooltip label={t('picker.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('picker.remove')}
                    onClick={() => onChange(value.filter((x) => x.key !== p.key))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {teacher ? null : (
        <Text size="sm" c="dimmed">
          {t('picker.noTeacher')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {inCentre(Math.floor(Date.now() / 1000)).format('Z')} · {centreZone()}
      </Text>
    </Stack>
  );
}
