import type { FastifyInstance } from 'fastify';
import { contract, formatMessage, permissionsPerRole, rolePermissions, roles } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  const c = contract.auth;
  route(app, c.login, ({ body, request }) =>
    auth.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  route(app, c.renew, ({ body }) => auth.renew(body.refresh_token));
  route(app, c.logout, async ({ user, request }) => {
    await auth.logout(user);
    return { isSuccess: true as const, message: formatMessage(request.language, 'loggedOut') };
  });
  route(app, c.getUser, ({ user }) => auth.currentUser(user));
  route(app, c.isAdmin, async ({ user }) => ({ isAdmin: user.isAdmin }));
  route(app, c.changePassword, async ({ user, body, request }) => {
    await auth.changePassword(user, body);
    return { isSuccess: true as const, message: formatMessage(request.language, 'passwordChanged') };
  });
  route(app, c.permissionsPerRole, async ({ query }) =>
    permissionsPerRole.parse(Object.fromEntries((query.role ? [query.role] : roles).map((r) => [r, [...rolePermissions[r]]]))),
  );
}
