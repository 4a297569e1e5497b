import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { rollCallContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { centreReportKeys } from '@/lib/query-keys';

/** A day's roll call; presences change through the day, so each visit reads it afresh. */
export function useRollCallDay(day: string) {
  return useQuery({
    queryKey: centreReportKeys.rollCall(day),
    queryFn: ({ signal }) => api.call(rollCallContract.day, { query: { day } }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
