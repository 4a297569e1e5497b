import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleCalendar, SlotLegend, useTimetable } from '@/features/schedule';
import { centreZone, inCentre } from '@/lib/time';
import { useBusyTimes } from '../../api/classes';
import { proposal, type ProposedTime, type TimeCheck } from '../../lib/proposed-times';
import { FormFailure } from '../form-failure';
import { pickerEvents } from './picker-events';
import { ProposedTimesList } from './proposed-times-list';
import { TimesByForm } from './times-by-form';

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

/**
 * Picking session times from the teacher's available times, with everyone's busy times on the
 * same calendar. Select on the calendar or use the form; repeat the chosen week's sessions
 * weekly; every clash is listed before saving.
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
  const [range, setRange] = useState<{ start: number; end: number } | null>(null);
  const timetable = useTimetable(
    'admin',
    teacher && range ? { ...range, teachersPublicKey: [teacher.publicKey] } : null,
  );
  const busy = useBusyTimes(
    range && (studentKeys.length || room)
      ? { studentsPublicKey: studentKeys, room, ...range, exceptClassroomId }
      : null,
  );
  const events = useMemo(
    () =>
      pickerEvents(
        { timetables: timetable.data ?? [], busy: busy.data, proposals: value, check, exceptClassroomId },
        { clash: t('picker.clash'), proposed: t('picker.proposed') },
      ),
    [timetable.data, busy.data, value, check, exceptClassroomId, t],
  );

  return (
    <Stack gap="md">
      <SlotLegend withBusy />
      <ScheduleCalendar
        ariaLabel={t('picker.calendar')}
        events={events}
        onRangeChange={setRange}
        selectable
        onSelect={({ start, end }) => {
          if (end > start) onChange([...value, proposal(start, end)]);
        }}
        onMove={(move) =>
          onChange(value.map((p) => (p.key === move.id ? { ...p, start: move.start, end: move.end } : p)))
        }
        onEventClick={(id) => {
          if (value.some((p) => p.key === id)) onChange(value.filter((p) => p.key !== id));
        }}
        hours={{ from: '07:00:00', to: '22:00:00' }}
      />
      <TimesByForm value={value} onChange={onChange} />
      <FormFailure>{error}</FormFailure>
      <ProposedTimesList value={value} onChange={onChange} check={check} />
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
