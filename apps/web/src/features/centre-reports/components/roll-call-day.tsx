import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/dates/styles.layer.css';
import { Alert, Anchor, Badge, Card, Group, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { lessonTypeLabel, lessonTypes } from '@tutoria/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { ClassSelect } from '@/features/classes';
import { TeacherSelect } from '@/features/users';
import { formatSpan, formatTimeRange } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { href } from '@/lib/routes';
import { useRollCallDay } from '../api/roll-call';
import { ReportActions } from './report-actions';
import { dayFiltersOf, presenceColour, withParams } from './roll-call-params';

const PercentChart = lazy(() => import('./percent-chart').then((m) => ({ default: m.PercentChart })));

/**
 * The roll call of a day: every session of the day in the centre's time zone, held or scheduled,
 * each student present, absent or not yet recorded, and the absence rates (floored); optionally one
 * teacher's sessions, one class or one lesson type. The day is today unless the URL names one.
 */
export function RollCallDayView() {
  const { t } = useTranslation('centreReports');
  const language = currentLanguage();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const filters = dayFiltersOf(params);
  const report = useRollCallDay(filters);
  const data = report.data;
  const rate = (percent: number | null) =>
    percent === null ? t('rollCall.noRate') : t('rollCall.rate', { percent });
  const refilter = (change: Record<string, string | null | undefined>) =>
    setParams(withParams(params, change));
  const reachesOwnClassesOnly = user?.role === 'Teacher' || user?.role === 'AssistantTeacher';
  const sheet = () => ({
    name: t('rollCall.sheetDay', { day: filters.day }),
    columns: [
      { header: t('when'), width: 24 },
      { header: t('class'), width: 24 },
      { header: t('teacher'), width: 20 },
      { header: t('rollCall.student'), width: 20 },
      { header: t('rollCall.presence') },
    ],
    rows: (data?.sessions ?? []).flatMap((s) =>
      s.students.map((x) => [
        formatSpan(s.start, s.end, language),
        s.classroomName,
        s.teacherName,
        x.fullName,
        t(`rollCall.${x.presence}`),
      ]),
    ),
  });

  return (
    <>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-testid="roll-call-filters">
        <DateInput
          label={t('rollCall.day')}
          valueFormat="YYYY-MM-DD"
          value={filters.day}
          onChange={(value) => value && refilter({ day: value.slice(0, 10) })}
          w={{ base: '100%', xs: 170 }}
          popoverProps={{ withinPortal: true }}
          data-testid="roll-call-day"
        />
        {reachesOwnClassesOnly ? null : (
          <TeacherSelect
            label={t('teacher')}
            placeholder={t('anyTeacher')}
            required={false}
            value={filters.teacherPublicKey ?? null}
            onChange={(value) => refilter({ teacherPublicKey: value })}
            w={{ base: '100%', xs: 220 }}
          />
        )}
        <ClassSelect
          label={t('class')}
          placeholder={t('anyClass')}
          value={filters.classroomId ?? null}
          onChange={(value) => refilter({ classroomId: value })}
        />
        <Select
          label={t('rollCall.lessonType')}
          placeholder={t('rollCall.anyLessonType')}
          data={lessonTypes.map((type) => ({ value: type, label: lessonTypeLabel(type, language) }))}
          value={filters.lessonType ?? null}
          onChange={(value) => refilter({ lessonType: value })}
          clearable
          searchable
          w={{ base: '100%', xs: 220 }}
          comboboxProps={{ withinPortal: true }}
        />
        <ReportActions
          fileName={`roll-call-${filters.day}`}
          sheet={sheet}
          disabled={!data?.sessions.length}
        />
      </Group>
      {data ? (
        <Text size="sm" mb="md" data-testid="roll-call-total">
          {t('rollCall.total', {
            present: data.presentCount,
            absent: data.absentCount,
            rate: rate(data.absencePercent),
          })}
        </Text>
      ) : null}
      {report.isError ? <Alert color="red">{report.error.message}</Alert> : null}
      {!data ? (
        report.isError ? null : (
          <Loader />
        )
      ) : data.sessions.length === 0 ? (
        <Text c="dimmed">{t('rollCall.none')}</Text>
      ) : (
        <Stack gap="md">
          <Suspense fallback={<Loader size="sm" />}>
            <PercentChart
              bars={data.sessions.map((s) => ({
                name: `${formatTimeRange(s.start, s.end, language)} ${s.classroomName}`,
                percent: s.absencePercent,
              }))}
              label={t('rollCall.absenceChart')}
              series={t('rollCall.absencePercent')}
              color="red.6"
              testId="roll-call-chart"
              keyLabel={t('rollCall.session')}
            />
          </Suspense>
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} data-testid="roll-call-sessions">
            {data.sessions.map((s) => (
              <Card
                key={s.sessionId}
                withBorder
                padding="md"
                component="section"
                aria-label={`${s.classroomName} ${formatTimeRange(s.start, s.end, language)}`}
              >
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Anchor component={Link} to={href('classDetails', { id: s.classroomId })} fw={600}>
                      {s.classroomName}
                    </Anchor>
                    <Badge variant="light" color={s.held ? 'teal' : 'blue'}>
                      {s.held ? t('rollCall.held') : t('rollCall.scheduled')}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {formatTimeRange(s.start, s.end, language)} · {s.teacherName}
                  </Text>
                  <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {s.students.map((student) => (
                      <Group
                        key={student.studentPublicKey}
                        component="li"
                        justify="space-between"
                        wrap="nowrap"
                      >
                        <Text size="sm">{student.fullName}</Text>
                        <Badge variant="dot" color={presenceColour[student.presence]}>
                          {t(`rollCall.${student.presence}`)}
                        </Badge>
                      </Group>
                    ))}
                  </Stack>
                  <Text size="sm">{t('rollCall.absence', { rate: rate(s.absencePercent) })}</Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
