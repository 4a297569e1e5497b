import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Alert, Anchor, Breadcrumbs, Group, Loader, Select, Text } from '@mantine/core';
import { type Language, levelLabels, lessonTypeLabel } from '@tutoria/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { ClassSelect } from '@/features/classes';
import { TeacherSelect } from '@/features/users';
import { PageHeader } from '@/components/page-header';
import { formatSpan } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { ReportSheet } from '@/lib/sheet-file';
import {
  allTeachingHoursSessions,
  useTeachingHoursLessons,
  useTeachingHoursLevels,
  useTeachingHoursSessions,
  useTeachingHoursYear,
} from '../api/teaching-hours';
import { type Drill, drillHref, drillOf } from '../lib/teaching-hours-drill';
import { ReportActions } from './report-actions';
import { FiguresStep, type FiguresStepData, SessionsStep } from './teaching-hours-step';

const PAGE_SIZE = 20;
const intlLocale: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN' };

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
  let step: FiguresStepData | undefined;
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
    body = <FiguresStep step={step} tableId={tableId} />;
  } else if (lessonType && sessions.data) {
    body = <SessionsStep sessions={sessions.data} drill={drill} pageSize={PAGE_SIZE} />;
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
