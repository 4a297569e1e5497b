import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { type EndpointInput, type ListQueryInput, settlementsContract } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';
import { refreshFinance } from './confirmation';

const c = settlementsContract;
const keys = financeKeys.settlements;

/** One page of every settlement (`get_settlements_all`), the previous page kept while the next loads. */
export function settlementsQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.call(c.list, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the signed-in teacher's own settlements (`get_settlements`). */
export function ownSettlementsQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: keys.own(query),
    queryFn: ({ signal }) => api.call(c.own, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type GuideQuery = EndpointInput<typeof c.guide>['query'];

/** The guide for create: a teacher's earned sessions in no settlement up to a date (none until a teacher is chosen). */
export function useSettlementGuide(query: GuideQuery | null) {
  return useQuery({
    queryKey: keys.guide(query),
    queryFn: ({ signal }) => api.call(c.guide, { query: query! }, { signal }),
    enabled: query !== null,
  });
}

export type GroupGuideQuery = RequestBody<typeof c.groupGuide>;

/** The group guide: every teacher with earnings to settle up to a date. */
export function useGroupGuide(query: GroupGuideQuery | null) {
  return useQuery({
    queryKey: keys.groupGuide(query),
    queryFn: ({ signal }) => api.call(c.groupGuide, { body: query! }, { signal }),
    enabled: query !== null,
  });
}

/** All teachers' sums and each teacher's (earned, paid, unpaid), from the ledger. */
export function useAllTeachersSum() {
  return useQuery({
    queryKey: keys.sums,
    queryFn: ({ signal }) => api.call(c.allTeachersSum, { query: {} }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in teacher's own report: sums and months (of a year, if chosen). */
export function useMyEarnings(year: number | null) {
  return useQuery({
    queryKey: keys.mine(year),
    queryFn: ({ signal }) => api.call(c.myEarnings, { query: year === null ? {} : { year } }, { signal }),
  });
}

type Command = 'create' | 'edit' | 'delete' | 'pay' | 'reverse' | 'groupCreate';

/** A settlement command; success refreshes every finance figure (a payment moves the ledger). */
export function useSettlementMutation<K extends Command>(name: K) {
  const endpoint = c[name];
  return useMutation({
    mutationFn: (body: RequestBody<(typeof c)[K]>) => api.callWithBody(endpoint, body),
    onSuccess: refreshFinance,
  });
}
