// What other areas use of the signed-in user and the session.
export { ensureCurrentUser, getUserQueryOptions, useCurrentUser } from './api/get-user';
export { useSignOut } from './api/logout';
