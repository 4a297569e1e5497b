import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { DashboardShell } from '@/components/shell/dashboard-shell';
import { useCurrentUser, useSignOut } from '@/features/auth';
import { NotificationBell } from '@/features/notifications';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { LanguageDates } from './language-dates';
import { visibleEntries, type NavEntry } from './navigation';

/**
 * The shell of both signed-in areas, fed with that area's sidebar table. The query layer's provider
 * is here, not around the whole app: only signed-in pages read the server through it (issue 9).
 */
export function SignedInShell({ entries }: { entries: readonly NavEntry[] }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell entries={entries} />
    </QueryClientProvider>
  );
}

function Shell({ entries }: { entries: readonly NavEntry[] }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const signOut = useSignOut();
  if (!user) return <PageLoader />;
  const links = visibleEntries(entries, user).map((entry) => ({
    key: entry.key,
    label: t(`nav.${entry.key}`),
    path: entry.path,
    icon: entry.icon,
    badge: entry.badge ? <entry.badge /> : undefined,
  }));
  return (
    <DashboardShell
      user={user}
      links={links}
      onSignOut={() => void signOut()}
      headerActions={
        user.permissions.includes('notifications.read') ? (
          <NotificationBell
            to={user.isAdmin ? paths.adminNotifications.path : paths.panelNotifications.path}
          />
        ) : null
      }
    >
      <LanguageDates>
        <Outlet />
      </LanguageDates>
    </DashboardShell>
  );
}
