import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
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
