import {
  chartPercent,
  examKinds,
  type ExamsReport,
  type HomeworkTimeline,
  type LessonProgressGroup,
  type StudentAverageScores,
} from '@tutoria/shared';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartTable } from '@/components/chart-table';
import { DeferredBarChart, DeferredLineChart } from '@/components/deferred-chart';
import { formatEpoch } from '@/lib/format';

/**
 * The report charts (SPEC §9): every percentage or score floored, on an axis from 0 to 100. Each is
 * drawn in its own turn (components/deferred-chart.tsx), its library loaded then. To a screen reader
 * each chart is one image named as its card, described by a table of its figures that only a
 * screen reader sees (no row field is an HTML or ARIA attribute's name: each reaches its bar's SVG
 * path). Memoised: the report's other answers arriving do not draw a chart again.
 */
const percentAxis = {
  domain: [0, 100] as [number, number],
  ticks: [0, 25, 50, 75, 100],
  allowDecimals: false,
};
const percent = (value: number) => `${value}%`;
const kindColors = { TitleExam: 'indigo.6', NameExam: 'teal.6', SubTitleExam: 'orange.6' } as const;

/** Scored exams over time: one line per exam kind. */
export const ExamScoresChart = memo(function ExamScoresChart({ exams }: { exams: ExamsReport['exams'] }) {
  const { t } = useTranslation(['reports', 'academic']);
  const tableId = useId();
  const series = examKinds.map((kind) => ({
    name: kind,
    label: t(`academic:examTypes.${kind}`),
    color: kindColors[kind],
  }));
  const data = exams
    .filter((e) => e.score !== null)
    .map((e) => ({ date: formatEpoch(e.sessionStart, 'date'), [e.examType]: chartPercent(e.score!) }));
  return (
    <>
      <DeferredLineChart
        h={240}
        data={data}
        dataKey="date"
        yAxisProps={percentAxis}
        valueFormatter={(v) => String(v)}
        connectNulls
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        series={series}
        label={t('scores')}
        describedBy={tableId}
      />
      <ChartTable
        id={tableId}
        caption={t('scores')}
        keyLabel={t('chartTable.date')}
        rows={data}
        rowName={(row) => row.date}
        series={series}
      />
    </>
  );
});

/** Mean score per exam kind. */
export const AverageScoresChart = memo(function AverageScoresChart({
  averages,
}: {
  averages: StudentAverageScores;
}) {
  const { t } = useTranslation(['reports', 'academic']);
  const tableId = useId();
  const series = [{ name: 'average', label: t('averageScore'), color: 'violet.6' }];
  const data = averages.kinds.map((k) => ({
    examKind: t(`academic:examTypes.${k.examType}`),
    average: k.average === null ? 0 : chartPercent(k.average),
  }));
  return (
    <>
      <DeferredBarChart
        h={240}
        data={data}
        dataKey="examKind"
        yAxisProps={percentAxis}
        series={series}
        label={t('averages')}
        describedBy={tableId}
      />
      <ChartTable
        id={tableId}
        caption={t('averages')}
        keyLabel={t('chartTable.examType')}
        rows={data}
        rowName={(row) => row.examKind}
        series={series}
      />
    </>
  );
});

/** Teaching and review progress per lesson name, in floored percent. */
export const ProgressChart = memo(function ProgressChart({
  teaching,
  review,
}: {
  teaching: LessonProgressGroup[];
  review: LessonProgressGroup[];
}) {
  const { t } = useTranslation('reports');
  const tableId = useId();
  const series = [
    { name: 'teaching', label: t('teaching'), color: 'blue.6' },
    { name: 'review', label: t('review'), color: 'teal.5' },
  ];
  const reviewed = new Map(review.map((g) => [g.name, g.percent]));
  const data = teaching.map((g) => ({
    lesson: g.name,
    teaching: chartPercent(g.percent),
    review: chartPercent(reviewed.get(g.name) ?? 0),
  }));
  return (
    <>
      <DeferredBarChart
        h={260}
        data={data}
        dataKey="lesson"
        yAxisProps={percentAxis}
        valueFormatter={percent}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        series={series}
        label={t('progress')}
        describedBy={tableId}
      />
      <ChartTable
        id={tableId}
        caption={t('progress')}
        keyLabel={t('chartTable.lesson')}
        rows={data}
        rowName={(row) => row.lesson}
        series={series}
        format={percent}
      />
    </>
  );
});

/** Homework finished per day. */
export const HomeworkTimelineChart = memo(function HomeworkTimelineChart({
  days,
}: {
  days: HomeworkTimeline['days'];
}) {
  const { t } = useTranslation('reports');
  const tableId = useId();
  const series = [{ name: 'count', label: t('finished'), color: 'teal.6' }];
  return (
    <>
      <DeferredBarChart
        h={200}
        data={days}
        dataKey="day"
        yAxisProps={{ allowDecimals: false }}
        series={series}
        label={t('timeline')}
        describedBy={tableId}
      />
      <ChartTable
        id={tableId}
        caption={t('timeline')}
        keyLabel={t('chartTable.day')}
        rows={days}
        rowName={(row) => row.day}
        series={series}
      />
    </>
  );
});
