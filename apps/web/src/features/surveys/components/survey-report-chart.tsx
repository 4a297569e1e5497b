import '@mantine/charts/styles.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import { BarChart } from '@mantine/charts';
import { type SurveyRating, type SurveyReport, surveyRatings } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { ratingColours } from './rating-colours';

/** Legend and tooltip list the levels worst first, not in the alphabetical order of their keys. */
const byLevel = (item: { dataKey?: unknown }) => surveyRatings.indexOf(String(item.dataKey) as SurveyRating);
/** Counts are whole numbers: the count axis ticks on integers only. */
const countAxis = { allowDecimals: false };

/**
 * Counts per rating for each question, stacked (its own chunk: the charts library loads only
 * here). To a screen reader it is one image with a name, described by the table beside it (its figures).
 */
export function SurveyReportChart({
  questions,
  label,
  tableId,
}: {
  questions: SurveyReport['questions'];
  label: string;
  /** The id of the table beside the chart that holds its figures (read as the chart's description). */
  tableId: string;
}) {
  const { t } = useTranslation('surveys');
  const data = questions.map((q, index) => ({ question: `${index + 1}`, ...q.counts }));
  return (
    <BarChart
      h={Math.max(220, questions.length * 56)}
      data={data}
      dataKey="question"
      orientation="vertical"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom', itemSorter: byLevel }}
      tooltipProps={{ itemSorter: byLevel }}
      xAxisProps={countAxis}
      yAxisProps={{ width: 40 }}
      series={surveyRatings.map((rating) => ({
        name: rating,
        label: t(`ratings.${rating}`),
        color: ratingColours[rating],
      }))}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
      aria-describedby={tableId}
      data-testid="survey-report-chart"
    />
  );
}

/** Each teacher's average on 1–5, side by side. */
export function TeacherComparisonChart({
  teachers,
  label,
  tableId,
}: {
  teachers: SurveyReport['teachers'];
  label: string;
  /** The id of the table beside the chart that holds its figures (read as the chart's description). */
  tableId: string;
}) {
  const { t } = useTranslation('surveys');
  const data = teachers.map((x) => ({
    teacher: x.fullName,
    average: x.average === null ? 0 : Number(x.average),
  }));
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="teacher"
      yAxisProps={{ domain: [0, 5], allowDecimals: false }}
      series={[{ name: 'average', label: t('report.average'), color: 'indigo.6' }]}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
      aria-describedby={tableId}
    />
  );
}
