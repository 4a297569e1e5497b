import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import { Alert, Group, Loader, Select, Stack, TagsInput, Text, Title } from '@mantine/core';
import {
  type ClassesExamScoresQuery,
  examScoresTypes,
  type ExamScoresType,
  type Level,
  levelLabels,
  levels,
  type LessonType,
  lessonTypeLabel,
  lessonTypes,
} from '@tutoria/shared';
import { lazy, Suspense, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ClassSelect } from '@/features/classes';
import { TeacherSelect } from '@/features/users';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useClassesExamScores } from '../api/exam-scores';
import type { PercentBar } from './percent-chart';
import { ReportActions } from './report-actions';
import { PeriodFilter, periodOf, useReportParams } from './report-filters';

const PercentChart = lazy(() => import('./percent-chart').then((m) => ({ default: m.PercentChart })));

/** The report's filters from the URL; a wrong value is left out. */
export function examScoresQueryOf(params: URLSearchParams): ClassesExamScoresQuery {
  const pick = <T extends string>(name: string, allowed: readonly T[]) => {
    const value = params.get(name) as T | null;
    return value && allowed.includes(value) ? value : undefined;
  };
  const query: ClassesExamScoresQuery = {
    ...periodOf(params),
    examType: pick<ExamScoresType>('examType', examScoresTypes) ?? 'Total',
  };
  const names = params.get('examsNames');
  if (names) query.examsNames = names;
  const teacher = params.get('teacher');
  if (teacher) query.teacherPublicKey = teacher;
  const classroom = params.get('class');
  if (classroom) query.classroomId = classroom;
  const level = pick<Level>('level', levels);
  if (level) query.level = level;
  const lessonType = pick<LessonType>('lessonType', lessonTypes);
  if (lessonType) query.lessonType = lessonType;
  return query;
}

interface Line {
  key: string;
  className: string;
  teacherName: string;
  exam: string;
  average: number;
  examCount: number;
  studentCount: number;
  /** A class's own line (every exam), not one exam name's. */
  total: boolean;
}

/**
 * Exam scores compared between classes (issue 29): per class the average scored exam over a
 * period, and inside it per exam kind and name; a bar per class (0–100, floored) and the table.
 * Every filter lives in the URL.
 */
