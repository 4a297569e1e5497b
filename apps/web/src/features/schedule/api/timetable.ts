import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { calendarContract, lessonsContract, timetableContract } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { classKeys, lessonKeys, scheduleKeys } from '@/lib/query-keys';

export interface TimetableRange {
  start: number;
  end: number;
  lessonNames?: string[];
  teachersPublicKey?: string[];
}

/**
 * The admin call (every teacher, or the chosen ones) for Admin, TeamLeader and SchedulingAdmin;
 * the teacher call (their own) for everyone else (SPEC §6).
 */
function timetableQueryOptions(mode: 'admin' | 'teacher', range: TimetableRange) {
  return queryOptions({
    queryKey: scheduleKeys.timetable(mode, range),
    queryFn: ({ signal }) => {
      if (mode === 'teacher') {
        return api.call(
          timetableContract.getForTeacher,
          { query: { start: range.start, end: range.end, lessonNames: range.lessonNames } },
          { signal },
        );
      }
      if (range.teachersPublicKey?.length) {
        return api.call(timetableContract.filteredByDate, { body: range }, { signal });
      }
      return api.call(
        timetableContract.getForAdmin,
        { query: { start: range.start, end: range.end, lessonNames: range.lessonNames } },
        { signal },
      );
    },
    placeholderData: keepPreviousData,
  });
}

export function useTimetable(mode: 'admin' | 'teacher', range: TimetableRange | null) {
  return useQuery({ ...timetableQueryOptions(mode, range ?? { start: 0, end: 1 }), enabled: range !== null });
}

/** Teachers per page of the admin week (issue 30): the first screen's answer stays small. */
export const TEACHERS_PER_PAGE = 20;

/**
 * The admin week in pages of teachers (issue 30), in the answer's order: each page asks the next
 * `TEACHERS_PER_PAGE` after the last teacher it has. A filter is another query, from its first page.
 */
export function useAdminWeek(range: TimetableRange | null) {
  const week = range ?? { start: 0, end: 1 };
  return useInfiniteQuery({
    queryKey: scheduleKeys.week(week),
    queryFn: ({ pageParam, signal }) => {
      const page = { limit: TEACHERS_PER_PAGE, after: pageParam ?? undefined };
      if (week.teachersPublicKey?.length) {
        return api.call(timetableContract.filteredByDate, { body: { ...week, ...page } }, { signal });
      }
      return api.call(
        timetableContract.getForAdmin,
        { query: { start: week.start, end: week.end, lessonNames: week.lessonNames, ...page } },
        { signal },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.length < TEACHERS_PER_PAGE ? null : (last.at(-1)?.teacherPublicKey ?? null),
    placeholderData: keepPreviousData,
    enabled: range !== null,
  });
}

/** Every active teacher without their week (issue 30): the teacher filter's options. */
export function useTimetableTeachers(enabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.teachers,
    queryFn: ({ signal }) => api.call(timetableContract.teachers, {}, { signal }),
    enabled,
  });
}

/** Slot changes move sessions too: the schedule and every class view are refreshed. */
async function refresh() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
    queryClient.invalidateQueries({ queryKey: classKeys.all }),
  ]);
}

export function useAddAvailableTimes() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof timetableContract.addAvailableTimes>) =>
      api.call(timetableContract.addAvailableTimes, { body }),
    onSuccess: refresh,
  });
}

export function useCancelTime() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof timetableContract.cancelTime>) =>
      api.call(timetableContract.cancelTime, { body }),
    onSuccess: refresh,
  });
}

export function useRemoveTime() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof timetableContract.removeAvailableTime>) =>
      api.call(timetableContract.removeAvailableTime, { body }),
    onSuccess: refresh,
  });
}

export function useEditSlotTime() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof timetableContract.editStartOrEnd>) =>
      api.call(timetableContract.editStartOrEnd, { body }),
    onSettled: refresh,
  });
}

export function useLessonNames() {
  return useQuery({
    queryKey: lessonKeys.names,
    queryFn: ({ signal }) => api.call(lessonsContract.names, { query: {} }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Staff (timetable.readAll): a new address of a teacher's calendar feed (issue 29), shown once. */
export function useTeacherCalendarFeed() {
  return useMutation({
    mutationFn: (teacherPublicKey: string) =>
      api.call(calendarContract.teacherFeed, { body: { teacherPublicKey } }),
  });
}
