import '@mantine/core/styles/Pagination.layer.css';
import { Anchor, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import type { TeachingHoursSessions } from '@tutoria/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatHours, formatNumber, formatSpan } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { href } from '@/lib/routes';
import { type Drill, drillHref } from '../lib/teaching-hours-drill';
import type { HoursBar } from './hours-chart';

const HoursChart = lazy(() => import('./hours-chart').then((m) => ({ default: m.HoursChart })));

export interface FigureRow {
  key: string;
  name: string;
  to: string;
  hours: number;
  sessionCount: number;
}

/** A step of the teaching-hours drill-down: its figures as a chart and a table whose names link one step down. */
export interface FiguresStepData {
  name: string;
  title: string;
  rows: FigureRow[];
  total: number;
  sessionCount: number;
}

export function FiguresStep({ step, tableId }: { step: FiguresStepData; tableId: string }) {
  const { t } = useTranslation('centreReports');
  const language = currentLanguage();
  const bars: HoursBar[] = step.rows.map((r) => ({ name: r.name, hours: r.hours }));
  return (
    <Stack gap="sm" data-testid="teaching-hours-step" data-step={step.name}>
      <Title order={2} size="h4">
        {step.title}
      </Title>
      <Text size="sm" data-testid="teaching-hours-total">
        {t('total', {
          hours: formatHours(step.total, language),
          sessions: formatNumber(step.sessionCount, language),
        })}
      </Text>
      {step.rows.length ? (
        <>
          <Suspense fallback={<Loader size="sm" />}>
            <HoursChart bars={bars} label={step.title} tableId={tableId} />
          </Suspense>
          <RecordTable<FigureRow>
            id={tableId}
            records={step.rows}
            idAccessor="key"
            aria-label={step.title}
            tableProps={{ striped: true, 'data-testid': 'teaching-hours-table' }}
            columns={[
              {
                accessor: 'name',
                phone: 'title',
                title: t('name'),
                render: (r) =>
                  r.sessionCount ? (
                    <Anchor component={Link} to={r.to} size="sm">
                      {r.name}
                    </Anchor>
                  ) : (
                    r.name
                  ),
              },
              {
                accessor: 'hours',
                title: t('hours'),
                textAlign: 'right',
                render: (r) => <span className={figures.figures}>{formatNumber(r.hours, language)}</span>,
              },
              {
                accessor: 'sessionCount',
                title: t('sessions'),
                textAlign: 'right',
                render: (r) => (
                  <span className={figures.figures}>{formatNumber(r.sessionCount, language)}</span>
                ),
              },
            ]}
          />
        </>
      ) : (
        <Text c="dimmed">{t('none')}</Text>
      )}
    </Stack>
  );
}

/** The last step: the held sessions behind a lesson type's figure, a page at a time (the page in the URL). */
export function SessionsStep({
  sessions,
  drill,
  pageSize,
}: {
  sessions: TeachingHoursSessions;
  drill: Drill;
  pageSize: number;
}) {
  const { t } = useTranslation('centreReports');
  const language = currentLanguage();
  const d = sessions;
  const pages = Math.max(1, Math.ceil(d.totalCount / pageSize));
  return (
    <Stack gap="sm" data-testid="teaching-hours-step" data-step="sessions">
      <Title order={2} size="h4">
        {t('sessionsBehind')}
      </Title>
      <RecordTable
        records={d.data}
        idAccessor="sessionId"
        aria-label={t('sessionsBehind')}
        tableProps={{ striped: true, 'data-testid': 'teaching-hours-sessions' }}
        columns={[
          {
            accessor: 'start',
            phone: 'title',
            title: t('when'),
            render: (s) => formatSpan(s.start, s.end, language),
          },
          {
            accessor: 'classroomName',
            title: t('class'),
            render: (s) => (
              <Anchor component={Link} to={href('classDetails', { id: s.classroomId })} size="sm">
                {s.classroomName}
              </Anchor>
            ),
          },
          { accessor: 'teacherName', title: t('teacher') },
          {
            accessor: 'hours',
            title: t('hours'),
            textAlign: 'right',
            render: (s) => <span className={figures.figures}>{formatNumber(s.hours, language)}</span>,
          },
        ]}
      />
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={drill.page}
          getItemProps={(page) => ({ component: Link, to: drillHref({ ...drill, page }) })}
          getControlProps={(control) => {
            const page =
              control === 'previous'
                ? drill.page - 1
                : control === 'next'
                  ? drill.page + 1
                  : control === 'first'
                    ? 1
                    : pages;
            return {
              component: Link,
              to: drillHref({ ...drill, page: Math.min(pages, Math.max(1, page)) }),
            };
          }}
        />
      ) : null}
    </Stack>
  );
}
