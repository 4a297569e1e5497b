import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { ColorSwatch, getThemeColor, Group, Table, useMantineTheme } from '@mantine/core';
import { flooredPercent, type SurveyReport, surveyQuestionText, surveyRatings } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '@/components/scroll-region';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { ratingColours } from './rating-colours';

/** A share of whole numbers as SPEC §9 prints it: floored to a whole percent. */
export function percentOf(part: number, whole: number): string {
  const percent = flooredPercent(part, whole);
  return percent === null ? '—' : `${formatNumber(percent)} %`;
}

const decimal = (value: string | null) => (value === null ? '—' : formatNumber(Number(value)));

/** The chart's figures as a table (what a screen reader reads), each level with its colour. */
export function QuestionTable({ report, id }: { report: SurveyReport; id: string }) {
  const { t } = useTranslation('surveys');
  const theme = useMantineTheme();
  const language = currentLanguage();
  return (
    <TableScroll minWidth={640} mt="md" label={t('report.tableCaption')}>
      <Table striped captionSide="top" data-testid="survey-question-table" id={id}>
        <Table.Caption>{t('report.tableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('report.question')}</Table.Th>
            {surveyRatings.map((rating) => (
              <Table.Th key={rating} ta="right">
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  <ColorSwatch
                    color={getThemeColor(ratingColours[rating], theme)}
                    size={10}
                    withShadow={false}
                    aria-hidden
                  />
                  {t(`ratings.${rating}`)}
                </Group>
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('report.average')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.questions.map((q, index) => (
            <Table.Tr key={q.questionId}>
              <Table.Th scope="row" fw={400}>
                {index + 1}. {surveyQuestionText(q, language)}
              </Table.Th>
              {surveyRatings.map((rating) => (
                <Table.Td key={rating} ta="right">
                  {formatNumber(q.counts[rating])}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {decimal(q.average)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** Each teacher's answers, response rate and average (staff comparing teachers). */
export function TeacherTable({ teachers, id }: { teachers: SurveyReport['teachers']; id: string }) {
  const { t } = useTranslation('surveys');
  return (
    <Table mt="md" striped id={id}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('report.teacher')}</Table.Th>
          <Table.Th ta="right">{t('report.answers')}</Table.Th>
          <Table.Th ta="right">{t('report.rate')}</Table.Th>
          <Table.Th ta="right">{t('report.average')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {teachers.map((x) => (
          <Table.Tr key={x.teacherPublicKey}>
            <Table.Td>{x.fullName}</Table.Td>
            <Table.Td ta="right">{formatNumber(x.answerCount)}</Table.Td>
            <Table.Td ta="right">{percentOf(x.answerCount, x.expectedCount)}</Table.Td>
            <Table.Td ta="right">{decimal(x.average)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** How many answered per class, of the students expected: counts, never names. */
export function ClassTable({ classes }: { classes: SurveyReport['classes'] }) {
  const { t } = useTranslation('surveys');
  return (
    <Table striped data-testid="survey-class-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('report.classroom')}</Table.Th>
          <Table.Th ta="right">{t('report.answers')}</Table.Th>
          <Table.Th ta="right">{t('report.expected')}</Table.Th>
          <Table.Th ta="right">{t('report.rate')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {classes.map((x) => (
          <Table.Tr key={x.classroomId}>
            <Table.Td>{x.classroomName}</Table.Td>
            <Table.Td ta="right">{formatNumber(x.answerCount)}</Table.Td>
            <Table.Td ta="right">{formatNumber(x.expectedCount)}</Table.Td>
            <Table.Td ta="right">{percentOf(x.answerCount, x.expectedCount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
