import { notifications as toasts } from '@mantine/notifications';
import { type LiveNotification, notificationsContract } from '@tutoria/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { API_ROOT } from '@/lib/client-config';
import { queryClient } from '@/lib/query-client';
import { notificationKeys, openStreamTicket, refreshNotifications } from '../api/notifications';

const RETRY_MS = 3000;

/**
 * The live notification stream (Server-Sent Events) while a signed-in page is open. The stream is
 * opened with a one-use ticket from a signed call, never the bearer token in the URL; a dropped
 * stream is opened again with a new ticket and the last event id, so what came meanwhile arrives.
 * A new notification updates the bell and shows a toast; the stream speaks the page's language
 * (a language switch reopens it).
 */
export function useNotificationStream(enabled: boolean) {
  const { t, i18n } = useTranslation('notifications');
  const lastEventId = useRef<string | null>(null);
  const language = i18n.resolvedLanguage;

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const again = () => {
      source?.close();
      source = null;
      if (!stopped) retry = setTimeout(() => void open(), RETRY_MS);
    };

    async function open() {
      let ticket: string;
      try {
        ticket = (await openStreamTicket()).ticket;
      } catch {
        again();
        return;
      }
      if (stopped) return;
      const search = new URLSearchParams({ ticket });
      if (lastEventId.current) search.set('lastEventId', lastEventId.current);
      source = new EventSource(`${API_ROOT}${notificationsContract.stream.path}?${search}`);
      source.addEventListener('notification', (event) => {
        lastEventId.current = event.lastEventId || lastEventId.current;
        const live = JSON.parse(event.data) as LiveNotification;
        queryClient.setQueryData(notificationKeys.unread, { unreadCount: live.unreadCount });
        void refreshNotifications();
        toasts.show({
          title: t('toast.title'),
          message: live.message,
          color: 'indigo',
          autoClose: 6000,
          position: 'bottom-right',
          withBorder: true,
          className: 'live-notification',
        });
      });
      source.addEventListener('unread', (event) => {
        queryClient.setQueryData(notificationKeys.unread, JSON.parse(event.data) as { unreadCount: number });
      });
      // The browser's own retry would reuse the spent ticket: reopen with a fresh one instead.
      source.onerror = again;
    }

    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, language, t]);
}
