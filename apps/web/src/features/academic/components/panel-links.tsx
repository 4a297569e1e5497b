import { Button, Group } from '@mantine/core';
import { IconCalendarEvent, IconChalkboard, IconChecklist, IconReportAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouteKey } from '@/lib/paths';
import { href } from '@/lib/routes';

const links = [
  { key: 'reportTasks', label: 'nav.tasks', icon: IconChecklist },
  { key: 'panelReports', label: 'nav.reports', icon: IconReportAnalytics },
  { key: 'panelUpcoming', label: 'nav.upcoming', icon: IconCalendarEvent },
  { key: 'panelClasses', label: 'nav.classes', icon: IconChalkboard },
] as const satisfies readonly { key: RouteKey; label: string; icon: unknown }[];

/** The student's way between their to-dos, reports, upcoming sessions and classes. */
export function PanelLinks({ current }: { current: (typeof links)[number]['key'] }) {
  const { t } = useTranslation('common');
  return (
    <Group gap="xs">
      {links
        .filter((l) => l.key !== current)
        .map((l) => (
          <Button
            key={l.key}
            component={Link}
            to={href(l.key)}
            variant="light"
            size="xs"
            leftSection={<l.icon size={16} />}
          >
            {t(l.label)}
          </Button>
        ))}
    </Group>
  );
}
