import { authRoutes, type authContract, type CurrentUser, type LoginBody } from '@tutoria/shared';
import { useState } from 'react';
import { routeCaller } from '@/lib/api-client';
import { clearAuth, getAccessToken, storeTokens, storeUser } from '@/lib/auth-storage';
import { reportFailure } from '@/lib/report-failure';

/** The sign-in page's calls by route: its first visit loads neither Zod nor the query layer (issue 9). */
const callAuth = routeCaller<typeof authContract>(authRoutes);

/** Signs in, loads the user and keeps both (SPEC §7, §9); an earlier session here is ended first. */
async function signIn(body: LoginBody): Promise<CurrentUser> {
  const previous = getAccessToken();
  if (previous) {
    await callAuth('logout', { body: {} }, { token: previous }).catch((error: unknown) =>
      console.error(error),
    );
    clearAuth();
  }
  storeTokens(await callAuth('login', { body }));
  try {
    const user = await callAuth('getUser');
    storeUser(user);
    // The query layer arrives now, with the signed-in pages that use it.
    const { startSession } = await import('./get-user');
    startSession(user);
    return user;
  } catch (error) {
    clearAuth();
    throw error;
  }
}

/** The sign-in call and whether it is under way; a refusal shows in the error snackbar (SPEC §8). */
export function useSignIn() {
  const [isPending, setPending] = useState(false);
  const submit = async (body: LoginBody, onSignedIn: (user: CurrentUser) => void) => {
    setPending(true);
    try {
      onSignedIn(await signIn(body));
    } catch (error) {
      reportFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setPending(false);
    }
  };
  return { isPending, submit };
}
