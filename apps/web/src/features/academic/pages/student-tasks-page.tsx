import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useStudentTasks } from '../api/reports';
import { PanelLinks } from '../components/panel-links';
import { TaskList } from '../components/task-list';

/** `/panel` lands here (route `report.tasks`): the student's to-dos from `get_tasks_by_public_key`. */
export function StudentTasksPage() {
  const { t } = useTranslation(['common', 'reports']);
  const tasks = useStudentTasks(null);
  return (
    <>
      <PageHeader
        title={t('titles.reportTasks')}
        description={t('reports:tasks.description')}
        actions={<PanelLinks current="reportTasks" />}
      />
      {tasks.isLoading ? <Skeleton h={240} radius="lg" /> : null}
      {tasks.isError ? <Text c="dimmed">{t('reports:failed')}</Text> : null}
      {tasks.data ? <TaskList tasks={tasks.data} answering /> : null}
    </>
  );
}
