import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/dates/styles.layer.css';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { IconPlus, IconRepeat } from '@tabler/icons-react';
import { schedulingInterval } from '@tutoria/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { centreZone, repeatWeekly, toEpoch } from '@/lib/time';
import { proposal, type ProposedTime } from '../../lib/proposed-times';

type TimesValues = {
  date: string | null;
  /** Wall-clock times (HH:mm) in the centre's zone, under the interval's names so errors land on them. */
  start: string;
  end: string;
  weeks: number | string;
};

/** The typed date and times checked as the interval they become (end after start, not too long). */
const timesSchema = bodySchema(schedulingInterval, ({ date, start, end }: TimesValues) => {
  const at = (time: string) => toEpoch(dayjs.tz(`${date} ${time.slice(0, 5)}`, centreZone()));
  return { start: at(start), end: at(end) };
});

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
  const form = useSchemaForm<TimesValues>(
    timesSchema,
    { date: null, start: '', end: '', weeks: 8 },
    { mode: 'controlled' },
  );
  // Not a <form>: the picker sits inside the class form; a bad date or time shows under its field.
  const addFromForm = () => {
    if (form.validate().hasErrors) return;
    const { start, end } = timesSchema.parse(form.getValues());
    onChange([...value, proposal(start, end)]);
  };
  const repeat = () => {
    const count = Math.max(1, Math.min(52, Number(form.getValues().weeks) || 1));
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
            valueFormat="YYYY-MM-DD"
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('date')}
          />
          <TimeInput label={t('picker.from')} {...form.getInputProps('start')} />
          <TimeInput label={t('picker.to')} {...form.getInputProps('end')} />
          <Button mt={{ xs: 25 }} variant="light" leftSection={<IconPlus size={16} />} onClick={addFromForm}>
            {t('picker.add')}
          </Button>
        </SimpleGrid>
        <Group gap="sm" align="flex-end">
          <NumberInput label={t('picker.weeks')} min={1} max={52} w={160} {...form.getInputProps('weeks')} />
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
