import { useQuery } from '@tanstack/react-query';
import { reportsContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { taskKeys } from '@/lib/query-keys';

/**
 * The caller's task counts (issue 29): one cheap request shared by the sidebar's badge and the
 * tasks page; read again every minute while the window shows (one indexed count per group, ~16 ms
 * on the large centre), when the window regains focus, and (`fresh`) whenever the page opens.
 */
export function useStaffTasks(options: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: taskKeys.staff,
    queryFn: ({ signal }) => api.call(reportsContract.staffTasks, {}, { signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
    refetchOnMount: options.fresh ? 'always' : true,
  });
}
