import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const loadView = () => import('./notifications-view');
const Notifications = lazy(() => loadView().then((m) => ({ default: m.Notifications })));

/**
 * The snackbar area, off the first page's critical path (DESIGN §11): its code is fetched at the
 * person's first key press or tap (before any answer can need it) and mounted with the first message;
 * `notify` writes to the small store meanwhile, and the component shows what it queued on arrival.
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  useEffect(() => {
    const preload = () => void loadView();
    const options = { once: true, passive: true, capture: true } as const;
    window.addEventListener('pointerdown', preload, options);
    window.addEventListener('keydown', preload, options);
    return () => {
      window.removeEventListener('pointerdown', preload, options);
      window.removeEventListener('keydown', preload, options);
    };
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" limit={4} />
    </Suspense>
  );
}
