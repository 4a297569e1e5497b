import '@mantine/core/styles/Tabs.layer.css';
import { Button, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconBell, IconMessages, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/lib/paths';
import { useCurrentUser } from '@/features/auth';
import { ChannelChoicesPanel } from '../components/channel-choices';
import { NotificationList } from '../components/notification-list';
import { WebhookSettingsPanel } from '../components/webhook-settings';

const tabs = ['list', 'channels', 'failures', 'webhook'] as const;
type Tab = (typeof tabs)[number];
/** The tabs only `notifications.manageChannels` (Admin) sees. */
const adminTabs: readonly Tab[] = ['failures', 'webhook'];

/** `/admin/panel/notifications`: the Admin sees everyone's, other staff their own. */
export function AdminNotificationsPage() {
  const everyone = useCurrentUser()?.permissions.includes('notifications.readAll') ?? false;
  return <NotificationsView everyone={everyone} />;
}

/** `/panel/notifications`: one's own. */
export function PanelNotificationsPage() {
  return <NotificationsView everyone={false} />;
}

/**
 * Tabs (the tab is in the URL): the list, one's channels (e-mail, group chat per type) and, with
 * `notifications.manageChannels`, the deliveries that failed and the centre's group-chat webhook.
 */
function NotificationsView({ everyone }: { everyone: boolean }) {
  const { t } = useTranslation('notifications');
  const manage = useCurrentUser()?.permissions.includes('notifications.manageChannels') ?? false;
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab =
    requested && tabs.includes(requested) && (manage || !adminTabs.includes(requested)) ? requested : 'list';
  return (
    <>
      <PageHeader title={t('page.title')} description={t(everyone ? 'page.subtitleAll' : 'page.subtitle')} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'list' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="list" leftSection={<IconBell size={16} />}>
            {t('tabs.list')}
          </Tabs.Tab>
          <Tabs.Tab value="channels" leftSection={<IconSend size={16} />}>
            {t('tabs.channels')}
          </Tabs.Tab>
          {manage ? (
            <>
              <Tabs.Tab value="failures" leftSection={<IconAlertTriangle size={16} />}>
                {t('tabs.failures')}
              </Tabs.Tab>
              <Tabs.Tab value="webhook" leftSection={<IconMessages size={16} />}>
                {t('tabs.webhook')}
              </Tabs.Tab>
            </>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="list">
          <NotificationList everyone={everyone} />
        </Tabs.Panel>
        <Tabs.Panel value="channels">
          <ChannelChoicesPanel />
        </Tabs.Panel>
        {manage ? (
          <>
            <Tabs.Panel value="failures">
              <FailuresMoved />
            </Tabs.Panel>
            <Tabs.Panel value="webhook">
              <WebhookSettingsPanel />
            </Tabs.Panel>
          </>
        ) : null}
      </Tabs>
    </>
  );
}

/**
 * Failed e-mails and group-chat posts are jobs of the queue: they are listed with every other
 * failed background job on the settings page (issue 33), one list instead of two.
 */
function FailuresMoved() {
  const { t } = useTranslation('notifications');
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        {t('failures.intro')}
      </Text>
      <Button
        component={Link}
        to={`${paths.adminSettings.path}?kind=notification.deliver`}
        variant="light"
        rightSection={<IconArrowRight size={16} />}
      >
        {t('failures.open')}
      </Button>
    </Stack>
  );
}
