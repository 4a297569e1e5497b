import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Anchor,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { examKinds, recordStates, type StudentClassRecords } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { href } from '@/lib/routes';
import { useStudentClassRecords } from '../api/academic';
import { ExamForm } from '../components/exam-form';
import { ExamSummary } from '../components/exam-summary';
import { HomeworkRow } from '../components/homework-row';

const kinds = ['all', 'homework', 'exams'] as const;
type Kind = (typeof kinds)[number];

/** `class/{id}/student/{student_id}/exams-homeworks`: every homework and exam of one student in one class. */
export function StudentExamsHomeworksPage() {
  const { t } = useTranslation('academic');
  const { id = '', student_id: studentId = '' } = useParams();
  const { data, isLoading, isError } = useStudentClassRecords(id, studentId);
  if (isLoading) return <Skeleton height={420} radius="lg" />;
  if (isError || !data) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm">
          <Title order={3}>{t('drawer.notFound')}</Title>
          <Anchor component={Link} to={href('classDetails', { id })}>
            {t('student.backToClass')}
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  return <StudentRecordsView records={data} />;
}

function StudentRecordsView({ records }: { records: StudentClassRecords }) {
  const { t } = useTranslation('academic');
  const user = useCurrentUser();
  const editable = (user?.permissions ?? []).includes('sessions.record');
  const [params, setParams] = useSearchParams();
  const kind = (kinds as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as Kind)
    : 'all';
  const state = (recordStates as readonly string[]).includes(params.get('state') ?? '')
    ? params.get('state')
    : null;
  const examType = (examKinds as readonly string[]).includes(params.get('examType') ?? '')
    ? params.get('examType')
    : null;
  const setFilter = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value && value !== 'all') next.set(name, value);
      else next.delete(name);
      return next;
    });
  const homeworks = records.homeworks.filter((h) => !state || h.state === state);
  const exams = records.exams.filter(
    (e) => (!state || e.examState === state) && (!examType || e.examType === examType),
  );
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Anchor component={Link} to={href('classDetails', { id: records.classroomId })} size="sm" c="dimmed">
          ← {records.classroomName}
        </Anchor>
        <Title order={1} size="h2">
          {t('student.title', { name: records.studentName })}
        </Title>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={t('student.averageScore')} value={records.averageScore ?? '—'} />
        <Fact
          label={t('student.completionRate')}
          value={records.completionRate === null ? '—' : `${records.completionRate}%`}
        />
        <Fact
          label={t('student.counts')}
          value={t('student.countsValue', {
            homeworks: records.homeworks.length,
            exams: records.exams.length,
          })}
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            value={kind}
            onChange={(v) => setFilter('kind', v)}
            data={kinds.map((value) => ({ value, label: t(`student.kinds.${value}`) }))}
          />
          <Select
            label={t('student.state')}
            placeholder={t('student.any')}
            data={recordStates.map((value) => ({ value, label: t(`states.${value}`) }))}
            value={state}
            onChange={(v) => setFilter('state', v)}
            clearable
            w={160}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('exam.type')}
            placeholder={t('student.any')}
            data={examKinds.map((value) => ({ value, label: t(`examTypes.${value}`) }))}
            value={examType}
            onChange={(v) => setFilter('examType', v)}
            clearable
            w={180}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
      </Paper>
      {kind !== 'exams' ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('homework.title')}
          </Title>
          {homeworks.length === 0 ? <Text c="dimmed">{t('homework.none')}</Text> : null}
          {homeworks.map((h) => (
            <HomeworkRow
              key={`${h.homeworkId}-${h.state}-${h.correctPercentation}`}
              homework={h}
              gradable={editable}
              attachable={false}
            />
          ))}
        </Stack>
      ) : null}
      {kind !== 'homework' ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('exam.title')}
          </Title>
          {exams.length === 0 ? <Text c="dimmed">{t('exam.none')}</Text> : null}
          {exams.map((e) =>
            editable ? (
              <ExamForm
                key={`${e.examId}-${e.examState}-${e.score}-${e.examType}`}
                sessionId={e.sessionId}
                studentPublicKey={e.studentPublicKey}
                lessons={[]}
                exam={e}
              />
            ) : (
              <ExamSummary key={e.examId} exam={e} />
            ),
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid="fact-value">
        {value}
      </Text>
    </Paper>
  );
}
