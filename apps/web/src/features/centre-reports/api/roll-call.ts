import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type RollCallClassQuery,
  type RollCallDayQuery,
  rollCallContract,
  type RollCallStudentQuery,
} from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { centreReportKeys } from '@/lib/query-keys';

/** A day's roll call; presences change through the day, so each visit reads it afresh. */
export function useRollCallDay(query: RollCallDayQuery) {
  return useQuery({
    queryKey: centreReportKeys.rollCall('day', query),
    queryFn: ({ signal }) => api.call(rollCallContract.day, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A class's roll call over a period (asked once a class is chosen). */
export function useRollCallClass(query: RollCallClassQuery, enabled: boolean) {
  return useQuery({
    queryKey: centreReportKeys.rollCall('class', query),
    queryFn: ({ signal }) => api.call(rollCallContract.classroom, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}

/** A student's roll call over a period (asked once a student is chosen). */
export function useRollCallStudent(query: RollCallStudentQuery, enabled: boolean) {
  return useQuery({
    queryKey: centreReportKeys.rollCall('student', query),
    queryFn: ({ signal }) => api.call(rollCallContract.student, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
}
