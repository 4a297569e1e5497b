import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import type { RouteHandle } from '@/lib/routes';

const sections = ['reportTasks', 'panelNotifications'] as const;
type PanelSection = (typeof sections)[number];

function isPanelSection(title: string | undefined): title is PanelSection {
  return (sections as readonly string[]).includes(title ?? '');
}

/** A student-panel section whose records are not served yet: its heading and an honest empty state. */
export function PanelSectionPage() {
  const { t } = useTranslation(['common', 'panel']);
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const section = isPanelSection(handle?.title) ? handle.title : 'reportTasks';
  return (
    <>
      <PageHeader title={t(`titles.${section}`)} description={t(`panel:descriptions.${section}`)} />
      <EmptyState />
    </>
  );
}
