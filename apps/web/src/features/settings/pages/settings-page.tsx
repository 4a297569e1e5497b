import { Stack } from '@mantine/core';
import type { Permission } from '@tutoria/shared';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { listLoader } from '@/hooks/server-list-request';
import { CentreExportSection } from '../components/centre-export-section';
import { FailedJobsSection, failedJobsList } from '../components/failed-jobs-section';

/**
 * The page's sections, in order, each shown to whoever holds its permission. A new section (the
 * backups' panel) joins with one line here: its own component in `components/`.
 */
export const settingsSections: readonly { key: string; permission: Permission; Section: ComponentType }[] = [
  { key: 'failedJobs', permission: 'jobs.manage', Section: FailedJobsSection },
  { key: 'centreExport', permission: 'centre.export', Section: CentreExportSection },
];

/** The first page of failed jobs is asked for while the page's code arrives (silent if refused). */
export const settingsPageLoader = listLoader(failedJobsList);

/** `/admin/panel/settings` (issue 33): the Admin's settings, one section per concern. */
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
