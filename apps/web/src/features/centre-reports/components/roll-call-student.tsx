import { Alert, Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { RollCallStudent } from '@tutoria/shared';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RecordTable } from '@/components/record-table';
import { StudentSelect } from '@/features/finance';
import { formatSpan } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { href } from '@/lib/routes';
import { useRollCallStudent } from '../api/roll-call';
import { ReportActions } from './report-actions';
import { PeriodInputs } from './report-filters';
import { periodOf, presenceColour, withParams } from './roll-call-params';
import { tallyCells, tallyColumns, tallySheetColumns } from './roll-call-tally';

const PercentChart = lazy(() => import('./percent-chart').then((m) => ({ default: m.PercentChart })));

type ClassLine = RollCallStudent['classes'][number];
type SessionLine = RollCallStudent['sessions'][number];

/**
 * A student's roll call over a period: the absence rate per class as a chart and a table, then each
 * session with the student's presence. The student and the period are in the URL.
 */
export function RollCallStudentView() {
  const { t } = useTranslation('centreReports');
  const tableId = useId();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const studentPublicKey = params.get('studentPublicKey');
  const period = periodOf(params);
  const report = useRollCallStudent(
    { studentPublicKey: studentPublicKey ?? '', ...period },
    Boolean(studentPublicKey),
  );
  const data = studentPublicKey ? report.data : undefined;
  const refilter = (change: Record<string, string | null | undefined>) =>
    setParams(withParams(params, change));
  const rate = (percent: number | null) =>
    percent === null ? t('rollCall.noRate') : t('rollCall.rate', { percent });
  const sheet = () => ({
    name: data?.fullName ?? '',
    columns: [
      { header: t('class'), width: 24 },
      { header: t('when'), width: 24 },
      { header: t('rollCall.presence') },
      ...tallySheetColumns(t),
    ],
    rows: [
      ...(data?.classes ?? []).map((c) => [c.classroomName, '', '', ...tallyCells(c)]),
      ...(data?.sessions ?? []).map((s) => [
        s.classroomName,
        formatSpan(s.start, s.end, language),
        t(`rollCall.${s.presence}`),
      ]),
      ...(data ? [[t('totalRow'), '', '', ...tallyCells(data)]] : []),
    ],
  });

  let body;
  if (!studentPublicKey) body = <Text c="dimmed">{t('rollCall.pickStudent')}</Text>;
  else if (report.isError) body = <Alert color="red">{report.error.message}</Alert>;
  else if (!data) body = <Loader />;
  else
    body = (
      <Stack gap="md">
        <Text size="sm" data-testid="roll-call-total">
          {t('rollCall.periodTotal', {
            present: data.presentCount,
            absent: data.absentCount,
            unrecorded: data.unrecordedCount,
            rate: rate(data.absencePercent),
          })}
        </Text>
        {data.sessions.length === 0 ? (
          <Text c="dimmed">{t('rollCall.noneInPeriod')}</Text>
        ) : (
          <>
            <Title order={2} size="h4">
              {t('rollCall.perClass')}
            </Title>
            <Suspense fallback={<Loader size="sm" />}>
              <PercentChart
                tableId={tableId}
                bars={data.classes.map((c) => ({ name: c.classroomName, percent: c.absencePercent }))}
                label={t('rollCall.perClass')}
                series={t('rollCall.absencePercent')}
                color="red.6"
                testId="roll-call-chart"
              />
            </Suspense>
            <RecordTable<ClassLine>
              id={tableId}
              records={data.classes}
              idAccessor="classroomId"
              aria-label={t('rollCall.perClass')}
              tableProps={{ striped: true, 'data-testid': 'roll-call-class-table' }}
              columns={[
                {
                  accessor: 'classroomName',
                  phone: 'title',
                  title: t('class'),
                  render: (c) => (
                    <Anchor component={Link} to={href('classDetails', { id: c.classroomId })} size="sm">
                      {c.classroomName}
                    </Anchor>
                  ),
                },
                ...tallyColumns<ClassLine>(t, language),
              ]}
            />
            <Title order={2} size="h4">
              {t('rollCall.sessionsOfStudent')}
            </Title>
            <RecordTable<SessionLine>
              records={data.sessions}
              idAccessor="sessionId"
              aria-label={t('rollCall.sessionsOfStudent')}
              tableProps={{ striped: true, 'data-testid': 'roll-call-session-table' }}
              columns={[
                {
                  accessor: 'start',
                  phone: 'title',
                  title: t('when'),
                  render: (s) => formatSpan(s.start, s.end, language),
                },
                { accessor: 'classroomName', title: t('class') },
                {
                  accessor: 'presence',
                  title: t('rollCall.presence'),
                  render: (s) => (
                    <Badge variant="dot" color={presenceColour[s.presence]}>
                      {t(`rollCall.${s.presence}`)}
                    </Badge>
                  ),
                },
              ]}
            />
          </>
        )}
      </Stack>
    );

  return (
    <>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-testid="roll-call-filters">
        <StudentSelect
          label={t('rollCall.student')}
          placeholder={t('rollCall.chooseStudent')}
          value={studentPublicKey}
          knownName={data?.fullName ?? null}
          onChange={(value) => refilter({ studentPublicKey: value })}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
        <PeriodInputs {...period} onChange={refilter} testId="roll-call" />
        <ReportActions
          fileName={`roll-call-${data?.fullName ?? 'student'}-${period.from}-${period.to}`}
          sheet={sheet}
          disabled={!data}
        />
      </Group>
      {body}
    </>
  );
}
