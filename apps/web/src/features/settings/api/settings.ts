import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { backupsContract, calendarContract, type ListQueryInput, operationsContract } from '@tutoria/shared';
import { api, type DownloadProgress } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { settingsKeys as keys } from '@/lib/query-keys';

/** One page of the failed background jobs of every kind (Admin). */
export function failedJobsQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: keys.failedJobs(query),
    queryFn: ({ signal }) => api.call(operationsContract.failedJobs, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Retry (queued again now) or discard one failed job; the list is asked again either way. */
export function useFailedJobAction(action: 'retry' | 'discard') {
  return useMutation({
    mutationFn: (jobId: string) =>
      api.call(action === 'retry' ? operationsContract.retryJob : operationsContract.discardJob, {
        params: { jobId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The whole centre as one zip, downloaded as a signed call (progress: bytes and the rows it holds). */
export const downloadCentreExport = (onProgress: (progress: DownloadProgress) => void) =>
  api.download(operationsContract.exportCentre, {}, onProgress);

/** The backups in BACKUP_DIR, the nightly schedule and the last nightly run (Admin). */
export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: keys.backups,
    queryFn: ({ signal }) => api.call(backupsContract.overview, {}, { signal }),
  });

/** "Back up now": the server's message in the snackbar, then the list asked again. */
export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(backupsContract.create, {}),
    onSuccess: (made) => notifySuccess(made.message),
    onSettled: () => client.invalidateQueries({ queryKey: keys.backups }),
  });
}

/** Whether the signed-in user has a calendar feed address, and since when (issue 29). */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: keys.calendarFeed,
    queryFn: ({ signal }) => api.call(calendarContract.mine, {}, { signal }),
  });

/** A new address of one's own feed (the old one stops): the server's message, then the state asked again. */
export function useResetCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(calendarContract.resetMine, {}),
    onSuccess: (made) => notifySuccess(made.message),
    onSettled: () => client.invalidateQueries({ queryKey: keys.calendarFeed }),
  });
}
