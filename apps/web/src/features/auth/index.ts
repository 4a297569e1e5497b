// What other areas use of the signed-in user and the session.
export { ensureCurrentUser, getUserQueryOptions, useCurrentUser, userQueryKey } from './api/get-user';
export { useSignOut } from './api/logout';
