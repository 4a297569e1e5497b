import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import type { Accounts } from '../users/users.module.ts';
import { lastSignInOf, lastSuccessfulLogin, loginAttemptCount, loginHistoryPage } from './auth.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createSessionCache } from './session-cache.ts';
import type { Redis } from '../../lib/redis.ts';

/**
 * Sign-in, sessions and the login history (DESIGN §5). Owns `auth_sessions` and
 * `login_attempts`. Other modules use its service (ending a user's sessions, signing in a user
 * another service has proven), these reads of the login history and whether a session lives;
 * `auth.sessionsEnded` (auth.events.ts) tells every process which sessions ended.
 */
export const loginHistory = { lastSignInOf, page: loginHistoryPage, count: loginAttemptCount, lastSuccessfulLogin };

/** Whether a session is still live, as an `exists` for another area's query (stream tickets). */
export { sessionIsLive } from './auth.repo.ts';

export function createAuthModule(ctx: ModuleContext, deps: { accounts: Accounts; redis?: Redis }) {
  const sessions = createSessionCache({ ttlMs: ctx.config.sessionCacheSeconds * 1000, redis: deps.redis });
  const service = createAuthService({ ...ctx, accounts: deps.accounts, sessions });
  return {
    service,
    routes(app: FastifyInstance) {
      app.addHook('onReady', () => sessions.start());
      app.addHook('onClose', () => sessions.stop());
      return authRoutes(app, service);
    },
  };
}

export type AuthModule = ReturnType<typeof createAuthModule>;
export type { AuthService, ClientInfo } from './auth.service.ts';
