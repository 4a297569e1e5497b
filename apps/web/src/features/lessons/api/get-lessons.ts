import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { lessonsContract, type ListQueryInput } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { lessonKeys } from '@/lib/query-keys';

/** One page of lessons (`admin_lessons`); the previous page stays on screen while the next loads. */
export function lessonsQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: lessonKeys.list(query),
    queryFn: ({ signal }) => api.call(lessonsContract.list, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLessons(query: ListQueryInput) {
  return useQuery(lessonsQueryOptions(query));
}
