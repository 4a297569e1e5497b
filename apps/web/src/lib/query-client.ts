import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** A failed call shows the server's message in the error snackbar and is logged (SPEC §8). */
function report(error: Error, silent: boolean | undefined): void {
  if (error instanceof ApiError && error.sessionExpired) return;
  console.error(error);
  if (!silent) notifyError(error.message);
}

function shouldRetry(failureCount: number, error: Error): boolean {
  // A 4xx answer will not change on its own; network and server failures get two more tries.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta?.silent) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => report(error, mutation.meta?.silent),
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
