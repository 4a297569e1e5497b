import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Alert, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { classesContract, type SurveyReport as Report } from '@tutoria/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { surveyKeys } from '@/lib/query-keys';
import { useRoundChoices, useSurveyReport } from '../api/surveys';
import { ClassTable, percentOf, QuestionTable, TeacherTable } from './survey-report-tables';

const SurveyReportChart = lazy(() =>
  import('./survey-report-chart').then((m) => ({ default: m.SurveyReportChart })),
);
const TeacherComparisonChart = lazy(() =>
  import('./survey-report-chart').then((m) => ({ default: m.TeacherComparisonChart })),
);

/**
 * The survey report: a round, and for staff a teacher and a class, chosen above; then the
 * totals, the ratings per question as a chart and a table, teachers compared and answers per class
 * (staff), and the comments, anonymous to everyone. A teacher's own report stays hidden below the
 * minimum number of answers.
 */
export function SurveyReport({ staff }: { staff: boolean }) {
  const { t } = useTranslation('surveys');
  const [roundId, setRoundId] = useState<string | null>(null);
  const [teacher, setTeacher] = useState<string | null>(null);
  const [classroomId, setClassroomId] = useState<string | null>(null);
  const rounds = useRoundChoices();
  const classes = useQuery({
    queryKey: surveyKeys.classChoices,
    queryFn: ({ signal }) =>
      api.call(
        classesContract.list,
        { body: { page: { index: 1, size: 200 }, where: [], order: [] } },
        { signal },
      ),
  });
  const base = { roundId: roundId ?? undefined, classroomId: classroomId ?? undefined };
  const everyone = useSurveyReport(base);
  const chosen = useSurveyReport({ ...base, teacherPublicKey: staff ? (teacher ?? undefined) : undefined });
  const report = chosen.data;
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('report.round')}
          data={(rounds.data?.data ?? []).map((r) => ({ value: r.roundId, label: r.title }))}
          value={roundId ?? report?.round?.roundId ?? null}
          onChange={setRoundId}
          w={{ base: '100%', sm: 240 }}
        />
        {staff ? (
          <Select
            label={t('report.teacher')}
            placeholder={t('report.allTeachers')}
            data={(everyone.data?.teachers ?? []).map((x) => ({
              value: x.teacherPublicKey,
              label: x.fullName,
            }))}
            value={teacher}
            onChange={setTeacher}
            clearable
            searchable
            w={{ base: '100%', sm: 240 }}
          />
        ) : null}
        <Select
          label={t('report.classroom')}
          placeholder={t('report.allClasses')}
          data={(classes.data?.data ?? []).map((c) => ({ value: c.classroomId, label: c.classroomName }))}
          value={classroomId}
          onChange={setClassroomId}
          clearable
          searchable
          w={{ base: '100%', sm: 240 }}
        />
      </Group>
      {report ? <ReportBody report={report} compare={staff && teacher === null} /> : <Skeleton h={320} />}
    </Stack>
  );
}

function ReportBody({ report, compare }: { report: Report; compare: boolean }) {
  const { t } = useTranslation('surveys');
  const questionsId = useId();
  const teachersId = useId();
  if (!report.round) return <Text c="dimmed">{t('report.noRound')}</Text>;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure
          label={t('report.answers')}
          value={formatNumber(report.answerCount)}
          testId="survey-answer-count"
        />
        <Figure
          label={t('report.expected')}
          value={formatNumber(report.expectedCount)}
          testId="survey-expected-count"
        />
        <Figure
          label={t('report.rate')}
          value={percentOf(report.answerCount, report.expectedCount)}
          testId="survey-response-rate"
        />
      </SimpleGrid>
      {report.hidden ? (
        <Alert icon={<IconEyeOff size={18} />} color="gray" data-testid="survey-report-hidden">
          {t('report.hidden', { min: report.minimumAnswers, count: report.answerCount })}
        </Alert>
      ) : report.answerCount === 0 ? (
        <Text c="dimmed">{t('report.noAnswers')}</Text>
      ) : (
        <>
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="survey-chart-title">
            <Title order={2} size="h4" mb="md" id="survey-chart-title">
              {t('report.chartTitle')}
            </Title>
            <Suspense fallback={<Skeleton h={240} />}>
              <SurveyReportChart
                questions={report.questions}
                label={t('report.chartLabel')}
                tableId={questionsId}
              />
            </Suspense>
            <QuestionTable report={report} id={questionsId} />
          </Paper>
          {compare && report.teachers.length > 1 ? (
            <Paper withBorder radius="lg" p="lg">
              <Title order={2} size="h4" mb="md">
                {t('report.teachers')}
              </Title>
              <Suspense fallback={<Skeleton h={240} />}>
                <TeacherComparisonChart
                  teachers={report.teachers}
                  label={t('report.teachersLabel')}
                  tableId={teachersId}
                />
              </Suspense>
              <TeacherTable teachers={report.teachers} id={teachersId} />
            </Paper>
          ) : null}
          {report.classes.length > 0 ? (
            <Paper withBorder radius="lg" p="lg">
              <Title order={2} size="h4" mb="md">
                {t('report.classes')}
              </Title>
              <ClassTable classes={report.classes} />
            </Paper>
          ) : null}
          <Paper withBorder radius="lg" p="lg" data-testid="survey-comments">
            <Title order={2} size="h4">
              {t('report.comments')}
            </Title>
            <Text size="xs" c="dimmed" mb="md">
              {t('report.anonymous')}
            </Text>
            {report.comments.length === 0 ? (
              <Text c="dimmed">{t('report.noComments')}</Text>
            ) : (
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {report.comments.map((c, i) => (
                  <Text key={i} size="sm" component="li">
                    “{c.comment}”
                  </Text>
                ))}
              </Stack>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}
