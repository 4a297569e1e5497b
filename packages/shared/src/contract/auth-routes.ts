import type { EndpointRoute } from './define.ts';

/** The auth endpoints' routes (no schemas, no Zod): `authContract` adds the schemas to each. */
export const authRoutes = {
  login: {
    name: 'auth.login',
    method: 'POST',
    path: 'user/login',
    aliases: ['auth_login'],
    access: 'public',
    summary: 'Signs in with user name and password; rate-limited per IP and per account.',
  },
  renew: {
    name: 'auth.renew',
    method: 'POST',
    path: 'user/renew',
    access: 'public',
    summary: 'Trades a refresh token for new tokens; the old refresh token stops working.',
  },
  logout: {
    name: 'auth.logout',
    method: 'POST',
    path: 'user/logout',
    aliases: ['auth_logout'],
    access: 'signedIn',
    summary: 'Ends the current session at once.',
  },
  getUser: {
    name: 'auth.getUser',
    method: 'GET',
    path: 'user/getuser',
    access: 'signedIn',
    summary: 'The signed-in user with the permissions they hold.',
  },
  isAdmin: {
    name: 'auth.isAdmin',
    method: 'GET',
    path: 'user/isadmin',
    access: 'signedIn',
    summary: 'Whether the signed-in user is staff (every role but Student).',
  },
  changePassword: {
    name: 'auth.changePassword',
    method: 'PUT',
    path: 'user/ManualChangePassword',
    aliases: [{ method: 'POST', path: 'auth_change_password' }],
    access: 'signedIn',
    summary: "Changes the caller's own password; every other session of theirs ends.",
  },
  permissionsPerRole: {
    name: 'auth.permissionsPerRole',
    method: 'GET',
    path: 'user/getAllPermissionsOfEachRole',
    aliases: ['permissions_per_role'],
    access: 'signedIn',
    summary: 'The role → permissions map, or one role of it.',
  },
} satisfies Record<string, EndpointRoute>;
