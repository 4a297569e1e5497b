import { Box, Group, Text } from '@mantine/core';
import {
  notAvailableRoomColour,
  notAvailableStudentColour,
  sessionDisplayColours,
  type SlotColourKey,
  slotColours,
} from '@tutoria/shared';
import { useTranslation } from 'react-i18next';

const ORDER: SlotColourKey[] = ['new', 'Active', 'hasClassroom', 'Full', 'Cancel', 'other'];

/** SPEC §4's timetable colours, sessions waiting for records (issue #13), plus the busy student and room colours shown while booking. */
export function SlotLegend({ withBusy = false }: { withBusy?: boolean }) {
  const { t } = useTranslation('schedule');
  const items: { key: string; colour: string; label: string }[] = ORDER.map((key) => ({
    key,
    colour: slotColours[key],
    label: t(`legend.${key}`),
  }));
  items.push({
    key: 'notRecorded',
    colour: sessionDisplayColours.notRecorded,
    label: t('notRecorded.label'),
  });
  if (withBusy) {
    items.push({ key: 'student', colour: notAvailableStudentColour, label: t('legend.studentBusy') });
    items.push({ key: 'room', colour: notAvailableRoomColour, label: t('legend.roomBusy') });
  }
  return (
    <Group gap="md" wrap="wrap" aria-label={t('legend.title')} role="list">
      {items.map((item) => (
        <Group key={item.key} gap={6} wrap="nowrap" role="listitem">
          <Box w={12} h={12} style={{ borderRadius: 3, background: item.colour, flexShrink: 0 }} />
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
