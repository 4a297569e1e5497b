import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RecordTable } from '@/components/record-table';
import { ClassSelect } from '@/features/classes';
import { formatSpan } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useRollCallClass } from '../api/roll-call';
import { ReportActions } from './report-actions';
import { PeriodInputs } from './report-filters';
import { periodOf, withParams } from './roll-call-params';
import { type Tally, tallyCells, tallyColumns, tallySheetColumns } from './roll-call-tally';

const PercentChart = lazy(() => import('./percent-chart').then((m) => ({ default: m.PercentChart })));

/**
 * A class's roll call over a period: the absence rate of each session as a chart and a table, then
 * each student's counts, and the totals. The class and the period are in the URL.
 */
export function RollCallClassView() {
  const { t } = useTranslation('centreReports');
  const tableId = useId();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const classroomId = params.get('classroomId');
  const period = periodOf(params);
  const report = useRollCallClass({ classroomId: classroomId ?? '', ...period }, Boolean(classroomId));
  const data = classroomId ? report.data : undefined;
  const refilter = (change: Record<string, string | null | undefined>) =>
    setParams(withParams(params, change));
  const rate = (percent: number | null) =>
    percent === null ? t('rollCall.noRate') : t('rollCall.rate', { percent });
  const sessions = (data?.sessions ?? []).map((s) => ({ ...s, when: formatSpan(s.start, s.end, language) }));
  const sheet = () => ({
    name: data?.classroomName ?? '',
    columns: [{ header: t('rollCall.line'), width: 28 }, ...tallySheetColumns(t)],
    rows: [
      ...sessions.map((s) => [s.when, ...tallyCells(s)]),
      ...(data?.students ?? []).map((s) => [s.fullName, ...tallyCells(s)]),
      ...(data ? [[t('totalRow'), ...tallyCells(data)]] : []),
    ],
  });

  let body;
  if (!classroomId) body = <Text c="dimmed">{t('rollCall.pickClass')}</Text>;
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
        {sessions.length === 0 ? (
          <Text c="dimmed">{t('rollCall.noneInPeriod')}</Text>
        ) : (
          <>
            <Title order={2} size="h4">
              {t('rollCall.perSession')}
            </Title>
            <Suspense fallback={<Loader size="sm" />}>
              <PercentChart
                tableId={tableId}
                bars={sessions.map((s) => ({ name: s.when, percent: s.absencePercent }))}
                label={t('rollCall.perSession')}
                series={t('rollCall.absencePercent')}
                color="red.6"
                testId="roll-call-chart"
              />
            </Suspense>
            <RecordTable<(typeof sessions)[number]>
              id={tableId}
              records={sessions}
              idAccessor="sessionId"
              aria-label={t('rollCall.perSession')}
              tableProps={{ striped: true, 'data-testid': 'roll-call-session-table' }}
              columns={[
                { accessor: 'when', phone: 'title', title: t('when') },
                ...tallyColumns<(typeof sessions)[number]>(t, language),
              ]}
            />
          </>
        )}
        <Title order={2} size="h4">
          {t('rollCall.perStudent')}
        </Title>
        <RecordTable<RollCallStudentLine>
          records={data.students}
          idAccessor="studentPublicKey"
          aria-label={t('rollCall.perStudent')}
          tableProps={{ striped: true, 'data-testid': 'roll-call-student-table' }}
          columns={[
            { accessor: 'fullName', phone: 'title', title: t('rollCall.student') },
            ...tallyColumns<RollCallStudentLine>(t, language),
          ]}
        />
      </Stack>
    );

  return (
    <>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-testid="roll-call-filters">
        <ClassSelect
          label={t('class')}
          placeholder={t('rollCall.chooseClass')}
          value={classroomId}
          onChange={(value) => refilter({ classroomId: value })}
        />
        <PeriodInputs {...period} onChange={refilter} testId="roll-call" />
        <ReportActions
          fileName={`roll-call-${data?.classroomName ?? 'class'}-${period.from}-${period.to}`}
          sheet={sheet}
          disabled={!data}
        />
      </Group>
      {body}
    </>
  );
}

interface RollCallStudentLine extends Tally {
  studentPublicKey: string;
  fullName: string;
}
