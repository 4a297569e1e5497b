import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  chartPercent,
  examKinds,
  type ExamsReport,
  type HomeworkTimeline,
  type LessonProgressGroup,
  type StudentAverageScores,
} from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { formatEpoch } from '@/lib/format';

/**
 * The report charts (SPEC §9): every percentage or score floored, on an axis from 0 to 100. This
 * file is the only one importing the chart library; it loads with the report pages alone.
 */
const percentAxis = {
  domain: [0, 100] as [number, number],
  ticks: [0, 25, 50, 75, 100],
  allowDecimals: false,
};
const percent = (value: number) => `${value}%`;
const kindColors = { TitleExam: 'indigo.6', NameExam: 'teal.6', SubTitleExam: 'orange.6' } as const;

/** Scored exams over time: one line per exam kind. */
export function ExamScoresChart({ exams }: { exams: ExamsReport['exams'] }) {
  const { t } = useTranslation('academic');
  const data = exams
    .filter((e) => e.score !== null)
    .map((e) => ({ date: formatEpoch(e.sessionStart, 'date'), [e.examType]: chartPercent(e.score!) }));
  return (
    <LineChart
      h={240}
      data={data}
      dataKey="date"
      yAxisProps={percentAxis}
      valueFormatter={(v) => String(v)}
      connectNulls
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      series={examKinds.map((kind) => ({
        name: kind,
        label: t(`examTypes.${kind}`),
        color: kindColors[kind],
      }))}
    />
  );
}

/** Mean score per exam kind. */
export function AverageScoresChart({ averages }: { averages: StudentAverageScores }) {
  const { t } = useTranslation(['reports', 'academic']);
  const data = averages.kinds.map((k) => ({
    kind: t(`academic:examTypes.${k.examType}`),
    average: k.average === null ? 0 : chartPercent(k.average),
  }));
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="kind"
      yAxisProps={percentAxis}
      series={[{ name: 'average', label: t('averageScore'), color: 'violet.6' }]}
    />
  );
}

/** Teaching and review progress per lesson name, in floored percent. */
export function ProgressChart({
  teaching,
  review,
}: {
  teaching: LessonProgressGroup[];
  review: LessonProgressGroup[];
}) {
  const { t } = useTranslation('reports');
  const reviewed = new Map(review.map((g) => [g.name, g.percent]));
  const data = teaching.map((g) => ({
    lesson: g.name,
    teaching: chartPercent(g.percent),
    review: chartPercent(reviewed.get(g.name) ?? 0),
  }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="lesson"
      yAxisProps={percentAxis}
      valueFormatter={percent}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      series={[
        { name: 'teaching', label: t('teaching'), color: 'blue.6' },
        { name: 'review', label: t('review'), color: 'teal.5' },
      ]}
    />
  );
}

/** Homework finished per day. */
export function HomeworkTimelineChart({ days }: { days: HomeworkTimeline['days'] }) {
  const { t } = useTranslation('reports');
  return (
    <BarChart
      h={200}
      data={days}
      dataKey="day"
      yAxisProps={{ allowDecimals: false }}
      series={[{ name: 'count', label: t('finished'), color: 'teal.6' }]}
    />
  );
}
