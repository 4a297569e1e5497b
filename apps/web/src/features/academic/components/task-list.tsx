import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StudentTasks } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { formatEpoch } from '@/lib/format';
import { HomeworkFiles } from './homework-files';

/**
 * The to-dos: homework to hand in (overdue first, marked) with the teacher's files and the answers,
 * then exams whose score is still to come. `answering`: the viewer is the student, who uploads answers.
 */
export function TaskList({ tasks, answering }: { tasks: StudentTasks; answering: boolean }) {
  const { t } = useTranslation(['reports', 'academic']);
  return (
    <Stack gap="md">
      <Stack gap="xs" data-testid="tasks-homework">
        <Title order={2} size="h4">
          {t('tasks.homework')}
        </Title>
        {tasks.homeworks.length === 0 ? <Text c="dimmed">{t('tasks.noHomework')}</Text> : null}
        {tasks.homeworks.map((h) => (
          <Paper
            key={h.homeworkId}
            withBorder
            radius="md"
            p="sm"
            data-testid="task"
            style={h.overdue ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Text fw={600}>{h.subtitle}</Text>
                <Text size="xs" c="dimmed">
                  {[h.classroomName, ...h.lessonNames].join(' · ')} · {t(`academic:forms.${h.form}`)}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Badge color={h.overdue ? 'red' : 'blue'} variant="light">
                  {h.overdue ? t('overdue') : t('due')}
                </Badge>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatEpoch(h.deadLine)}
                </Text>
              </Stack>
            </Group>
            <HomeworkFiles homeworkId={h.homeworkId} files={h.files} writable={answering ? 'answer' : null} />
          </Paper>
        ))}
      </Stack>
      <Stack gap="xs" data-testid="tasks-exams">
        <Title order={2} size="h4">
          {t('tasks.exams')}
        </Title>
        {tasks.exams.length === 0 ? <Text c="dimmed">{t('tasks.noExams')}</Text> : null}
        {tasks.exams.map((e) => (
          <Paper key={e.examId} withBorder radius="md" p="sm" data-testid="task-exam">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2}>
                <Text fw={600}>{t(`academic:examTypes.${e.examType}`)}</Text>
                <Text size="xs" c="dimmed">
                  {[e.classroomName, e.lessonName].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatEpoch(e.sessionStart, 'date')}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
