import '@mantine/core/styles/Indicator.layer.css';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/notifications';
import { useNotificationStream } from '../hooks/use-notification-stream';

/** The header bell: the unread count, kept live by the stream; opens the notifications page. */
export function NotificationBell({ to }: { to: string }) {
  const { t } = useTranslation('notifications');
  useNotificationStream(true);
  const count = useUnreadCount(true).data?.unreadCount ?? 0;
  const label = t('bell.label', { count });
  return (
    <Tooltip label={label}>
      <Indicator
        disabled={count === 0}
        label={count > 99 ? '99+' : count}
        size={18}
        offset={6}
        color="red"
        data-testid="notification-count"
      >
        <ActionIcon component={Link} to={to} variant="subtle" color="gray" size="lg" aria-label={label}>
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
