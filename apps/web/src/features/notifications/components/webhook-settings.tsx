import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import { Alert, Button, Group, Input, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type WebhookSettings, webhookSettingsBody, type WebhookStyle, webhookStyles } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/page-loader';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSaveWebhook, useTestWebhook, useWebhookSettings } from '../api/channels';

/** The centre's group-chat webhook (Admin): its URL, its JSON style, a test message on demand. */
export function WebhookSettingsPanel() {
  const current = useWebhookSettings();
  if (!current.data) return <PageLoader />;
  return <WebhookForm key={current.data.webhookUrl + current.data.webhookStyle} current={current.data} />;
}

function WebhookForm({ current }: { current: WebhookSettings }) {
  const { t } = useTranslation('notifications');
  const save = useSaveWebhook();
  const test = useTestWebhook();
  const form = useSchemaForm(
    webhookSettingsBody,
    { webhookUrl: current.webhookUrl, webhookStyle: current.webhookStyle },
    { mode: 'controlled' },
  );
  const submit = form.onSave(
    save,
    (values) => webhookSettingsBody.parse(values),
    () => undefined,
  );
  const sendTest = () => {
    if (form.validate().hasErrors) return;
    test.mutate(webhookSettingsBody.parse(form.getValues()), {
      onSuccess: (result) => notifySuccess(result.message),
      onError: (error) => notifyError(error.message),
    });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md" maw={640}>
        <Text size="sm" c="dimmed">
          {t('webhook.intro')}
        </Text>
        <Alert color={current.smtpEnabled ? 'teal' : 'gray'}>
          {t(current.smtpEnabled ? 'webhook.smtpOn' : 'webhook.smtpOff')}
        </Alert>
        <TextInput
          label={t('webhook.url')}
          description={t('webhook.urlHint')}
          placeholder="https://"
          key={form.key('webhookUrl')}
          {...form.getInputProps('webhookUrl')}
        />
        <Input.Wrapper label={t('webhook.style')}>
          <div>
            <SegmentedControl
              data={webhookStyles.map((value) => ({ value, label: t(`webhook.styles.${value}`) }))}
              value={form.values.webhookStyle}
              onChange={(value) => form.setFieldValue('webhookStyle', value as WebhookStyle)}
            />
          </div>
        </Input.Wrapper>
        {form.errors.form ? (
          <Text size="sm" c="red" role="alert">
            {form.errors.form}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('webhook.save')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconSend size={16} />}
            loading={test.isPending}
            disabled={!form.values.webhookUrl}
            onClick={sendTest}
          >
            {t('webhook.test')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
