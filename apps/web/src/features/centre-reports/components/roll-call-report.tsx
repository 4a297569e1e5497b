import '@mantine/core/styles/Input.layer.css';
import '@mantine/dates/styles.layer.css';
import { Alert, Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { RollCallPresence } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { formatTimeRange } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { href } from '@/lib/routes';
import { useRollCallDay } from '../api/roll-call';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const presenceColour: Record<RollCallPresence, string> = {
  present: 'teal',
  absent: 'red',
  unrecorded: 'gray',
};

/** Today in the browser's calendar, as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The roll call of a day (issue 29): every session of the day in the centre's time zone, held or
 * scheduled, each student present, absent or not yet recorded, and the absence rates (floored).
 * The day is in the URL (`day`), today unless named.
 */
export function RollCallReport() {
  const { t } = useTranslation('centreReports');
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const named = params.get('day');
  const day = named && DAY.test(named) ? named : today();
  const report = useRollCallDay(day);
  const data = report.data;
  const rate = (percent: number | null) =>
    percent === null ? t('rollCall.noRate') : t('rollCall.rate', { percent });

  return (
    <>
      <PageHeader title={t('reports.roll-call.title')} description={t('reports.roll-call.line')} />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <DateInput
          label={t('rollCall.day')}
          valueFormat="YYYY-MM-DD"
          value={day}
          onChange={(value) => value && setParams(new URLSearchParams({ day: value.slice(0, 10) }))}
          w={{ base: '100%', xs: 170 }}
          popoverProps={{ withinPortal: true }}
          data-testid="roll-call-day"
        />
        {data ? (
          <Text size="sm" data-testid="roll-call-total">
            {t('rollCall.total', {
              present: data.presentCount,
              absent: data.absentCount,
              rate: rate(data.absencePercent),
            })}
          </Text>
        ) : null}
      </Group>
      {report.isError ? <Alert color="red">{report.error.message}</Alert> : null}
      {!data ? (
        report.isError ? null : (
          <Loader />
        )
      ) : data.sessions.length === 0 ? (
        <Text c="dimmed">{t('rollCall.none')}</Text>
      ) : (
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
      )}
    </>
  );
}
