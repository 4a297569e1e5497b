import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReportHomework } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { formatEpoch } from '@/lib/format';

/** Homework as short lines: what, which class and lessons, when due (or when done, with its grade). */
export function HomeworkLines({ homeworks }: { homeworks: ReportHomework[] }) {
  const { t } = useTranslation(['reports', 'academic']);
  return (
    <Stack gap={6}>
      {homeworks.map((h) => (
        <Group key={h.homeworkId} justify="space-between" wrap="nowrap" gap="sm" data-testid="homework-line">
          <Stack gap={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
            <Text fw={600}>{h.subtitle}</Text>
            <Text size="xs" c="dimmed">
              {[h.classroomName, ...h.lessonNames].join(' · ')} · {t(`academic:forms.${h.form}`)}
            </Text>
          </Stack>
          {/* The state and its date keep their width; the title wraps beside them (issue 27). */}
          {h.state === 'Done' ? (
            <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
              <Badge color="teal" variant="light">
                {h.correctPercentation === null
                  ? t('academic:states.Done')
                  : `${Math.floor(h.correctPercentation)}%`}
              </Badge>
              {h.doneMoment ? (
                <Text size="xs" c="dimmed">
                  {formatEpoch(h.doneMoment, 'date')}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
              <Badge color={h.overdue ? 'red' : 'blue'} variant="light">
                {h.overdue ? t('overdue') : t('due')}
              </Badge>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatEpoch(h.deadLine)}
              </Text>
            </Stack>
          )}
        </Group>
      ))}
    </Stack>
  );
}
