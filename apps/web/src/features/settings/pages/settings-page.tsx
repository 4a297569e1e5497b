import { Stack } from '@mantine/core';
import type { Permission } from '@tutoria/shared';
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { listLoader } from '@/hooks/server-list-request';
import { isSignedIn } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';
import { backupsQueryOptions } from '../api/settings';
import { BackupsSection } from '../components/backups-section';
import { CalendarFeedSection } from '../components/calendar-feed-section';
import { CentreExportSection } from '../components/centre-export-section';
import { FailedJobsSection, failedJobsList } from '../components/failed-jobs-section';

/**
 * The page's sections, in order, each shown to whoever holds its permission. A new section joins
 * with one line here: its own component in `components/`. Backups come first: a failed night is
 * the first thing an Admin should see.
 */
export const settingsSections: readonly { key: string; permission: Permission; Section: ComponentType }[] = [
  { key: 'backups', permission: 'backups.manage', Section: BackupsSection },
  { key: 'failedJobs', permission: 'jobs.manage', Section: FailedJobsSection },
  { key: 'centreExport', permission: 'centre.export', Section: CentreExportSection },
  // calendar feeds (issue 29): one's own sessions for a calendar app
  { key: 'calendarFeed', permission: 'calendar.readOwn', Section: CalendarFeedSection },
];

const failedJobsLoader = listLoader(failedJobsList);

/**
 * The first page of failed jobs and the backups' overview are asked for while the page's code
 * arrives (silent if refused: the section is then not shown).
 */
export const settingsPageLoader: LoaderFunction = async (args) => {
  const overview = backupsQueryOptions();
  await Promise.all([
    failedJobsLoader(args),
    isSignedIn() && queryClient.prefetchQuery({ ...overview, meta: { ...overview.meta, silent: true } }),
  ]);
  return null;
};

/** `/admin/panel/settings` (issue 33): the Admin's settings and a teacher's calendar feed, one section per concern. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const permissions = useCurrentUser()?.permissions ?? [];
  const shown = settingsSections.filter((s) => permissions.includes(s.permission));
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.subtitle')} />
      {shown.length ? (
        <Stack gap="lg">
          {shown.map(({ key, Section }) => (
            <Section key={key} />
          ))}
        </Stack>
      ) : (
        <EmptyState />
      )}
    </>
  );
}
