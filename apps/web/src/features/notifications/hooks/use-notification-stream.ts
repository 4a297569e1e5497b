import { notifications as toasts } from '@mantine/notifications';
import { type LiveNotification, notificationsContract } from '@tutoria/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { API_ROOT } from '@/lib/client-config';
import { queryClient } from '@/lib/query-client';
import { notificationKeys } from '@/lib/query-keys';
import { openStreamTicket, refreshNotifications } from '../api/notifications';

const RETRY_MS = 3000;
const RETRY_MAX_MS = 60_000;

/** Why the server ended the stream itself (its `closed` event). */
type ClosedReason = 'replaced' | 'signedOut';

/**
 * The live notification stream (Server-Sent Events) while a signed-in page is open. The stream is
 * opened with a one-use ticket from a signed call, never the bearer token in the URL; a dropped
 * stream is opened again with a new ticket and the last event id, so what came meanwhile arrives.
 * A new notification updates the bell and shows a toast; the stream speaks the page's language
 * (a language switch reopens it).
 *
 * docs/decisions.md "Live stream limits": a stream that failed or was refused (the server is full)
 * is retried after 3 s, doubling up to a minute, with jitter. A stream the server replaced (the
 * user opened more than it keeps) is not reopened until this page is shown or focused again, so
 * tabs beyond the limit never take the stream from each other in a loop. A stream closed because
 * its session ended asks for a ticket at once: the refusal (401) takes the page to sign-in.
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
    let failures = 0;
    let parked = false;

    const again = () => {
      source?.close();
      source = null;
      if (stopped || parked) return;
      const wait = Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** failures) * (0.75 + Math.random() / 2);
      failures += 1;
      retry = setTimeout(() => void open(), wait);
    };

    /** Replaced by a newer stream of this user: wait until the page is looked at again. */
    const wake = () => {
      if (!parked || stopped || document.visibilityState !== 'visible') return;
      parked = false;
      void open();
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('focus', wake);

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
      source.addEventListener('closed', (event) => {
        const { reason } = JSON.parse(event.data) as { reason: ClosedReason };
        source?.close();
        source = null;
        if (reason === 'replaced') parked = true;
        else void open();
      });
      source.onopen = () => {
        failures = 0;
      };
      // The browser's own retry would reuse the spent ticket: reopen with a fresh one instead.
      source.onerror = again;
    }

    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('focus', wake);
    };
  }, [enabled, language, t]);
}
