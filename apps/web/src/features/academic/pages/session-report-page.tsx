import '@mantine/core/styles/Skeleton.layer.css';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { StudentPageLink } from '@/features/students';
import { href } from '@/lib/routes';
import { useSessionReport } from '../api/session-report';
import { ParentLinksPanel } from '../components/parent-links-panel';
import classes from '../components/report-print.module.css';
import { SessionReportView } from '../components/session-report-view';

/** Loads and shows one student's report of one session, with a print button (and, for staff, the parent links). */
function ReportPage({
  sessionId,
  studentPublicKey,
  back,
  withLinks,
}: {
  sessionId: string;
  studentPublicKey: string;
  back: { to: string; label: string };
  withLinks: boolean;
}) {
  const { t } = useTranslation('academic');
  const { data, isLoading, isError } = useSessionReport(sessionId, studentPublicKey);
  if (isLoading) return <Skeleton height={420} radius="lg" />;
  if (isError || !data) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm">
          <Title order={3}>{t('sessionReport.notFound')}</Title>
          <Anchor component={Link} to={back.to}>
            {back.label}
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Group gap="xs" className={classes.hideOnPrint}>
            <Anchor component={Link} to={back.to} size="sm" c="dimmed">
              ← {back.label}
            </Anchor>
            {/* The student's page (issue 31), where the viewer may open it. */}
            <StudentPageLink publicKey={studentPublicKey}>{data.studentName}</StudentPageLink>
          </Group>
          <Title order={1} size="h2">
            {t('sessionReport.title', { name: data.studentName })}
          </Title>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          className={classes.hideOnPrint}
        >
          {t('sessionReport.print')}
        </Button>
      </Group>
      <SessionReportView report={data} />
      {withLinks ? (
        <Paper withBorder radius="lg" p="md" className={classes.hideOnPrint}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('parentLinks.title')}
            </Title>
            <ParentLinksPanel sessionId={sessionId} studentPublicKey={studentPublicKey} />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** Staff: `class/{id}/session/{sessionId}/report/{student_id}`, with the student's parent links. */
export function SessionReportPage() {
  const { t } = useTranslation('academic');
  const { id = '', sessionId = '', student_id: studentId = '' } = useParams();
  const user = useCurrentUser();
  return (
    <ReportPage
      sessionId={sessionId}
      studentPublicKey={studentId}
      back={{ to: href('classDetails', { id }), label: t('student.backToClass') }}
      withLinks={(user?.permissions ?? []).includes('parentLinks.manage')}
    />
  );
}

/** A student's own report of a past session: `/panel/sessions/{sessionId}/report`. */
export function PanelSessionReportPage() {
  const { t } = useTranslation('academic');
  const { sessionId = '' } = useParams();
  const user = useCurrentUser();
  if (!user) return <Text c="dimmed">{t('sessionReport.notFound')}</Text>;
  return (
    <ReportPage
      sessionId={sessionId}
      studentPublicKey={user.publicKey}
      back={{ to: href('panelUpcoming'), label: t('sessionReport.backToSessions') }}
      withLinks={false}
    />
  );
}
