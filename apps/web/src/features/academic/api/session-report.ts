import { useMutation, useQuery } from '@tanstack/react-query';
import { type ParentLinkInput, sessionReportContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { academicKeys, parentReportKeys } from '@/lib/query-keys';

/** Session reports and parent report links (issue 10). */
const c = sessionReportContract;

/** One student's report of one session. */
export function useSessionReport(sessionId: string, studentPublicKey: string) {
  return useQuery({
    queryKey: academicKeys.sessionReport(sessionId, studentPublicKey),
    queryFn: ({ signal }) =>
      api.call(c.sessionReport, { query: { sessionId, studentPublicKey } }, { signal }),
    enabled: Boolean(sessionId && studentPublicKey),
    meta: { silent: true },
  });
}

/** The links made for one student's session, with their opening counts. */
export function useParentLinks(sessionId: string, studentPublicKey: string) {
  return useQuery({
    queryKey: academicKeys.parentLinks.of(sessionId, studentPublicKey),
    queryFn: ({ signal }) => api.call(c.parentLinks, { query: { sessionId, studentPublicKey } }, { signal }),
  });
}

const refreshLinks = () => queryClient.invalidateQueries({ queryKey: academicKeys.parentLinks.all });

export function useCreateParentLink() {
  return useMutation({
    mutationFn: (body: ParentLinkInput) => api.callWithBody(c.createParentLink, body),
    onSuccess: refreshLinks,
  });
}

export function useRevokeParentLink() {
  return useMutation({
    mutationFn: (linkId: string) => api.callWithBody(c.revokeParentLink, { linkId }),
    onSuccess: refreshLinks,
  });
}

/** The parent page's read: no sign-in, no signature; a wrong, expired or revoked id fails. */
export function useParentReport(reportId: string) {
  return useQuery({
    queryKey: parentReportKeys.report(reportId),
    queryFn: ({ signal }) => api.call(c.parentReport, { query: { reportId } }, { signal }),
    // Every read is an opening (counted, rate-limited): read once per visit.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
    meta: { silent: true },
  });
}
