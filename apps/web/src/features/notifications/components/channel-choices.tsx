import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { type ChannelChoices, channelChoicesBody, extraChannels } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useChannelChoices, useSaveChoices } from '../api/channels';

/** "My channels": per messageType, e-mail and the centre's group chat beside in-app (always on). */
export function ChannelChoicesPanel() {
  const current = useChannelChoices();
  if (!current.data) return <PageLoader />;
  return <ChannelChoicesForm key={JSON.stringify(current.data.choices)} current={current.data} />;
}

function ChannelChoicesForm({ current }: { current: ChannelChoices }) {
  const { t } = useTranslation('notifications');
  const save = useSaveChoices();
  const form = useSchemaForm(channelChoicesBody, { choices: current.choices }, { mode: 'controlled' });
  const usable = {
    email: current.available.email && current.emailAddress !== null,
    webhook: current.available.webhook,
  };
  const submit = form.onSave(
    save,
    (values) => channelChoicesBody.parse(values),
    () => undefined,
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={720}>
        <Text size="sm" c="dimmed">
          {t('channels.intro')}
        </Text>
        {!current.available.email ? (
          <Alert color="gray">{t('channels.emailOff')}</Alert>
        ) : current.emailAddress === null ? (
          <Alert color="yellow">{t('channels.noAddress')}</Alert>
        ) : (
          <Text size="sm">{t('channels.emailTo', { address: current.emailAddress })}</Text>
        )}
        {!current.available.webhook ? <Alert color="gray">{t('channels.webhookOff')}</Alert> : null}
        <Paper withBorder radius="lg">
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.type')}</Table.Th>
                <Table.Th>{t('channels.inApp')}</Table.Th>
                <Table.Th>{t('channels.email')}</Table.Th>
                <Table.Th>{t('channels.webhook')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.choices.map((choice, index) => {
                const type = t(`types.${choice.messageType}`);
                return (
                  <Table.Tr key={choice.messageType}>
                    <Table.Td>{type}</Table.Td>
                    <Table.Td>
                      <Checkbox checked disabled aria-label={t('channels.inAppOf', { type })} />
                    </Table.Td>
                    {extraChannels.map((channel) => (
                      <Table.Td key={channel}>
                        <Checkbox
                          aria-label={t(`channels.${channel}Of`, { type })}
                          disabled={!usable[channel] && !choice[channel]}
                          {...form.getInputProps(`choices.${index}.${channel}`, { type: 'checkbox' })}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
        {form.errors.choices || form.errors.form ? (
          <Text size="sm" c="red" role="alert">
            {form.errors.choices ?? form.errors.form}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('channels.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
