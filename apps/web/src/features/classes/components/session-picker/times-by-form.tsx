import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/dates/styles.layer.css';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { IconPlus, IconRepeat } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { centreZone, repeatWeekly, toEpoch } from '@/lib/time';
import { proposal, type ProposedTime } from '../../lib/proposed-times';

/**
 * Adding a session by date and times instead of on the calendar, and repeating the chosen
 * sessions weekly. What is typed here is not the booking itself, only a way to add to it.
 */
export function TimesByForm({
  value,
  onChange,
}: {
  value: ProposedTime[];
  onChange: (value: ProposedTime[]) => void;
}) {
  const { t } = useTranslation('classes');
  const [weeks, setWeeks] = useState<number | string>(8);
  const [date, setDate] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const addFromForm = () => {
    if (!date || !/^\d\d:\d\d/.test(from) || !/^\d\d:\d\d/.test(to)) return;
    const start = toEpoch(dayjs.tz(`${date} ${from.slice(0, 5)}`, centreZone()));
    const end = toEpoch(dayjs.tz(`${date} ${to.slice(0, 5)}`, centreZone()));
    if (end > start) onChange([...value, proposal(start, end)]);
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
          <TimeInput label={t('picker.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TimeInput label={t('picker.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button mt={{ xs: 25 }} variant="light" leftSection={<IconPlus size={16} />} onClick={addFromForm}>
            {t('picker.add')}
          </Button>
        </SimpleGrid>
        <Group gap="sm" align="flex-end">
          <NumberInput label={t('picker.weeks')} min={1} max={52} value={weeks} onChange={setWeeks} w={160} />
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
  );
}
