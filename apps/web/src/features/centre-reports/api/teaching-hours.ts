import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Level, type LessonType, teachingHoursContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { centreReportKeys } from '@/lib/query-keys';

const key = centreReportKeys.teachingHours;

export function useTeachingHoursYear(year: number, enabled: boolean) {
  return useQuery({
    queryKey: key('year', year),
    queryFn: ({ signal }) => api.call(teachingHoursContract.year, { query: { year } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

export function useTeachingHoursLevels(year: number, month: number, enabled: boolean) {
  return useQuery({
    queryKey: key('levels', year, month),
    queryFn: ({ signal }) => api.call(teachingHoursContract.levels, { query: { year, month } }, { signal }),
    enabled,
    retry: false,
  });
}

export function useTeachingHoursLessons(year: number, month: number, level: Level, enabled: boolean) {
  return useQuery({
    queryKey: key('lessons', year, month, level),
    queryFn: ({ signal }) => api.call(teachingHoursContract.lessons, { query: { year, month, level } }, { signal }),
    enabled,
    retry: false,
  });
}

export function useTeachingHoursSessions(
  query: { year: number; month: number; level: Level; lessonType: LessonType; index: number; size: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: key('sessions', query),
    queryFn: ({ signal }) => api.call(teachingHoursContract.sessions, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}
