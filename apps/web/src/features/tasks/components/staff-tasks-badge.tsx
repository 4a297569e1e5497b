import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useStaffTasks } from '../api/tasks';

/** The admin sidebar's badge on Tasks: how many tasks wait for the caller (none shown at zero). */
export function StaffTasksBadge() {
  const { t } = useTranslation();
  const tasks = useStaffTasks();
  const total = tasks.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Badge
      size="sm"
      color="orange"
      // A circle holds one digit; past nine the badge grows to hold the whole count.
      circle={total < 10}
      aria-label={t('nav.tasksWaiting', { count: total })}
      data-testid="tasks-badge"
    >
      {total}
    </Badge>
  );
}
