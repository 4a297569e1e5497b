import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { href } from '@/lib/routes';
import type { LessonProgressEntry, SessionRecords } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import type { RecordAbilities } from '../lib/abilities';
import { ExamForm } from './exam-form';
import { HomeworkRow } from './homework-row';
import { ExamSummary } from './exam-summary';
import { SessionReportActions } from './session-report-actions';

type StudentEntry = SessionRecords['students'][number];

/** One student's homework and exams at the session: graded and edited inline when allowed. */
export function StudentRecords({
  sessionId,
  classroomId,
  student,
  lessons,
  can,
}: {
  sessionId: string;
  classroomId: string;
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
        <Anchor
          component={Link}
          to={href('classStudentRecords', { id: classroomId, student_id: student.studentPublicKey })}
          fw={700}
        >
          {student.studentName}
        </Anchor>
        <SessionReportActions classroomId={classroomId} sessionId={sessionId} student={student} />
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
              attachable={can.record}
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
          student.exams.map((e) => <ExamSummary key={e.examId} exam={e} />)
        )}
      </Stack>
    </Paper>
  );
}
