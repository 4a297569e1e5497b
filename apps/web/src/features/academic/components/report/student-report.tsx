import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  useAverageScores,
  useClassroomLines,
  useCompletedHomeworks,
  useExamScores,
  useHomeworkTimeline,
  useLessonProgress,
  usePendingHomeworks,
} from '../../api/reports';
import { ClassroomLines } from './classroom-lines';
import { HomeworkLines } from './homework-lines';
import { AverageScoresChart, ExamScoresChart, HomeworkTimelineChart, ProgressChart } from './report-charts';
import { ReportCard } from './report-card';

/**
 * A student's main report (`/panel/reports`, and `users/report/{key}` for staff): pending and
 * completed homework, the completed-homework timeline, exam scores over time, the average per
 * exam kind, teaching and review progress per lesson, and a line per class. `studentKey` null: the
 * caller's own.
 */
export function StudentReport({ studentKey }: { studentKey: string | null }) {
  const { t } = useTranslation('reports');
  const pending = usePendingHomeworks(studentKey);
  const completed = useCompletedHomeworks(studentKey);
  const timeline = useHomeworkTimeline(studentKey);
  const scores = useExamScores(studentKey);
  const averages = useAverageScores(studentKey);
  const progress = useLessonProgress(studentKey);
  const classes = useClassroomLines(studentKey);
  const state = (q: { isLoading: boolean; isError: boolean }, empty: boolean) => ({
    loading: q.isLoading,
    failed: q.isError,
    empty,
  });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReportCard
          title={t('pending')}
          testId="report-pending"
          {...state(pending, !pending.data?.homeworks.length)}
        >
          <HomeworkLines homeworks={pending.data?.homeworks ?? []} />
        </ReportCard>
        <ReportCard
          title={t('completed')}
          testId="report-completed"
          {...state(completed, !completed.data?.homeworks.length)}
        >
          <HomeworkLines homeworks={(completed.data?.homeworks ?? []).slice(0, 8)} />
        </ReportCard>
      </SimpleGrid>
      <ReportCard
        title={t('timeline')}
        testId="report-timeline"
        {...state(timeline, !timeline.data?.days.length)}
      >
        <HomeworkTimelineChart days={timeline.data?.days ?? []} />
      </ReportCard>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReportCard title={t('scores')} testId="report-scores" {...state(scores, !scores.data?.exams.length)}>
          <ExamScoresChart exams={scores.data?.exams ?? []} />
        </ReportCard>
        <ReportCard
          title={t('averages')}
          testId="report-averages"
          {...state(averages, !averages.data?.overall.count)}
        >
          {averages.data ? <AverageScoresChart averages={averages.data} /> : null}
        </ReportCard>
      </SimpleGrid>
      <ReportCard
        title={t('progress')}
        testId="report-progress"
        {...state(progress, !progress.data?.teaching.length)}
      >
        <ProgressChart teaching={progress.data?.teaching ?? []} review={progress.data?.review ?? []} />
      </ReportCard>
      <ReportCard
        title={t('classes.title')}
        testId="report-classes"
        {...state(classes, !classes.data?.classrooms.length)}
      >
        <ClassroomLines classrooms={classes.data?.classrooms ?? []} />
      </ReportCard>
    </Stack>
  );
}
