import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ListQueryInput, specificationsContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { courseKeys } from '@/lib/query-keys';

/** One page of courses (`admin_specifications`), each with its lessons and course files. */
export function coursesQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: courseKeys.list(query),
    queryFn: ({ signal }) => api.call(specificationsContract.list, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
