import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { type SurveyReport, surveyRatings } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';

const ratingColours = ['red.6', 'orange.5', 'yellow.5', 'teal.5', 'green.7'] as const;

/** Counts per rating for each question, stacked (its own chunk: the charts library loads only here). */
export function SurveyReportChart({ questions }: { questions: SurveyReport['questions'] }) {
  const { t } = useTranslation('surveys');
  const data = questions.map((q, index) => ({ question: `${index + 1}`, text: q.text, ...q.counts }));
  return (
    <BarChart
      h={Math.max(220, questions.length * 56)}
      data={data}
      dataKey="question"
      orientation="vertical"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      yAxisProps={{ width: 40 }}
      series={surveyRatings.map((rating, i) => ({
        name: rating,
        label: t(`ratings.${rating}`),
        color: ratingColours[i]!,
      }))}
      data-testid="survey-report-chart"
    />
  );
}

/** Each teacher's average on 1–5, side by side. */
export function TeacherComparisonChart({ teachers }: { teachers: SurveyReport['teachers'] }) {
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
      yAxisProps={{ domain: [0, 5] }}
      series={[{ name: 'average', label: t('report.average'), color: 'indigo.6' }]}
    />
  );
}
