import { ApiError } from './api-client';
import { notifyError } from './notify';

/**
 * A failed call shows the server's message in the error snackbar and is logged (SPEC §8); an
 * expired session says nothing, the app is already on its way to the sign-in page.
 */
export function reportFailure(error: Error, silent?: boolean): void {
  if (error instanceof ApiError && error.sessionExpired) return;
  console.error(error);
  if (!silent) notifyError(error.message);
}
