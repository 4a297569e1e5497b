import { authContract } from '@tutoria/shared';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { api } from '@/lib/api-client';
import { clearAuth, getAccessToken } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';

/** Ends the session on the server, then forgets it here and goes to sign-in. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const token = getAccessToken();
    if (token) {
      // Its own token, so an already-ended session does not count as an expiry to redirect from.
      await api
        .call(authContract.logout, { body: {} }, { token })
        .catch((error: unknown) => console.error(error));
    }
    clearAuth();
    await navigate(paths.authLogin.path, { replace: true });
    queryClient.clear();
  };
}
