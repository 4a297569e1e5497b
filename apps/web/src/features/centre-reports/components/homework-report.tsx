import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import {
  type HomeworkCompletionClass,
  type HomeworkCompletionTeacher,
  levelLabels,
  lessonTypeLabel,
} from '@tutoria/shared';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { href } from '@/lib/routes';
import { inCentre } from '@/lib/time';
import { useHomeworkCompletion } from '../api/homework-workload';
import { homeworkFiltersOf } from '../lib/report-filters';
import { FilterLink } from './report-filters';
import { ReportActions } from './report-actions';
import { ReportFilterBar } from './report-filter-bar';

const CompletionChart = lazy(() =>
  import('./completion-chart').then((m) => ({ default: m.CompletionChart })),
);

/**
 * Homework completion (issue 29): the homework given at the sessions of a period, per teacher (a
 * chart on a 0–100 axis and a table) and per class (a table whose names narrow the report to the
 * class), percentages floored; the filters in the URL.
 */
export function HomeworkReport() {
  const { t } = useTranslation('centreReports');
  const tableId = useId();
  const language = currentLanguage();
  const [params] = useSearchParams();
  const query = homeworkFiltersOf(params, inCentre(Date.now() / 1000));
  const report = useHomeworkCompletion(query);
  const data = report.data;
  const n = (value: number) => <span className={figures.figures}>{formatNumber(value, language)}</span>;
  const rate = (percent: number | null) => (percent === null ? '—' : `${percent}%`);
  const counts = [
    {
      accessor: 'assigned',
      title: t('homework.assigned'),
      textAlign: 'right' as const,
      render: (r: HomeworkCompletionTeacher | HomeworkCompletionClass) => n(r.assigned),
    },
    {
      accessor: 'done',
      title: t('homework.done'),
      textAlign: 'right' as const,
      render: (r: HomeworkCompletionTeacher | HomeworkCompletionClass) => n(r.done),
    },
    {
      accessor: 'overdue',
      title: t('homework.overdue'),
      textAlign: 'right' as const,
      render: (r: HomeworkCompletionTeacher | HomeworkCompletionClass) => n(r.overdue),
    },
    {
      accessor: 'completionPercent',
      title: t('homework.completion'),
      textAlign: 'right' as const,
      render: (r: HomeworkCompletionTeacher | HomeworkCompletionClass) => (
        <span className={figures.figures}>{rate(r.completionPercent)}</span>
      ),
    },
  ];

  const sheet = () => ({
    name: t('reports.homework.title'),
    columns: [
      { header: t('class') },
      { header: t('teacher') },
      { header: t('filters.level') },
      { header: t('filters.lessonType') },
      { header: t('homework.assigned'), kind: 'number' as const },
      { header: t('homework.done'), kind: 'number' as const },
      { header: t('homework.overdue'), kind: 'number' as const },
      { header: t('homework.completionPercent'), kind: 'number' as const },
    ],
    rows: (data?.classes ?? []).map((c) => [
      c.classroomName,
      c.teacherName,
      c.level ? levelLabels[c.level][language] : '',
      c.lessonType ? lessonTypeLabel(c.lessonType, language) : '',
      c.assigned,
      c.done,
      c.overdue,
      c.completionPercent,
    ]),
  });

  return (
    <>
      <PageHeader title={t('reports.homework.title')} description={t('reports.homework.line')} />
      <ReportFilterBar filters={query} withClassAndLevel testId="homework">
        <ReportActions
          fileName={`homework-completion-${query.from}-${query.to}`}
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
          <Text size="sm" data-testid="homework-total">
            {t('homework.total', {
              done: formatNumber(data.done, language),
              assigned: formatNumber(data.assigned, language),
              overdue: formatNumber(data.overdue, language),
              rate: rate(data.completionPercent),
            })}
          </Text>
          {data.classes.length === 0 ? (
            <Text c="dimmed">{t('homework.none')}</Text>
          ) : (
            <>
              <Title order={2} size="h4">
                {t('homework.perTeacher')}
              </Title>
              <Suspense fallback={<Loader size="sm" />}>
                <CompletionChart
                  tableId={tableId}
                  bars={data.teachers.map((x) => ({
                    name: x.teacherName,
                    percent: x.completionPercent ?? 0,
                  }))}
                  label={t('homework.perTeacher')}
                />
              </Suspense>
              <RecordTable<HomeworkCompletionTeacher>
                id={tableId}
                records={data.teachers}
                idAccessor="teacherPublicKey"
                aria-label={t('homework.perTeacher')}
                tableProps={{ striped: true, 'data-testid': 'homework-teachers' }}
                columns={[
                  {
                    accessor: 'teacherName',
                    phone: 'title',
                    title: t('teacher'),
                    render: (r) => (
                      <FilterLink change={{ teacher: r.teacherPublicKey }}>{r.teacherName}</FilterLink>
                    ),
                  },
                  {
                    accessor: 'classCount',
                    title: t('homework.classes'),
                    textAlign: 'right',
                    render: (r) => n(r.classCount),
                  },
                  ...counts,
                ]}
              />
              <Title order={2} size="h4">
                {t('homework.perClass')}
              </Title>
              <RecordTable<HomeworkCompletionClass>
                records={data.classes}
                idAccessor="classroomId"
                aria-label={t('homework.perClass')}
                tableProps={{ striped: true, 'data-testid': 'homework-classes' }}
                columns={[
                  {
                    accessor: 'classroomName',
                    phone: 'title',
                    title: t('class'),
                    render: (r) => (
                      <FilterLink change={{ class: r.classroomId }}>{r.classroomName}</FilterLink>
                    ),
                  },
                  {
                    accessor: 'teacherName',
                    title: t('teacher'),
                  },
                  {
                    accessor: 'lessonType',
                    title: t('filters.lessonType'),
                    render: (r) => (r.lessonType ? lessonTypeLabel(r.lessonType, language) : '—'),
                  },
                  ...counts,
                  {
                    accessor: 'details',
                    title: t('homework.details'),
                    render: (r) => (
                      <Anchor component={Link} to={href('classDetails', { id: r.classroomId })} size="sm">
                        {t('homework.openClass')}
                      </Anchor>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Stack>
      )}
    </>
  );
}
