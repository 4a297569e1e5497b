import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconChalkboard, IconUser } from '@tabler/icons-react';
import {
  lessonTypeLabel,
  type LessonType,
  type ReportSessionStatus,
  sessionDisplayColours,
  type SessionReport,
} from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readableOn } from '@/lib/colours';
import { formatDuration, formatEpoch, formatHours, formatNumber, formatTimeRange } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { StateBadge } from './record-badges';
import reportClasses from './report-print.module.css';

/** The report's word for the session in the colours class details use for the same states. */
const statusColours: Record<ReportSessionStatus, string> = {
  upcoming: sessionDisplayColours.waitingForClass,
  held: sessionDisplayColours.passed,
  notRecorded: sessionDisplayColours.notRecorded,
  cancelled: sessionDisplayColours.cancelled,
};

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId} className="report-section">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

const Quiet = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

/**
 * One student's report of one session (issue 10), read-only: when and with whom, what was taught,
 * presence and the teacher's feedback, homework, exams and lesson progress. The staff and student
 * pages and the parent's page show this same component.
 */
export function SessionReportView({ report }: { report: SessionReport }) {
  const { t } = useTranslation('academic');
  const language = currentLanguage();
  const flags = (['withOutTeach', 'withOutHomeWork', 'withOutExam', 'withOutReview'] as const).filter(
    (flag) => report.flags[flag],
  );
  return (
    <Stack gap="md" data-testid="session-report">
      <Paper withBorder radius="lg" p="md" className="report-section">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={2} size="h3">
              {report.classroomName}
            </Title>
            <Badge style={readableOn(statusColours[report.status])} data-testid="report-state">
              {t(`sessionReport.status.${report.status}`)}
            </Badge>
          </Group>
          <Group gap="lg" wrap="wrap">
            <Group gap={6} wrap="nowrap">
              <IconCalendarEvent size={16} aria-hidden />
              <Text size="sm">
                {formatEpoch(report.start, 'date')} · {formatTimeRange(report.start, report.end)}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconUser size={16} aria-hidden />
              <Text size="sm">{t('sessionReport.teacher', { name: report.teacherName })}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconChalkboard size={16} aria-hidden />
              <Text size="sm">{lessonTypeLabel(report.lessonType as LessonType, language)}</Text>
            </Group>
          </Group>
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={t('sessionReport.presence')} testId="report-presence">
          {report.presence ? (
            <>
              <Badge size="lg" variant="light" color={report.presence.isPresent ? 'teal' : 'red'}>
                {report.presence.isPresent ? t('sessionReport.present') : t('sessionReport.absent')}
              </Badge>
              {report.presence.feedback ? (
                <Text size="sm" fs="italic">
                  “{report.presence.feedback}”
                </Text>
              ) : null}
            </>
          ) : (
            <Quiet>{t('sessionReport.notRecorded')}</Quiet>
          )}
        </Section>
        <Section title={t('sessionReport.teachingDay')} testId="report-teaching">
          {report.teachingDay ? (
            <>
              {report.teachingDay.taughtLessonsDescription ? (
                <Text size="sm">{report.teachingDay.taughtLessonsDescription}</Text>
              ) : null}
              <Group gap="xs">
                {report.teachingDay.teachingMinutes !== null ? (
                  <Badge variant="outline" color="gray">
                    {formatDuration(report.teachingDay.teachingMinutes)}
                  </Badge>
                ) : null}
                {report.teachingDay.teachingType ? (
                  <Badge variant="outline" color="gray">
                    {t(`sessionReport.teachingTypes.${report.teachingDay.teachingType}`, {
                      defaultValue: report.teachingDay.teachingType,
                    })}
                  </Badge>
                ) : null}
              </Group>
            </>
          ) : (
            <Quiet>{t('sessionReport.notRecorded')}</Quiet>
          )}
          {report.lessonsTaught.length ? (
            <Group gap={6}>
              {report.lessonsTaught.map((l) => (
                <Badge
                  key={`${l.lessonName}-${l.lessonTitle}-${l.lessonSubTitle}`}
                  variant="light"
                  color="grape"
                  classNames={{ root: reportClasses.lessonTag, label: reportClasses.lessonTagLabel }}
                  data-testid="report-lesson-tag"
                >
                  {[l.lessonName, l.lessonTitle, l.lessonSubTitle].filter(Boolean).join(' · ')}
                </Badge>
              ))}
            </Group>
          ) : null}
        </Section>
      </SimpleGrid>

      <Section title={t('homework.title')} testId="report-homework">
        {report.homeworks.length === 0 ? (
          <Quiet>
            {report.flags.withOutHomeWork ? t('sessionReport.flags.withOutHomeWork') : t('homework.none')}
          </Quiet>
        ) : (
          report.homeworks.map((h, i) => (
            <Stack key={`${h.subtitle}-${i}`} gap={4}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{h.subtitle}</Text>
                <Group gap={6}>
                  <Badge size="sm" variant="outline" color="gray">
                    {t(`forms.${h.form}`)}
                  </Badge>
                  <StateBadge state={h.state} />
                  {h.correctPercentation !== null ? (
                    <Badge size="sm" color="indigo">
                      {formatNumber(h.correctPercentation)}%
                    </Badge>
                  ) : null}
                </Group>
              </Group>
              <Text size="xs" c="dimmed">
                {t('homework.dueOn', { date: formatEpoch(h.deadLine) })}
                {h.doneMoment
                  ? ` · ${t('homework.doneOn', { date: formatEpoch(h.doneMoment, 'date') })}`
                  : ''}
              </Text>
              {h.feedback ? (
                <Text size="sm" fs="italic">
                  “{h.feedback}”
                </Text>
              ) : null}
            </Stack>
          ))
        )}
      </Section>

      <Section title={t('exam.title')} testId="report-exams">
        {report.exams.length === 0 ? (
          <Quiet>{report.flags.withOutExam ? t('sessionReport.flags.withOutExam') : t('exam.none')}</Quiet>
        ) : (
          report.exams.map((e, i) => (
            <Stack key={`${e.examType}-${i}`} gap={4}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>
                  {t(`examTypes.${e.examType}`)}
                  {e.lessonName ? ` · ${e.lessonName}` : ''}
                </Text>
                <Group gap={6}>
                  <StateBadge state={e.examState} />
                  {e.score !== null ? (
                    <Badge size="lg" color="indigo" data-testid="report-score">
                      {formatNumber(e.score)}
                    </Badge>
                  ) : null}
                </Group>
              </Group>
              {e.feedback ? (
                <Text size="sm" fs="italic">
                  “{e.feedback}”
                </Text>
              ) : null}
            </Stack>
          ))
        )}
      </Section>

      <Section title={t('progress.title')} testId="report-progress">
        {report.progress.map((p) => (
          <Stack key={`${p.lessonName}-${p.lessonTitle}-${p.lessonSubTitle}`} gap={4}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{[p.lessonName, p.lessonTitle].filter(Boolean).join(' · ')}</Text>
              <Group gap={6}>
                <Badge size="sm" variant="light" color={p.teachState === 'Done' ? 'teal' : 'yellow'}>
                  {t(`sessionReport.teach.${p.teachState}`)}
                </Badge>
                <Badge size="sm" variant="light" color={p.reviewState === 'Done' ? 'teal' : 'gray'}>
                  {t(`sessionReport.review.${p.reviewState}`)}
                </Badge>
              </Group>
            </Group>
            <Progress
              value={p.teachingPercent}
              aria-label={t('progress.taughtShareValue', { percent: p.teachingPercent })}
            />
            <Text size="xs" c="dimmed">
              {t('progress.summary', {
                taught: formatNumber(p.teachedTimeInHour),
                total: formatNumber(p.teachingLessonTimeInHour),
                left: formatNumber(p.teachingTimeLeftInHour),
              })}
              {p.teachedHereInHour !== null
                ? ` · ${t('sessionReport.taughtHere', { hours: formatHours(p.teachedHereInHour) })}`
                : ''}
            </Text>
          </Stack>
        ))}
        {flags.length ? (
          <Group gap={6}>
            {flags.map((flag) => (
              <Badge key={flag} variant="outline" color="gray">
                {t(`sessionReport.flags.${flag}`)}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Section>
    </Stack>
  );
}
