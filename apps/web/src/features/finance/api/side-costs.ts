import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ListQueryInput, sideCostsContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';

/** One page of every student's side costs (`classroom/getAllStudentSideCosts`, issue 28) with the filtered totals. */
export function sideCostListQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: financeKeys.sideCostList(query),
    queryFn: ({ signal }) => api.call(sideCostsContract.all, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
