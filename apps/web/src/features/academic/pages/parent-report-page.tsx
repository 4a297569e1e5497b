import '@mantine/core/styles/Skeleton.layer.css';
import { Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { formatEpoch } from '@/lib/format';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { useParentReport } from '../api/session-report';
import classes from '../components/report-print.module.css';
import { SessionReportView } from '../components/session-report-view';

/**
 * `/parent/report/{reportId}` (SPEC §2, DESIGN §7 Parent report): a parent's read-only view of one
 * student's session, without sign-in; its own language switch; kept out of search engines; prints
 * as the report alone. A wrong, expired or revoked link shows the not-found page.
 */
export function ParentReportPage() {
  // The page sits outside the signed-in shell, which holds the query layer's provider (issue 9).
  return (
    <QueryClientProvider client={queryClient}>
      <ParentReport />
    </QueryClientProvider>
  );
}

function ParentReport() {
  const { t } = useTranslation('academic');
  const { reportId = '' } = useParams();
  const { data, isError } = useParentReport(reportId);
  if (isError) return <Navigate to={paths.notFound.path} replace />;
  return (
    <div className={classes.parentPage}>
      <header className={classes.parentHeader}>
        <Container size="md" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text fw={700} size="lg" data-testid="parent-centre">
              {data?.centreName ?? ''}
            </Text>
            <Group gap="xs" wrap="nowrap" className={classes.hideOnPrint} data-testid="parent-chrome">
              <LanguageSwitch />
              <Button
                variant="default"
                size="compact-md"
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
              >
                {t('sessionReport.print')}
              </Button>
            </Group>
          </Group>
        </Container>
      </header>
      <Container size="md" py="lg" component="main">
        {data ? (
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2}>{t('parentPage.title', { name: data.studentName })}</Title>
              <Text c="dimmed">{t('parentPage.subtitle', { centre: data.centreName })}</Text>
            </Stack>
            <SessionReportView report={data.report} />
            <Text size="xs" c="dimmed" ta="center">
              {t('parentPage.validUntil', { date: formatEpoch(data.expiresAt, 'date') })}
            </Text>
          </Stack>
        ) : (
          <Skeleton height={480} radius="lg" />
        )}
      </Container>
    </div>
  );
}
