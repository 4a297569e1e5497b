import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Button, Group, Paper, SimpleGrid, Switch, Text } from '@mantine/core';
import { type SessionFlags, type SessionRecords, sessionFlagsBody } from '@tutoria/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { useAcademicMutation } from '../api/academic';
import { FormMessage } from './form-message';

const flagNames = ['withOutExam', 'withOutHomeWork', 'withOutReview', 'withOutTeach'] as const;

/** SPEC §4: the session had no exam / homework / review / teaching, so nothing is missing. */
export function SessionFlagsForm({ records, editable }: { records: SessionRecords; editable: boolean }) {
  const { t } = useTranslation('academic');
  const save = useAcademicMutation('setSessionFlags', { silent: true });
  const schema = useMemo(
    () =>
      bodySchema(sessionFlagsBody, (values: SessionFlags) => ({ sessionId: records.sessionId, ...values })),
    [records.sessionId],
  );
  const form = useSchemaForm<SessionFlags>(schema, { ...records.flags }, { mode: 'controlled' });
  return (
    <Paper withBorder radius="md" p="sm">
      <form
        noValidate
        onSubmit={form.onSave(
          save,
          (values) => schema.parse(values),
          () => form.resetDirty(),
        )}
      >
        <Text fw={600} size="sm" mb={4}>
          {t('flags.title')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
          {flagNames.map((name) => (
            <Switch
              key={name}
              size="sm"
              disabled={!editable}
              label={t(`flags.${name}`)}
              {...form.getInputProps(name, { type: 'checkbox' })}
            />
          ))}
        </SimpleGrid>
        <FormMessage message={form.errors.form} />
        {editable && form.isDirty() ? (
          <Group justify="flex-end" mt="xs">
            <Button type="submit" size="xs" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        ) : null}
      </form>
    </Paper>
  );
}
