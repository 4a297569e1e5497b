import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { reportFailure } from './report-failure';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function shouldRetry(failureCount: number, error: Error): boolean {
  // A 4xx answer will not change on its own; network and server failures get two more tries.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => reportFailure(error, query.meta?.silent) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => reportFailure(error, mutation.meta?.silent),
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
