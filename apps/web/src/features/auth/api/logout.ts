import { authContract } from '@tutoria/shared';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { api } from '@/lib/api-client';
import { clearAuth, getAccessToken } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';

/**
 * Forgets the session here, ends it on the server, and goes to sign-in. Forgotten first: the server
 * closes the session's live stream as it ends it, and a call the page makes meanwhile (the stream
 * asking for a new ticket) must not read as an expired session to come back to after signing in.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const token = getAccessToken();
    clearAuth();
    if (token) {
      // Its own token, so an already-ended session does not count as an expiry to redirect from.
      await api
        .call(authContract.logout, { body: {} }, { token })
        .catch((error: unknown) => console.error(error));
    }
    await navigate(paths.authLogin.path, { replace: true });
    queryClient.clear();
  };
}
