import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { addHomeworkBody, type HomeworkForm, homeworkForms, type SessionRecords } from '@tutoria/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { centreZone, inCentre, toEpoch } from '@/lib/time';
import { useAcademicMutation } from '../api/academic';
import { FormMessage } from './form-message';

type GiveHomeworkValues = {
  subtitle: string;
  /** YYYY-MM-DD in the centre's zone; due at the end of that day. */
  deadLine: string | null;
  form: HomeworkForm;
  studentsPublicKey: string[];
};

/** One homework for the chosen students of the session (all by default): the fast path after a lesson. */
export function GiveHomeworkForm({ records }: { records: SessionRecords }) {
  const { t } = useTranslation('academic');
  const save = useAcademicMutation('addHomework', { silent: true });
  const everyone = records.students.map((s) => s.studentPublicKey);
  const schema = useMemo(
    () =>
      bodySchema(addHomeworkBody, (values: GiveHomeworkValues) => ({
        ...values,
        sessionId: records.sessionId,
        deadLine: values.deadLine ? toEpoch(dayjs.tz(`${values.deadLine} 23:59`, centreZone())) : undefined,
      })),
    [records.sessionId],
  );
  const initial: GiveHomeworkValues = {
    subtitle: '',
    deadLine: inCentre(records.start).add(7, 'day').format('YYYY-MM-DD'),
    form: 'written',
    studentsPublicKey: everyone,
  };
  const form = useSchemaForm<GiveHomeworkValues>(schema, initial, { mode: 'controlled' });
  const submit = form.onSave(
    save,
    (values) => schema.parse(values),
    () => form.setValues({ subtitle: '' }),
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid="give-homework">
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('homework.give')}
          </Text>
          <TextInput
            label={t('homework.subtitle')}
            placeholder={t('homework.subtitlePlaceholder')}
            {...form.getInputProps('subtitle')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <DateInput
              label={t('homework.deadLine')}
              valueFormat="YYYY-MM-DD"
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps('deadLine')}
            />
            <Select
              label={t('homework.form')}
              data={homeworkForms.map((value) => ({ value, label: t(`forms.${value}`) }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('form')}
            />
          </SimpleGrid>
          <Checkbox.Group label={t('homework.students')} {...form.getInputProps('studentsPublicKey')}>
            <Group gap="sm" mt={4}>
              {records.students.map((s) => (
                <Checkbox key={s.studentPublicKey} value={s.studentPublicKey} label={s.studentName} />
              ))}
            </Group>
          </Checkbox.Group>
          <FormMessage message={form.errors.form} />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={save.isPending}>
              {t('homework.giveSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
