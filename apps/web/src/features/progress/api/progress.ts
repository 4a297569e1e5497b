import { useMutation, useQuery } from '@tanstack/react-query';
import { type ExportFormat, progressContract } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { progressKeys } from '@/lib/query-keys';

/** One student's course plan and applications (staff, within their reach). */
export function useStudentProgress(publicKey: string) {
  return useQuery({
    queryKey: progressKeys.student(publicKey),
    queryFn: ({ signal }) =>
      api.call(progressContract.studentCoursePlan, { body: { publicKey } }, { signal }),
    retry: false,
  });
}

/** The signed-in student's own course plan and applications. */
export function useMyProgress() {
  return useQuery({
    queryKey: progressKeys.mine,
    queryFn: ({ signal }) => api.call(progressContract.mine, {}, { signal }),
  });
}

const progressMutations = {
  upsertCoursePlan: progressContract.upsertCoursePlan,
  deleteCoursePlan: progressContract.deleteCoursePlan,
  upsertApplication: progressContract.upsertApplication,
  deleteApplication: progressContract.deleteApplication,
};
type ProgressMutations = typeof progressMutations;

/** One mutation hook per change; each refreshes the progress stages shown. */
export function useProgressMutation<K extends keyof ProgressMutations>(
  name: K,
  options: { silent?: boolean } = {},
) {
  const endpoint: ProgressMutations[K] = progressMutations[name];
  return useMutation({
    mutationFn: (body: RequestBody<ProgressMutations[K]>) => api.callWithBody(endpoint, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressKeys.all }),
    meta: { silent: options.silent },
  });
}

/** Follows a download link (a link cannot carry the signed headers, so the server answered one). */
function followLink(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The signed-in student's own course plan, as XLSX or CSV (issue 12). */
export function useExportMyCoursePlan() {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const { url } = await api.call(progressContract.myExportLink, { body: { format } });
      followLink(url);
    },
  });
}

/**
 * An export is a plain browser download: the signed call asks for a short-lived single-use link
 * first (a link cannot carry the signed headers), then the browser follows it.
 */
export function useExportCoursePlan() {
  return useMutation({
    mutationFn: async (body: { studentPublicKey: string; format: ExportFormat }) => {
      const { url } = await api.call(progressContract.exportLink, { body });
      followLink(url);
    },
  });
}
