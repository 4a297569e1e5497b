import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/dates/styles.layer.css';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { type ClassSession, editTimeDetailBody } from '@tutoria/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { centreZone, inCentre, toEpoch } from '@/lib/time';
import { useClassMutation } from '../../api/classes';
import { FormButtons } from '../form-buttons';

type EditTimeValues = {
  date: string | null;
  /** Wall-clock times (HH:mm) in the centre's zone, under the body's names so errors land on them. */
  start: string;
  end: string;
};

/** Moves one session ("time detail"); the server checks every clash. */
export function EditTimeForm({ session, onDone }: { session: ClassSession; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const save = useClassMutation('editTimeDetail');
  const schema = useMemo(
    () =>
      bodySchema(editTimeDetailBody, ({ date, start, end }: EditTimeValues) => {
        const at = (time: string) => toEpoch(dayjs.tz(`${date} ${time.slice(0, 5)}`, centreZone()));
        return { sessionId: session.sessionId, start: at(start), end: at(end) };
      }),
    [session.sessionId],
  );
  const form = useSchemaForm<EditTimeValues>(
    schema,
    {
      date: inCentre(session.start).format('YYYY-MM-DD'),
      start: inCentre(session.start).format('HH:mm'),
      end: inCentre(session.end).format('HH:mm'),
    },
    { mode: 'controlled' },
  );
  const submit = form.onSave(save, (values) => schema.parse(values), onDone);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('session.editTimeHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DateInput
            label={t('picker.date')}
            valueFormat="YYYY-MM-DD"
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('date')}
          />
          <TimeInput label={t('picker.from')} {...form.getInputProps('start')} />
          <TimeInput label={t('picker.to')} {...form.getInputProps('end')} />
        </SimpleGrid>
        <FormButtons
          onCancel={onDone}
          loading={save.isPending}
          label={t('actions.save')}
          disabled={!form.getValues().date}
        />
      </Stack>
    </form>
  );
}
