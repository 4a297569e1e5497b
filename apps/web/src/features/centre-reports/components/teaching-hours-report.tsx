import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  type Language,
  type Level,
  levelLabels,
  levels,
  type LessonType,
  lessonTypeLabel,
  lessonTypes,
} from '@tutoria/shared';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { ClassSelect } from '@/features/classes';
import { TeacherSelect } from '@/features/users';
import { PageHeader } from '@/components/page-header';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatHours, formatNumber, formatSpan } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { href } from '@/lib/routes';
import type { ReportSheet } from '@/lib/sheet-file';
import {
  allTeachingHoursSessions,
  useTeachingHoursLessons,
  useTeachingHoursLevels,
  useTeachingHoursSessions,
  useTeachingHoursYear,
} from '../api/teaching-hours';
import type { HoursBar } from './hours-chart';
import { ReportActions } from './report-actions';

const HoursChart = lazy(() => import('./hours-chart').then((m) => ({ default: m.HoursChart })));

const PAGE_SIZE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const intlLocale: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN' };

/** The drill-down in the URL: year, then month, level and lesson type; a wrong value is left out. */
export function drillOf(params: URLSearchParams, thisYear: number) {
  const number = (name: string, min: number, max: number) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
  };
  const year = number('year', 2000, 2100) ?? thisYear;
  const month = number('month', 1, 12);
  const levelParam = params.get('level') as Level | null;
  const level = month && levelParam && levels.includes(levelParam) ? levelParam : undefined;
  const typeParam = params.get('lessonType') as LessonType | null;
  const lessonType = level && typeParam && lessonTypes.includes(typeParam) ? typeParam : undefined;
  const id = (name: string) => {
    const value = params.get(name);
    return value && UUID.test(value) ? value : undefined;
  };
  return {
    year,
    month,
    level,
    lessonType,
    page: number('page', 1, 100_000) ?? 1,
    teacherPublicKey: id('teacher'),
    classroomId: id('class'),
  };
}
type Drill = ReturnType<typeof drillOf>;

/** The report's URL at a step of the drill-down (the later steps left out), its filters kept. */
export function drillHref(drill: Partial<Drill> & { year: number }) {
  const search = new URLSearchParams({ year: String(drill.year) });
  if (drill.teacherPublicKey) search.set('teacher', drill.teacherPublicKey);
  if (drill.classroomId) search.set('class', drill.classroomId);
  if (drill.month) search.set('month', String(drill.month));
  if (drill.month && drill.level) search.set('level', drill.level);
  if (drill.month && drill.level && drill.lessonType) search.set('lessonType', drill.lessonType);
  if (drill.page && drill.page > 1) search.set('page', String(drill.page));
  return `${href('adminReports', { key: 'teaching-hours' })}?${search.toString()}`;
}

interface FigureRow {
  key: string;
  name: string;
  to: string;
  hours: number;
  sessionCount: number;
}

/**
 * The teaching-hours report (issue 29): the hours held per month of a year, a month per level, a
 * level per lesson type and the sessions behind a lesson type's figure; each step a chart and a
 * table whose names link one step down, the steps above as breadcrumbs — all in the URL.
 */
