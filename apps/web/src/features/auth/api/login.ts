import { useMutation } from '@tanstack/react-query';
import { authContract, type CurrentUser, type LoginBody } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { clearAuth, getAccessToken, storeTokens, storeUser } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';
import { userQueryKey } from './get-user';

/** Signs in, loads the user and keeps both (SPEC §7, §9); an earlier session here is ended first. */
async function signIn(body: LoginBody): Promise<CurrentUser> {
  const previous = getAccessToken();
  if (previous) {
    await api
      .call(authContract.logout, { body: {} }, { token: previous })
      .catch((error: unknown) => console.error(error));
    clearAuth();
  }
  storeTokens(await api.call(authContract.login, { body }));
  try {
    const user = await api.call(authContract.getUser);
    storeUser(user);
    queryClient.clear();
    queryClient.setQueryData(userQueryKey, user);
    return user;
  } catch (error) {
    clearAuth();
    throw error;
  }
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
