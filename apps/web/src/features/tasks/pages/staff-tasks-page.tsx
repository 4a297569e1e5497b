import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Alert, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useStaffTasks } from '../api/tasks';
import { TaskCard } from '../components/task-card';

/**
 * `/admin/panel/reports/tasks` (issue 29): what waits for a staff member now, one card per group
 * of their role with its count and a link to where it is done; "Nothing waiting" when all are zero.
 */
export function StaffTasksPage() {
  const { t } = useTranslation('tasks');
  const tasks = useStaffTasks({ fresh: true });
  const data = tasks.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={data && data.total > 0 ? t('total', { count: data.total }) : t('subtitle')}
      />
      {!data ? (
        tasks.isError ? (
          <Text c="dimmed">{t('failed')}</Text>
        ) : (
          <Loader aria-label={t('title')} />
        )
      ) : data.total === 0 ? (
        <Alert icon={<IconChecks />} color="green" title={t('nothing')} data-testid="tasks-nothing">
          <Text size="sm">{t('nothingHint')}</Text>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {data.groups.map((group) => (
            <TaskCard key={group.key} taskKey={group.key} count={group.count} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