export function TeachingHoursReport() {
  const { t } = useTranslation('centreReports');
  const tableId = useId();
  const language = currentLanguage();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const thisYear = new Date().getFullYear();
  const drill = drillOf(params, thisYear);
  const { year, month, level, lessonType } = drill;
  const filters = { teacherPublicKey: drill.teacherPublicKey, classroomId: drill.classroomId };
  const monthName = (m: number) =>
    new Intl.DateTimeFormat(intlLocale[language], { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(year, m - 1, 1),
    );

  const yearReport = useTeachingHoursYear(year, filters, !month);
  const levelsReport = useTeachingHoursLevels(year, month ?? 1, filters, Boolean(month) && !level);
  const lessonsReport = useTeachingHoursLessons(
    year,
    month ?? 1,
    level ?? 'A_LEVEL',
    filters,
    Boolean(level) && !lessonType,
  );
  const sessionsArgs = {
    ...filters,
    year,
    month: month ?? 1,
    level: level ?? 'A_LEVEL',
    lessonType: lessonType ?? 'A_LEVEL_Offline',
  } as const;
  const sessions = useTeachingHoursSessions(
    { ...sessionsArgs, index: drill.page, size: PAGE_SIZE },
    Boolean(lessonType),
  );

  const steps: { label: string; to: string }[] = [
    { label: String(year), to: drillHref({ ...filters, year }) },
  ];
  if (month) steps.push({ label: monthName(month), to: drillHref({ ...filters, year, month }) });
  if (month && level)
    steps.push({ label: levelLabels[level][language], to: drillHref({ ...filters, year, month, level }) });
  if (month && level && lessonType)
    steps.push({ label: lessonTypeLabel(lessonType, language), to: drillHref(drill) });

  let body: ReactNode;
  let step:
    { name: string; title: string; rows: FigureRow[]; total: number; sessionCount: number } | undefined;
  const active = lessonType ? sessions : level ? lessonsReport : month ? levelsReport : yearReport;
  if (!lessonType && yearReport.data && !month) {
    const d = yearReport.data;
    step = {
      name: 'year',
      title: t('perMonth', { year }),
      total: d.hours,
      sessionCount: d.sessionCount,
      rows: d.months.map((m) => ({
        key: String(m.month),
        name: monthName(m.month),
        to: drillHref({ ...filters, year, month: m.month }),
        ...m,
      })),
    };
  } else if (month && !level && levelsReport.data) {
    const d = levelsReport.data;
    step = {
      name: 'month',
      title: t('perLevel', { month: `${monthName(month)} ${year}` }),
      total: d.hours,
      sessionCount: d.sessionCount,
      rows: d.levels.map((l) => ({
        key: l.level,
        name: levelLabels[l.level][language],
        to: drillHref({ ...filters, year, month, level: l.level }),
        ...l,
      })),
    };
  } else if (month && level && !lessonType && lessonsReport.data) {
    const d = lessonsReport.data;
    step = {
      name: 'level',
      title: t('perLesson', { level: levelLabels[level][language], month: `${monthName(month)} ${year}` }),
      total: d.hours,
      sessionCount: d.sessionCount,
      rows: d.lessons.map((l) => ({
        key: l.lessonType,
        name: lessonTypeLabel(l.lessonType, language),
        to: drillHref({ ...filters, year, month, level, lessonType: l.lessonType }),
        ...l,
      })),
    };
  }

  if (active.isError) {
    body = <Alert color="red">{active.error.message}</Alert>;
  } else if (step) {
    const bars: HoursBar[] = step.rows.map((r) => ({ name: r.name, hours: r.hours }));
    body = (
      <Stack gap="sm" data-testid="teaching-hours-step" data-step={step.name}>
        <Title order={2} size="h4">
          {step.title}
        </Title>
        <Text size="sm" data-testid="teaching-hours-total">
          {t('total', {
            hours: formatHours(step.total, language),
            sessions: formatNumber(step.sessionCount, language),
          })}
        </Text>
        {step.rows.length ? (
          <>
            <Suspense fallback={<Loader size="sm" />}>
              <HoursChart bars={bars} label={step.title} tableId={tableId} />
            </Suspense>
            <RecordTable<FigureRow>
              id={tableId}
              records={step.rows}
              idAccessor="key"
              aria-label={step.title}
              tableProps={{ striped: true, 'data-testid': 'teaching-hours-table' }}
              columns={[
                {
                  accessor: 'name',
                  phone: 'title',
                  title: t('name'),
                  render: (r) =>
                    r.sessionCount ? (
                      <Anchor component={Link} to={r.to} size="sm">
                        {r.name}
                      </Anchor>
                    ) : (
                      r.name
                    ),
                },
                {
                  accessor: 'hours',
                  title: t('hours'),
                  textAlign: 'right',
                  render: (r) => <span className={figures.figures}>{formatNumber(r.hours, language)}</span>,
                },
                {
                  accessor: 'sessionCount',
                  title: t('sessions'),
                  textAlign: 'right',
                  render: (r) => (
                    <span className={figures.figures}>{formatNumber(r.sessionCount, language)}</span>
                  ),
                },
              ]}
            />
          </>
        ) : (
          <Text c="dimmed">{t('none')}</Text>
        )}
      </Stack>
    );
  } else if (lessonType && sessions.data) {
    const d = sessions.data;
    const pages = Math.max(1, Math.ceil(d.totalCount / PAGE_SIZE));
    body = (
      <Stack gap="sm" data-testid="teaching-hours-step" data-step="sessions">
        <Title order={2} size="h4">
          {t('sessionsBehind')}
        </Title>
        <RecordTable
          records={d.data}
          idAccessor="sessionId"
          aria-label={t('sessionsBehind')}
          tableProps={{ striped: true, 'data-testid': 'teaching-hours-sessions' }}
          columns={[
            {
              accessor: 'start',
              phone: 'title',
              title: t('when'),
              render: (s) => formatSpan(s.start, s.end, language),
            },
            {
              accessor: 'classroomName',
              title: t('class'),
              render: (s) => (
                <Anchor component={Link} to={href('classDetails', { id: s.classroomId })} size="sm">
                  {s.classroomName}
                </Anchor>
              ),
            },
            { accessor: 'teacherName', title: t('teacher') },
            {
              accessor: 'hours',
              title: t('hours'),
              textAlign: 'right',
              render: (s) => <span className={figures.figures}>{formatNumber(s.hours, language)}</span>,
            },
          ]}
        />
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={drill.page}
            getItemProps={(page) => ({ component: Link, to: drillHref({ ...drill, page }) })}
            getControlProps={(control) => {
              const page =
                control === 'previous'
                  ? drill.page - 1
                  : control === 'next'
                    ? drill.page + 1
                    : control === 'first'
                      ? 1
                      : pages;
              return {
                component: Link,
                to: drillHref({ ...drill, page: Math.min(pages, Math.max(1, page)) }),
              };
            }}
          />
        ) : null}
      </Stack>
    );
  } else {
    body = <Loader />;
  }

  const exportSheet = async (): Promise<ReportSheet> => {
    if (lessonType) {
      const all = await allTeachingHoursSessions(sessionsArgs);
      return {
        name: t('sessionsBehind'),
        columns: [
          { header: t('when'), width: 30 },
          { header: t('class'), width: 28 },
          { header: t('teacher'), width: 22 },
          { header: t('hours'), kind: 'number' },
        ],
        rows: all.map((s) => [formatSpan(s.start, s.end, language), s.classroomName, s.teacherName, s.hours]),
      };
    }
    return {
      name: step?.title ?? '',
      columns: [
        { header: t('name'), width: 28 },
        { header: t('hours'), kind: 'number' },
        { header: t('sessions'), kind: 'number' },
      ],
      rows: [
        ...(step?.rows ?? []).map((r) => [r.name, r.hours, r.sessionCount]),
        [t('totalRow'), step?.total ?? 0, step?.sessionCount ?? 0],
      ],
    };
  };
  const fileName = ['teaching-hours', year, month && String(month).padStart(2, '0'), level, lessonType]
    .filter(Boolean)
    .join('-');
  const refilter = (change: Partial<Drill>) => navigate(drillHref({ ...drill, ...change, page: 1 }));
  const reachesOwnClassesOnly = user?.role === 'Teacher' || user?.role === 'AssistantTeacher';

  const years = Array.from({ length: 8 }, (_, i) => String(thisYear + 1 - i));
  return (
    <>
      <PageHeader
        title={t('reports.teaching-hours.title')}
        description={t('reports.teaching-hours.line')}
        actions={
          <ReportActions
            fileName={fileName}
            sheet={exportSheet}
            disabled={!step && !(lessonType && sessions.data)}
          />
        }
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap" data-testid="teaching-hours-filters">
        <Select
          label={t('year')}
          data={years.includes(String(year)) ? years : [String(year), ...years]}
          value={String(year)}
          allowDeselect={false}
          onChange={(value) => value && navigate(drillHref({ ...filters, year: Number(value) }))}
          w={{ base: '100%', xs: 140 }}
          data-testid="teaching-hours-year"
        />
        {reachesOwnClassesOnly ? null : (
          <TeacherSelect
            label={t('teacher')}
            placeholder={t('anyTeacher')}
            required={false}
            value={drill.teacherPublicKey ?? null}
            onChange={(value) => refilter({ teacherPublicKey: value ?? undefined })}
            w={{ base: '100%', xs: 220 }}
          />
        )}
        <ClassSelect
          label={t('class')}
          placeholder={t('anyClass')}
          value={drill.classroomId ?? null}
          onChange={(value) => refilter({ classroomId: value ?? undefined })}
        />
      </Group>
      <Breadcrumbs separator="›" aria-label={t('steps')} data-testid="teaching-hours-steps" mb="md">
        {steps.map((s, i) =>
          i === steps.length - 1 ? (
            <Text key={s.to} size="sm" fw={600} aria-current="page">
              {s.label}
            </Text>
          ) : (
            <Anchor key={s.to} component={Link} to={s.to} size="sm">
              {s.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
      {body}
    </>
  );
}