export function ExamScoresReport() {
  const { t } = useTranslation('centreReports');
  const tableId = useId();
  const language = currentLanguage();
  const { params, set } = useReportParams();
  const query = examScoresQueryOf(params);
  const report = useClassesExamScores(query);
  const data = report.data;
  // The exam names seen so far stay choices while a filter narrows the answer.
  const seenNames = useRef(new Set<string>());
  for (const c of data?.classes ?? [])
    for (const e of c.exams) if (e.examName) seenNames.current.add(e.examName);
  const names = (query.examsNames ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const examLabel = (type: ExamScoresType, name: string | null) =>
    `${t(`examScores.types.${type}`)} · ${name ?? t('examScores.wholeSession')}`;

  const lines: Line[] = (data?.classes ?? []).flatMap((c) => [
    { ...c, key: c.classroomId, className: c.classroomName, exam: t('examScores.allExams'), total: true },
    ...c.exams.map((e, i) => ({
      ...e,
      key: `${c.classroomId}-${i}`,
      className: c.classroomName,
      teacherName: c.teacherName,
      exam: examLabel(e.examType, e.examName),
      total: false,
    })),
  ]);
  const bars: PercentBar[] = (data?.classes ?? []).map((c) => ({
    name: c.classroomName,
    percent: c.average,
  }));
  const chartLabel = t('examScores.chart', { from: query.from, to: query.to });
  const number = (value: number) => <span className={figures.figures}>{formatNumber(value, language)}</span>;

  const sheet = () => ({
    name: t('reports.exam-scores.title'),
    columns: [
      { header: t('class'), kind: 'text' as const, width: 24 },
      { header: t('teacher'), kind: 'text' as const, width: 20 },
      { header: t('examScores.exam'), kind: 'text' as const, width: 30 },
      { header: t('examScores.average'), kind: 'number' as const },
      { header: t('examScores.exams'), kind: 'number' as const },
      { header: t('examScores.students'), kind: 'number' as const },
    ],
    rows: lines.map((l) => [l.className, l.teacherName, l.exam, l.average, l.examCount, l.studentCount]),
  });

  return (
    <>
      <PageHeader title={t('reports.exam-scores.title')} description={t('reports.exam-scores.line')} />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-testid="exam-scores-filters">
        <PeriodFilter from={query.from} to={query.to} testId="exam-scores" />
        <Select
          label={t('examScores.examType')}
          data={examScoresTypes.map((type) => ({ value: type, label: t(`examScores.types.${type}`) }))}
          value={query.examType ?? 'Total'}
          allowDeselect={false}
          onChange={(value) => set({ examType: value === 'Total' ? null : value })}
          w={{ base: '100%', xs: 170 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="exam-scores-type"
        />
        <TagsInput
          label={t('examScores.examNames')}
          placeholder={names.length ? undefined : t('filters.any')}
          data={[...seenNames.current].sort()}
          value={names}
          onChange={(value) => set({ examsNames: value.join(',') })}
          w={{ base: '100%', xs: 240 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="exam-scores-names"
        />
        <TeacherSelect
          label={t('teacher')}
          placeholder={t('filters.any')}
          required={false}
          chosenLabel={t('filters.chosenTeacher')}
          w={{ base: '100%', xs: 200 }}
          value={query.teacherPublicKey ?? null}
          onChange={(value) => set({ teacher: value })}
          testId="exam-scores-teacher"
        />
        <ClassSelect
          label={t('class')}
          placeholder={t('filters.any')}
          value={query.classroomId ?? null}
          onChange={(value) => set({ class: value })}
          w={{ base: '100%', xs: 180 }}
        />
        <Select
          label={t('filters.lessonType')}
          placeholder={t('filters.any')}
          data={lessonTypes.map((type) => ({ value: type, label: lessonTypeLabel(type, language) }))}
          value={query.lessonType ?? null}
          onChange={(value) => set({ lessonType: value })}
          clearable
          searchable
          w={{ base: '100%', xs: 180 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="exam-scores-lesson-type"
        />
        <Select
          label={t('filters.level')}
          placeholder={t('filters.any')}
          data={levels.map((level) => ({ value: level, label: levelLabels[level][language] }))}
          value={query.level ?? null}
          onChange={(value) => set({ level: value })}
          clearable
          w={{ base: '100%', xs: 140 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="exam-scores-level"
        />
        <ReportActions
          fileName={`exam-scores-${query.from}-${query.to}`}
          sheet={sheet}
          disabled={!lines.length}
        />
      </Group>
      {report.isError ? (
        <Alert color="red">{report.error.message}</Alert>
      ) : !data ? (
        <Loader />
      ) : data.classes.length === 0 ? (
        <Text c="dimmed">{t('examScores.none')}</Text>
      ) : (
        <Stack gap="sm" data-testid="exam-scores">
          <Title order={2} size="h4">
            {chartLabel}
          </Title>
          <Suspense fallback={<Loader size="sm" />}>
            <PercentChart
              tableId={tableId}
              bars={bars}
              label={chartLabel}
              series={t('examScores.average')}
              testId="exam-scores-chart"
            />
          </Suspense>
          <RecordTable<Line>
            id={tableId}
            records={lines}
            idAccessor="key"
            aria-label={chartLabel}
            tableProps={{ striped: true, 'data-testid': 'exam-scores-table' }}
            customRowAttributes={(l) =>
              l.total ? { 'data-class-row': 'true', style: { fontWeight: 600 } } : {}
            }
            columns={[
              { accessor: 'className', phone: 'title', title: t('class') },
              { accessor: 'exam', phone: 'title', title: t('examScores.exam') },
              { accessor: 'teacherName', title: t('teacher') },
              {
                accessor: 'average',
                title: t('examScores.average'),
                textAlign: 'right',
                render: (l) => number(l.average),
              },
              {
                accessor: 'examCount',
                title: t('examScores.exams'),
                textAlign: 'right',
                render: (l) => number(l.examCount),
              },
              {
                accessor: 'studentCount',
                title: t('examScores.students'),
                textAlign: 'right',
                render: (l) => number(l.studentCount),
              },
            ]}
          />
        </Stack>
      )}
    </>
  );
}
