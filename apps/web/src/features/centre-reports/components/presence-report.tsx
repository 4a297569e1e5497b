import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { PresenceReport as PresenceAnswer } from '@tutoria/shared';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth';
import { PageHeader } from '@/components/page-header';
import { TeacherSelect } from '@/features/users';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { usePresenceReport } from '../api/presence';
import type { PercentBar } from './percent-chart';
import { ReportActions } from './report-actions';
import { PeriodFilter, periodOf, useReportParams } from './report-filters';

const PercentChart = lazy(() => import('./percent-chart').then((m) => ({ default: m.PercentChart })));

type Line = PresenceAnswer['students'][number];

/**
 * Presence per teacher's students (issue 29; SPEC §7 getStudentPresentationReport): present and
 * absent counts per student over the teacher's classes in a period, the presence percent floored,
 * a bar per student (0–100) and the table. A teacher or assistant reads their own classes; other
 * staff choose the teacher (in the URL, with the period).
 */
export function PresenceReport() {
  const { t } = useTranslation('centreReports');
  const tableId = useId();
  const language = currentLanguage();
  const user = useCurrentUser();
  const { params, set } = useReportParams();
  const period = periodOf(params);
  const teaches = user?.role === 'Teacher' || user?.role === 'AssistantTeacher';
  const teacher = teaches ? undefined : (params.get('teacher') ?? undefined);
  const query = { ...period, ...(teacher ? { teacherPublicKey: teacher } : {}) };
  const report = usePresenceReport(query, teaches || Boolean(teacher));
  const students = report.data?.students ?? [];
  const percent = (value: number | null) =>
    value === null ? '—' : t('presence.percent', { percent: value });
  const chartLabel = t('presence.chart', { from: period.from, to: period.to });
  const number = (value: number) => <span className={figures.figures}>{formatNumber(value, language)}</span>;
  const bars: PercentBar[] = students.map((s) => ({ name: s.studentName, percent: s.percent }));

  const sheet = () => ({
    name: t('reports.presence.title'),
    columns: [
      { header: t('presence.student'), kind: 'text' as const, width: 24 },
      { header: t('presence.present'), kind: 'number' as const },
      { header: t('presence.absent'), kind: 'number' as const },
      { header: t('presence.percentHeader'), kind: 'number' as const },
    ],
    rows: students.map((s) => [s.studentName, s.present, s.absent, s.percent]),
  });

  let body;
  if (!teaches && !teacher) body = <Text c="dimmed">{t('presence.chooseTeacher')}</Text>;
  else if (report.isError) body = <Alert color="red">{report.error.message}</Alert>;
  else if (!report.data) body = <Loader />;
  else if (!students.length) body = <Text c="dimmed">{t('presence.none')}</Text>;
  else
    body = (
      <Stack gap="sm" data-testid="presence">
        <Title order={2} size="h4">
          {chartLabel}
        </Title>
        <Suspense fallback={<Loader size="sm" />}>
          <PercentChart
            tableId={tableId}
            bars={bars}
            label={chartLabel}
            series={t('presence.percentHeader')}
            testId="presence-chart"
          />
        </Suspense>
        <RecordTable<Line>
          id={tableId}
          records={students}
          idAccessor="studentPublicKey"
          aria-label={chartLabel}
          tableProps={{ striped: true, 'data-testid': 'presence-table' }}
          columns={[
            { accessor: 'studentName', phone: 'title', title: t('presence.student') },
            {
              accessor: 'present',
              title: t('presence.present'),
              textAlign: 'right',
              render: (s) => number(s.present),
            },
            {
              accessor: 'absent',
              title: t('presence.absent'),
              textAlign: 'right',
              render: (s) => number(s.absent),
            },
            {
              accessor: 'percent',
              title: t('presence.percentHeader'),
              textAlign: 'right',
              render: (s) => <span className={figures.figures}>{percent(s.percent)}</span>,
            },
          ]}
        />
      </Stack>
    );

  return (
    <>
      <PageHeader title={t('reports.presence.title')} description={t('reports.presence.line')} />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-testid="presence-filters">
        <PeriodFilter from={period.from} to={period.to} testId="presence" />
        {teaches ? null : (
          <TeacherSelect
            label={t('teacher')}
            placeholder={t('filters.any')}
            required={false}
            chosenLabel={t('filters.chosenTeacher')}
            w={{ base: '100%', xs: 200 }}
            value={teacher ?? null}
            onChange={(value) => set({ teacher: value })}
            testId="presence-teacher"
          />
        )}
        <ReportActions
          fileName={`presence-${period.from}-${period.to}`}
          sheet={sheet}
          disabled={!students.length}
        />
      </Group>
      {body}
    </>
  );
}
