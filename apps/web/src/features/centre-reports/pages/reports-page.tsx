import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { href } from '@/lib/routes';
import { ExamScoresReport } from '../components/exam-scores-report';
import { PresenceReport } from '../components/presence-report';
import { RollCallReport } from '../components/roll-call-report';
import { TeachingHoursReport } from '../components/teaching-hours-report';
import { HomeworkReport } from '../components/homework-report';
import { WorkloadReport } from '../components/workload-report';

/** The reports there are, by their key in the URL (never `tasks`: the staff tasks' own page). */
export const reportKeys = [
  'teaching-hours',
  'roll-call',
  'exam-scores',
  'presence',
  'homework',
  'workload',
] as const;

/**
 * `/admin/panel/reports/:key?` (issue 29): without a key, the list of the centre's reports; a key
 * opens one, its filters in the URL's query so a report can be bookmarked and shared.
 */
export function ReportsPage() {
  const { t } = useTranslation('centreReports');
  const { key } = useParams();
  if (key === 'teaching-hours') return <TeachingHoursReport />;
  if (key === 'roll-call') return <RollCallReport />;
  if (key === 'exam-scores') return <ExamScoresReport />;
  if (key === 'presence') return <PresenceReport />;
  if (key === 'homework') return <HomeworkReport />;
  if (key === 'workload') return <WorkloadReport />;
  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="report-list">
        {reportKeys.map((report) => (
          <Card key={report} withBorder padding="md">
            <Anchor component={Link} to={href('adminReports', { key: report })} fw={600}>
              {t(`reports.${report}.title`)}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`reports.${report}.line`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
