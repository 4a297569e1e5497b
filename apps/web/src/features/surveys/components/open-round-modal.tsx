import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/dates/styles.layer.css';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { openSurveyRoundBody } from '@tutoria/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { centreZone } from '@/lib/time';
import { useSurveyCommand } from '../api/surveys';

interface FormValues extends Record<string, unknown> {
  title: string;
  startsAt: string | null;
  endsAt: string | null;
}

/** Whole days in the centre's zone: from the start day's midnight to the end of the end day. */
const toBody = (v: FormValues) => ({
  title: v.title,
  startsAt: v.startsAt ? dayjs.tz(v.startsAt, centreZone()).unix() : Number.NaN,
  endsAt: v.endsAt ? dayjs.tz(v.endsAt, centreZone()).add(1, 'day').unix() : Number.NaN,
});
const schema = bodySchema(openSurveyRoundBody, toBody);

export function OpenRoundModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('surveys');
  return (
    <Modal opened={opened} onClose={onClose} title={t('rounds.openTitle')} size="lg" centered>
      {opened ? <OpenRoundForm onDone={onClose} /> : null}
    </Modal>
  );
}

function OpenRoundForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('surveys');
  const open = useSurveyCommand('openRound');
  const today = dayjs().tz(centreZone());
  const form = useSchemaForm<FormValues>(schema, {
    title: '',
    startsAt: today.subtract(1, 'month').format('YYYY-MM-DD'),
    endsAt: today.format('YYYY-MM-DD'),
  });
  return (
    <form noValidate onSubmit={form.onSave(open, (v) => openSurveyRoundBody.parse(toBody(v)), onDone)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('rounds.hint')}
        </Text>
        <TextInput
          label={t('rounds.title')}
          withAsterisk
          data-autofocus
          key={form.key('title')}
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateInput
            label={t('rounds.startsAt')}
            valueFormat="YYYY-MM-DD"
            withAsterisk
            popoverProps={{ withinPortal: true }}
            key={form.key('startsAt')}
            {...form.getInputProps('startsAt')}
          />
          <DateInput
            label={t('rounds.endsAt')}
            valueFormat="YYYY-MM-DD"
            withAsterisk
            popoverProps={{ withinPortal: true }}
            key={form.key('endsAt')}
            {...form.getInputProps('endsAt')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('questions.cancel')}
          </Button>
          <Button type="submit" loading={open.isPending}>
            {t('rounds.open')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
