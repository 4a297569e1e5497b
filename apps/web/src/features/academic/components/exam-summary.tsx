import { Badge, Group, Text } from '@mantine/core';
import type { Exam } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { formatEpoch } from '@/lib/format';
import { StateBadge } from './record-badges';

/** An exam read-only: kind, lesson, session date, state and score. */
export function ExamSummary({ exam }: { exam: Exam }) {
  const { t } = useTranslation('academic');
  return (
    <Group gap={6} data-testid="exam-summary">
      <Text size="sm">{t(`examTypes.${exam.examType}`)}</Text>
      {exam.lessonName ? (
        <Text size="xs" c="dimmed">
          {exam.lessonName}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {formatEpoch(exam.sessionStart, 'date')}
      </Text>
      <StateBadge state={exam.examState} />
      {exam.score !== null ? (
        <Badge size="sm" radius="sm" color="indigo">
          {exam.score}
        </Badge>
      ) : null}
    </Group>
  );
}
