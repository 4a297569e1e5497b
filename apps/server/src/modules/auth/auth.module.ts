import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import type { Accounts } from '../users/users.module.ts';
import { lastSignInOf, lastSuccessfulLogin, loginAttemptCount, loginHistoryPage } from './auth.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

/**
 * Sign-in, sessions and the login history (DESIGN §5). Owns `auth_sessions` and
 * `login_attempts`. Other modules use its service (ending a user's sessions, signing in a user
 * another service has proven) and these reads of the login history.
 */
export const loginHistory = { lastSignInOf, page: loginHistoryPage, count: loginAttemptCount, lastSuccessfulLogin };

export function createAuthModule(ctx: ModuleContext, deps: { accounts: Accounts }) {
  const service = createAuthService({ ...ctx, accounts: deps.accounts });
  return {
    service,
    routes: (app: FastifyInstance) => authRoutes(app, service),
  };
}

export type AuthModule = ReturnType<typeof createAuthModule>;
export type { AuthService, ClientInfo } from './auth.service.ts';
