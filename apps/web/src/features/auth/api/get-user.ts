import { queryOptions, useQuery } from '@tanstack/react-query';
import { authContract, type CurrentUser } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { getStoredUser, storeUser } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';
import { authKeys } from '@/lib/query-keys';

/**
 * The signed-in user. Starts from the stored copy so guards and layouts render at once, then
 * refreshes from the server on first use (permission changes take effect on the next load).
 */
export function getUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user,
    queryFn: async ({ signal }) => {
      const user = await api.call(authContract.getUser, undefined, { signal });
      storeUser(user);
      return user;
    },
    initialData: () => getStoredUser() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(getUserQueryOptions()).data;
}

/** What a signed-in route's guard waits for: the cached user, else the stored one, else the server's. */
export function ensureCurrentUser(): Promise<CurrentUser> {
  return queryClient.ensureQueryData(getUserQueryOptions());
}

/** A new sign-in: nothing cached for an earlier session survives, and the user is known at once. */
export function startSession(user: CurrentUser): void {
  queryClient.clear();
  queryClient.setQueryData(authKeys.user, user);
}
