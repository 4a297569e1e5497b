import {
  HOMEWORK_COMPLETION_MAX_DAYS,
  type HomeworkCompletionQuery,
  type Level,
  levels,
  type LessonType,
  lessonTypes,
  periodDays,
  TEACHER_WORKLOAD_MAX_DAYS,
  type TeacherWorkloadQuery,
} from '@tutoria/shared';
import type { Dayjs } from 'dayjs';

/**
 * The homework and workload reports' filters as the URL holds them (bookmarkable): a period of days
 * in the centre's time zone (`from`, `to`), `teacher`, `lessonType`, and for homework `class` and
 * `level` (the names the teaching-hours report uses). A wrong or missing value falls back to the default; a period too long is cut to
 * the longest the server takes, counted from `from`.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const dayParam = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : undefined;
};
const keyParam = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return value && UUID.test(value) ? value : undefined;
};
function choiceParam<T extends string>(params: URLSearchParams, name: string, choices: readonly T[]) {
  const value = params.get(name) as T | null;
  return value && choices.includes(value) ? value : undefined;
}

const format = (d: Dayjs) => d.format('YYYY-MM-DD');

function periodOf(params: URLSearchParams, fallback: { from: string; to: string }, maxDays: number) {
  let from = dayParam(params, 'from') ?? fallback.from;
  let to = dayParam(params, 'to') ?? fallback.to;
  if (to < from) [from, to] = [to, from];
  if (periodDays(from, to) > maxDays)
    to = new Date(Date.parse(`${from}T00:00:00Z`) + (maxDays - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** Homework: the last four weeks up to today unless named. */
export function homeworkFiltersOf(params: URLSearchParams, today: Dayjs): HomeworkCompletionQuery {
  return {
    ...periodOf(
      params,
      { from: format(today.subtract(27, 'day')), to: format(today) },
      HOMEWORK_COMPLETION_MAX_DAYS,
    ),
    teacherPublicKey: keyParam(params, 'teacher'),
    classroomId: keyParam(params, 'class'),
    lessonType: choiceParam<LessonType>(params, 'lessonType', lessonTypes),
    level: choiceParam<Level>(params, 'level', levels),
  };
}

/** Workload: from the Monday eight weeks back to the Sunday four weeks ahead unless named. */
export function workloadFiltersOf(params: URLSearchParams, today: Dayjs): TeacherWorkloadQuery {
  const monday = today.subtract((today.day() + 6) % 7, 'day');
  const fallback = {
    from: format(monday.subtract(8, 'week')),
    to: format(monday.add(4, 'week').add(6, 'day')),
  };
  return {
    ...periodOf(params, fallback, TEACHER_WORKLOAD_MAX_DAYS),
    teacherPublicKey: keyParam(params, 'teacher'),
    lessonType: choiceParam<LessonType>(params, 'lessonType', lessonTypes),
  };
}

/** The URL's query with one filter changed (left out when empty). */
export function withFilter(params: URLSearchParams, changes: Record<string, string | null | undefined>) {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}
