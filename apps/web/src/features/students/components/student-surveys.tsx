import '@mantine/core/styles/Badge.layer.css';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { StudentSurveys } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { formatEpoch } from '@/lib/format';

/** Survey participation (issue 31): per round whether the student rated their classes, never the ratings. */
export function StudentSurveysView({ surveys }: { surveys: StudentSurveys }) {
  const { t } = useTranslation('students');
  if (surveys.rounds.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('surveys.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {surveys.rounds.map((round) => (
        <Paper key={round.roundId} component="li" withBorder radius="md" p="sm" data-testid="student-survey">
          <Group justify="space-between" gap="xs" align="flex-start">
            <Stack gap={2} miw={0}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {round.title}
              </Text>
              <Text size="xs" c="dimmed">
                {t('surveys.period', {
                  from: formatEpoch(round.startsAt, 'date'),
                  to: formatEpoch(round.closedAt ?? round.endsAt, 'date'),
                })}
                {round.answeredAt
                  ? ` · ${t('surveys.answeredAt', { date: formatEpoch(round.answeredAt, 'date') })}`
                  : ''}
              </Text>
            </Stack>
            <Group gap={6}>
              <Badge variant="outline" color={round.isOpen ? 'indigo' : 'gray'} tt="none">
                {t(round.isOpen ? 'surveys.open' : 'surveys.closed')}
              </Badge>
              <Badge
                variant="light"
                tt="none"
                color={round.answered ? 'teal' : round.answeredItems > 0 ? 'yellow' : 'red'}
              >
                {round.answered
                  ? t('surveys.answered')
                  : round.answeredItems > 0
                    ? t('surveys.partly', { answered: round.answeredItems, items: round.items })
                    : t('surveys.notAnswered')}
              </Badge>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
