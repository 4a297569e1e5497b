import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { TeacherWorkloadTeacher } from '@tutoria/shared';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatHours, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { inCentre } from '@/lib/time';
import { useTeacherWorkload } from '../api/homework-workload';
import { workloadFiltersOf } from '../lib/report-filters';
import { FilterLink } from './report-filters';
import { ReportActions } from './report-actions';
import { ReportFilterBar } from './report-filter-bar';

const WorkloadChart = lazy(() => import('./workload-chart').then((m) => ({ default: m.WorkloadChart })));

interface WeekRow {
  id: string;
  week: string;
  teacherName: string;
  heldHours: number;
  bookedHours: number;
}

/** A week by its Monday: already a calendar day in SPEC §9's date format (YYYY-MM-DD, both languages). */
const weekLabel = (week: string) => week;

/**
 * Teacher workload (issue 29): hours per teacher per week (weeks from Monday in the centre's time
 * zone), booked hours stacked by teacher in a chart, each teacher's held and booked totals and the
 * weeks with hours in tables; the filters in the URL.
 */
export function WorkloadReport() {
  const { t } = useTranslation('centreReports');
  const tableId = useId();
  const language = currentLanguage();
  const [params] = useSearchParams();
  const query = workloadFiltersOf(params, inCentre(Date.now() / 1000));
  const report = useTeacherWorkload(query);
  const data = report.data;
  const n = (value: number) => <span className={figures.figures}>{formatNumber(value, language)}</span>;
  const weekRows: WeekRow[] = (data?.teachers ?? [])
    .flatMap((x) =>
      x.weeks
        .filter((w) => w.bookedHours > 0)
        .map((w) => ({
          id: `${x.teacherPublicKey} ${w.week}`,
          week: w.week,
          teacherName: x.teacherName,
          heldHours: w.heldHours,
          bookedHours: w.bookedHours,
        })),
    )
    .sort((a, b) => a.week.localeCompare(b.week) || a.teacherName.localeCompare(b.teacherName));
  const chartRows = (data?.weeks ?? []).map((week, i) => ({
    week: weekLabel(week),
    ...Object.fromEntries(
      (data?.teachers ?? []).map((x) => [x.teacherPublicKey, x.weeks[i]?.bookedHours ?? 0]),
    ),
  }));
  const hours = [
    {
      accessor: 'heldHours',
      title: t('workload.held'),
      textAlign: 'right' as const,
      render: (r: { heldHours: number }) => n(r.heldHours),
    },
    {
      accessor: 'bookedHours',
      title: t('workload.booked'),
      textAlign: 'right' as const,
      render: (r: { bookedHours: number }) => n(r.bookedHours),
    },
  ];

  const sheet = () => ({
    name: t('reports.workload.title'),
    columns: [
      { header: t('teacher') },
      { header: t('workload.week') },
      { header: t('workload.held'), kind: 'number' as const },
      { header: t('workload.booked'), kind: 'number' as const },
    ],
    rows: (data?.teachers ?? []).flatMap((x) => [
      ...x.weeks.map((w) => [x.teacherName, w.week, w.heldHours, w.bookedHours]),
      [x.teacherName, t('workload.total'), x.heldHours, x.bookedHours],
    ]),
  });

  return (
    <>
      <PageHeader title={t('reports.workload.title')} description={t('reports.workload.line')} />
      <ReportFilterBar filters={query} testId="workload">
        <ReportActions
          fileName={`teacher-workload-${query.from}-${query.to}`}
          sheet={sheet}
          disabled={!data}
        />
      </ReportFilterBar>
      {report.isError ? <Alert color="red">{report.error.message}</Alert> : null}
      {!data ? (
        report.isError ? null : (
          <Loader />
        )
      ) : (
        <Stack gap="md">
          <Text size="sm" data-testid="workload-total">
            {t('workload.totalLine', {
              held: formatHours(data.heldHours, language),
              booked: formatHours(data.bookedHours, language),
            })}
          </Text>
          {data.teachers.length === 0 ? (
            <Text c="dimmed">{t('workload.none')}</Text>
          ) : (
            <>
              <Title order={2} size="h4">
                {t('workload.perWeek')}
              </Title>
              <Suspense fallback={<Loader size="sm" />}>
                <WorkloadChart
                  tableId={tableId}
                  rows={chartRows}
                  teachers={data.teachers.map((x) => ({ key: x.teacherPublicKey, name: x.teacherName }))}
                  label={t('workload.perWeek')}
                />
              </Suspense>
              <Title order={2} size="h4">
                {t('workload.perTeacher')}
              </Title>
              <RecordTable<TeacherWorkloadTeacher>
                records={data.teachers}
                idAccessor="teacherPublicKey"
                aria-label={t('workload.perTeacher')}
                tableProps={{ striped: true, 'data-testid': 'workload-teachers' }}
                columns={[
                  {
                    accessor: 'teacherName',
                    phone: 'title',
                    title: t('teacher'),
                    render: (r) => (
                      <FilterLink change={{ teacher: r.teacherPublicKey }}>{r.teacherName}</FilterLink>
                    ),
                  },
                  ...hours,
                ]}
              />
              <Title order={2} size="h4">
                {t('workload.weeks')}
              </Title>
              <RecordTable<WeekRow>
                id={tableId}
                records={weekRows}
                idAccessor="id"
                aria-label={t('workload.weeks')}
                tableProps={{ striped: true, 'data-testid': 'workload-weeks' }}
                columns={[
                  {
                    accessor: 'week',
                    phone: 'title',
                    title: t('workload.week'),
                    render: (r) => weekLabel(r.week),
                  },
                  { accessor: 'teacherName', title: t('teacher') },
                  ...hours,
                ]}
              />
            </>
          )}
        </Stack>
      )}
    </>
  );
}
