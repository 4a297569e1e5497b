import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsContract, type TeacherOfReportQuery } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { centreReportKeys } from '@/lib/query-keys';

/** Presence per student of a teacher's classes over a period; off until a teacher is known. */
export function usePresenceReport(query: TeacherOfReportQuery, enabled: boolean) {
  return useQuery({
    queryKey: centreReportKeys.presence(query),
    queryFn: ({ signal }) => api.call(reportsContract.studentPresentationReport, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}
