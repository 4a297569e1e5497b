import '@mantine/core/styles/SimpleGrid.layer.css';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { StudentAcademic, StudentAcademicClass } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** Where a class's records lead for this caller; null: not for them. */
export interface AcademicLinks {
  classDetails: (c: StudentAcademicClass) => string | null;
  lastReport: (c: StudentAcademicClass) => string | null;
  records: (c: StudentAcademicClass) => string | null;
}

/**
 * Homework and exams per class (issue 31): sessions, presence, homework given, done and pending,
 * exams and their average, with the existing pages for the detail (the last session's report, the
 * class's exams and homework of the student).
 */
export function StudentAcademicView({
  academic,
  links,
}: {
  academic: StudentAcademic;
  links: AcademicLinks;
}) {
  const { t } = useTranslation('students');
  const language = currentLanguage();
  if (academic.classes.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('academic.none')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {academic.classes.map((c) => {
        const details = links.classDetails(c);
        const report = links.lastReport(c);
        const records = links.records(c);
        return (
          <Paper key={c.classroomId} withBorder radius="md" p="sm" data-testid="student-academic-class">
            <Stack gap={4}>
              {details ? (
                <Anchor component={Link} to={details} fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {c.classroomName}
                </Anchor>
              ) : (
                <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {c.classroomName}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {c.teacherName}
              </Text>
              <Line
                label={t('academic.sessions')}
                value={t('academic.sessionsValue', { held: c.held, upcoming: c.upcoming })}
              />
              <Line
                label={t('academic.presence')}
                value={t('academic.presenceValue', { present: c.present, absent: c.absent })}
              />
              <Line
                label={t('academic.homework')}
                value={t('academic.homeworkValue', {
                  done: c.homeworksDone,
                  given: c.homeworks,
                  pending: c.homeworksPending,
                })}
              />
              <Line
                label={t('academic.exams')}
                value={[
                  t('academic.examsValue', { count: c.exams }),
                  c.averageScore === null
                    ? null
                    : t('academic.average', { score: formatNumber(c.averageScore, language) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {report || records ? (
                <Group gap="md" mt={4}>
                  {report ? (
                    <Anchor component={Link} to={report} size="sm">
                      {t('academic.lastReport')}
                    </Anchor>
                  ) : null}
                  {records ? (
                    <Anchor component={Link} to={records} size="sm">
                      {t('academic.records')}
                    </Anchor>
                  ) : null}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
}
