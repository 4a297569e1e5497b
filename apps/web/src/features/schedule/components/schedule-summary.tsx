import '@mantine/core/styles/SimpleGrid.layer.css';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TeacherTimeTable } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

/**
 * The week's figures: available times, booked sessions, hours, and (for admins) teachers with times.
 * `of`: how many teachers the admin week has when it shows only some of them (issue 30).
 */
export function ScheduleSummary({
  timetables,
  admin,
  of,
}: {
  timetables: TeacherTimeTable[];
  admin: boolean;
  of?: number;
}) {
  const { t } = useTranslation('schedule');
  const slots = timetables.flatMap((x) => x.availableTimes).filter((s) => s.state !== 'Cancel');
  const stats = {
    times: slots.length,
    booked: slots.reduce((n, s) => n + s.sessions.length, 0),
    hours: Math.round(slots.reduce((h, s) => h + (s.end - s.start) / 3600, 0) * 10) / 10,
    teachers: timetables.filter((x) => x.availableTimes.length > 0).length,
  };
  const shown = admin
    ? (['times', 'booked', 'hours', 'teachers'] as const)
    : (['times', 'booked', 'hours'] as const);
  const grid = (
    <SimpleGrid cols={{ base: 2, sm: shown.length }} spacing="sm">
      {shown.map((key) => (
        <Paper key={key} withBorder radius="lg" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(`summary.${key}`)}
          </Text>
          <Text fw={700} size="xl">
            {formatNumber(stats[key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
  if (of === undefined || of <= timetables.length) return grid;
  return (
    <Stack gap={4}>
      {grid}
      <Text size="sm" c="dimmed">
        {t('summary.covers', { shown: formatNumber(timetables.length), total: formatNumber(of) })}
      </Text>
    </Stack>
  );
}
