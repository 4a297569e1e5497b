import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LessonProgressEntry, SessionRecords } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import type { RecordAbilities } from '../lib/abilities';
import { ExamForm } from './exam-form';
import { HomeworkRow } from './homework-row';
import { StateBadge } from './record-badges';

type StudentEntry = SessionRecords['students'][number];

/** One student's homework and exams at the session: graded and edited inline when allowed. */
export function StudentRecords({
  sessionId,
  student,
  lessons,
  can,
}: {
  sessionId: string;
  student: StudentEntry;
  lessons: LessonProgressEntry[];
  can: RecordAbilities;
}) {
  const { t } = useTranslation('academic');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="student-records"
      data-student={student.studentPublicKey}
    >
      <Stack gap="xs">
        <Title order={5}>{student.studentName}</Title>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('homework.title')}
        </Text>
        {student.homeworks.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('homework.none')}
          </Text>
        ) : (
          student.homeworks.map((h) => (
            <HomeworkRow
              key={`${h.homeworkId}-${h.state}-${h.correctPercentation}`}
              homework={h}
              gradable={can.grade}
            />
          ))
        )}
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('exam.title')}
        </Text>
        {can.record ? (
          <>
            {student.exams.map((e) => (
              <ExamForm
                key={`${e.examId}-${e.examState}-${e.score}-${e.examType}`}
                sessionId={sessionId}
                studentPublicKey={student.studentPublicKey}
                lessons={lessons}
                exam={e}
              />
            ))}
            <ExamForm sessionId={sessionId} studentPublicKey={student.studentPublicKey} lessons={lessons} />
          </>
        ) : student.exams.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('exam.none')}
          </Text>
        ) : (
          student.exams.map((e) => (
            <Group key={e.examId} gap={6}>
              <Text size="sm">{t(`examTypes.${e.examType}`)}</Text>
              {e.lessonName ? (
                <Text size="xs" c="dimmed">
                  {e.lessonName}
                </Text>
              ) : null}
              <StateBadge state={e.examState} />
              {e.score !== null ? (
                <Badge size="sm" radius="sm" color="indigo">
                  {e.score}
                </Badge>
              ) : null}
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}
