import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type Level,
  type LessonType,
  type TeachingHoursFilters,
  teachingHoursContract,
} from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { centreReportKeys } from '@/lib/query-keys';

const key = centreReportKeys.teachingHours;

/** A filter left out is not sent (an empty teacher or class means every one). */
const sent = (filters: TeachingHoursFilters) => ({
  ...(filters.teacherPublicKey ? { teacherPublicKey: filters.teacherPublicKey } : {}),
  ...(filters.classroomId ? { classroomId: filters.classroomId } : {}),
});

export function useTeachingHoursYear(year: number, filters: TeachingHoursFilters, enabled: boolean) {
  return useQuery({
    queryKey: key('year', year, sent(filters)),
    queryFn: ({ signal }) =>
      api.call(teachingHoursContract.year, { query: { year, ...sent(filters) } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

export function useTeachingHoursLevels(
  year: number,
  month: number,
  filters: TeachingHoursFilters,
  enabled: boolean,
) {
  return useQuery({
    queryKey: key('levels', year, month, sent(filters)),
    queryFn: ({ signal }) =>
      api.call(teachingHoursContract.levels, { query: { year, month, ...sent(filters) } }, { signal }),
    enabled,
    retry: false,
  });
}

export function useTeachingHoursLessons(
  year: number,
  month: number,
  level: Level,
  filters: TeachingHoursFilters,
  enabled: boolean,
) {
  return useQuery({
    queryKey: key('lessons', year, month, level, sent(filters)),
    queryFn: ({ signal }) =>
      api.call(
        teachingHoursContract.lessons,
        { query: { year, month, level, ...sent(filters) } },
        { signal },
      ),
    enabled,
    retry: false,
  });
}

export interface TeachingHoursSessionsArgs extends TeachingHoursFilters {
  year: number;
  month: number;
  level: Level;
  lessonType: LessonType;
  index: number;
  size: number;
}

const sessionsQuery = ({ teacherPublicKey, classroomId, ...query }: TeachingHoursSessionsArgs) => ({
  ...query,
  ...sent({ teacherPublicKey, classroomId }),
});

export function useTeachingHoursSessions(args: TeachingHoursSessionsArgs, enabled: boolean) {
  return useQuery({
    queryKey: key('sessions', sessionsQuery(args)),
    queryFn: ({ signal }) =>
      api.call(teachingHoursContract.sessions, { query: sessionsQuery(args) }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** Every session behind a figure, page after page (an export holds them all, not the page shown). */
export async function allTeachingHoursSessions(args: Omit<TeachingHoursSessionsArgs, 'index' | 'size'>) {
  const size = 1000;
  const sessions = [];
  for (let index = 1; ; index += 1) {
    const page = await api.call(teachingHoursContract.sessions, {
      query: sessionsQuery({ ...args, index, size }),
    });
    sessions.push(...page.data);
    if (page.data.length < size || sessions.length >= page.totalCount) return sessions;
  }
}
