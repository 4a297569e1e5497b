import {
  type ChangePasswordBody,
  type CurrentUser,
  isAdminRole,
  type LoginBody,
  permissionsOf,
  type Role,
  type Tokens,
} from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import type { Accounts } from '../users/users.module.ts';
import './auth.events.ts';
import * as repo from './auth.repo.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';

export interface AuthDeps extends Pick<ModuleContext, 'db' | 'config' | 'store' | 'events' | 'transaction'> {
  /** The accounts' sign-in identities, from the users module. */
  accounts: Accounts;
  /**
   * The per-request session lookup's cache; every committed change to a session or account tells
   * it. Without one, every request reads the database.
   */
  sessions?: SessionCache;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { db, config, store, events, transaction, accounts, sessions = createSessionCache({ ttlMs: 0 }) } = deps;
  const { login: limits, accessTokenTtlSeconds, refreshTokenTtlSeconds } = config;

  function newTokens() {
    const access = randomToken();
    const refresh = randomToken();
    const now = Date.now();
    return {
      tokens: { access_token: access, refresh_token: refresh, expires_in: accessTokenTtlSeconds } satisfies Tokens,
      hashes: {
        accessTokenHash: sha256(access),
        refreshTokenHash: sha256(refresh),
        accessExpiresAt: new Date(now + accessTokenTtlSeconds * 1000),
        refreshExpiresAt: new Date(now + refreshTokenTtlSeconds * 1000),
      },
    };
  }

  const tooMany = () =>
    new AppError('REQUESTS_EXCEEDED', { text: { key: 'tooManyLogins', values: { minutes: Math.ceil(limits.windowSeconds / 60) } } });
  const throttled = () => new AppError('REQUESTS_EXCEEDED', { text: { key: 'loginThrottled' } });

  /**
   * The counters of one account (any spelling of its name) and one client address; the name is
   * encoded so that no user name can spell another key.
   */
  function signInKeys(userName: string, ip: string) {
    const account = encodeURIComponent(userName.toLowerCase());
    return {
      /** Failures from this address, whatever the account, for the per-address limit. */
      address: `login:address-fail:${ip}`,
      /** Failures from this address, for the hard lock. */
      pair: `login:fail:${account}:${ip}`,
      /** Failures from every address, for the throttle. */
      account: `login:fail:${account}`,
      /** Present while the account refuses attempts (the throttle's doubling wait). */
      throttle: `login:throttle:${account}`,
      /** Present for an address this account signed in from, for a refresh token's lifetime. */
      trusted: `login:trusted:${account}:${ip}`,
    };
  }

  /**
   * docs/decisions.md "Sign-in limits": an address with too many failures for the account is locked
   * out; an address with too many failures for any account refuses accounts that have not signed
   * in from it lately; a throttled account refuses every address except one it signed in from
   * lately. A recent sign-in from the address counts only while the account has not failed there
   * since. Either way the password is not even checked.
   */
  async function refusal(keys: ReturnType<typeof signInKeys>): Promise<AppError | null> {
    const failuresHere = await store.get(keys.pair);
    if (failuresHere >= limits.maxFailuresPerAccount) return tooMany();
    const trusted = failuresHere === 0 && (await store.get(keys.trusted)) > 0;
    if (!trusted && (await store.get(keys.address)) >= limits.maxAttemptsPerIp) return tooMany();
    if ((await store.get(keys.throttle)) === 0) return null;
    return trusted ? null : throttled();
  }

  /**
   * Counts a failure. From the threshold on, each failure makes the account wait twice as long as
   * the last, up to the window; the account's count is forgotten after two quiet windows, so the
   * longest wait never lets it lapse.
   */
  async function countFailure(keys: ReturnType<typeof signInKeys>): Promise<void> {
    await store.increment(keys.address, limits.windowSeconds);
    await store.increment(keys.pair, limits.windowSeconds);
    const failures = await store.increment(keys.account, 2 * limits.windowSeconds, { renew: true });
    const beyond = failures - limits.throttleAfterFailures;
    if (beyond >= 0) await store.claim(keys.throttle, Math.min(limits.windowSeconds, 2 ** beyond));
  }

  async function trustAddress(keys: ReturnType<typeof signInKeys>): Promise<void> {
    await store.delete(keys.pair);
    await store.delete(keys.trusted);
    await store.claim(keys.trusted, refreshTokenTtlSeconds);
  }

  /** Tells every process that these sessions ended (their live streams close), once `q` commits. */
  async function sessionsEnded(q: Queryable, sessionIds: string[]): Promise<void> {
    if (sessionIds.length) await events.record(q, 'auth.sessionsEnded', { sessionIds });
  }

  return {
    /**
     * DESIGN §5: INVALID_GRANT (HTTP 400) for any wrong name, password or inactive account, never
     * saying which; every attempt is recorded; a per-IP limit on failures, a per-account-and-address
     * lock and an account-wide throttle.
     */
    async login(body: LoginBody, client: ClientInfo): Promise<Tokens> {
      const keys = signInKeys(body.userName, client.ip);
      const refused = await refusal(keys);

      const user = await accounts.byUserName(db, body.userName);
      const attempt = (success: boolean) => ({
        userKey: user?.publicKey ?? null,
        userName: body.userName.slice(0, 100),
        success,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
      });
      if (refused) {
        await repo.insertLoginAttempt(db, attempt(false));
        throw refused;
      }
      const passwordOk = user ? await verifyPassword(user.passwordHash, body.password) : (await verifyAgainstDummy(body.password), false);
      if (!user || !passwordOk || user.status !== 'active') {
        await repo.insertLoginAttempt(db, attempt(false));
        await countFailure(keys);
        throw new AppError('INVALID_GRANT');
      }
      const { tokens, hashes } = newTokens();
      await transaction(async (tx) => {
        await repo.insertSession(tx, { userKey: user.publicKey, ...hashes });
        await repo.insertLoginAttempt(tx, attempt(true));
      });
      await trustAddress(keys);
      return tokens;
    },

    /** Rotates both tokens of a live session; the old refresh token stops working. */
    async renew(refreshToken: string): Promise<Tokens> {
      const { tokens, userKey } = await transaction(async (tx) => {
        const session = await repo.findLiveSessionByRefreshHash(tx, sha256(refreshToken));
        if (!session) throw new AppError('INVALID_GRANT');
        const { tokens, hashes } = newTokens();
        await repo.rotateSessionTokens(tx, session.sessionId, hashes);
        return { tokens, userKey: session.userKey };
      });
      await sessions.forgetUser(userKey);
      return tokens;
    },

    /**
     * Opens a session for a user whose identity another service has proven (a one-time code),
     * recording the sign-in in the login history like a password login.
     */
    async signInVerified(user: { publicKey: string; userName: string }, client: ClientInfo): Promise<Tokens> {
      const { tokens, hashes } = newTokens();
      await transaction(async (tx) => {
        await repo.insertSession(tx, { userKey: user.publicKey, ...hashes });
        await repo.insertLoginAttempt(tx, {
          userKey: user.publicKey,
          userName: user.userName.slice(0, 100),
          success: true,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 500) ?? null,
        });
      });
      return tokens;
    },

    /** Records a refused sign-in of a known user (a wrong one-time code) in their login history. */
    async recordFailedSignIn(user: { publicKey: string; userName: string }, client: ClientInfo): Promise<void> {
      await repo.insertLoginAttempt(db, {
        userKey: user.publicKey,
        userName: user.userName.slice(0, 100),
        success: false,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
      });
    },

    /**
     * Ends every open session of a user at once (disable, archive, password reset), inside the
     * caller's transaction, with their unused stream tickets and open streams; the caller calls
     * `forgetSessions` once it committed.
     */
    async endSessions(q: Queryable, userKey: string, exceptSessionId?: string): Promise<void> {
      await sessionsEnded(q, await repo.revokeUserSessions(q, userKey, exceptSessionId));
    },

    /**
     * After a committed change to a user's account (role, permissions, status, name, password,
     * deletion) or sessions: the next request of theirs, in any process, reads them afresh.
     */
    forgetSessions(userKey: string): Promise<void> {
      return sessions.forgetUser(userKey);
    },

    /** Ends the caller's session, its unused stream tickets and its open streams. */
    async logout(user: SessionUser): Promise<void> {
      await transaction(async (tx) => sessionsEnded(tx, await repo.revokeSession(tx, user.sessionId)));
      await sessions.forgetUser(user.publicKey);
    },

    resolveSession(accessToken: string): Promise<SessionUser | null> {
      const hash = sha256(accessToken);
      return sessions.resolve(hash, async () => {
        const row = await repo.findLiveSessionByAccessHash(db, hash);
        if (!row) return null;
        const role = row.role as Role;
        const user = {
          publicKey: row.publicKey,
          sessionId: row.sessionId,
          role,
          fullName: row.fullName,
          isAdmin: isAdminRole(role),
          permissions: permissionsOf(role, row.extraPermissions),
        };
        return { user, accessExpiresAt: row.accessExpiresAt };
      });
    },

    async currentUser(user: SessionUser): Promise<CurrentUser> {
      const row = await accounts.byKey(db, user.publicKey);
      if (!row) throw new AppError('UNAUTHORIZED', { text: { key: 'sessionExpired' } });
      const lastLogin = await repo.lastSuccessfulLogin(db, user.publicKey);
      return {
        publicKey: row.publicKey,
        fullName: row.fullName,
        nickName: row.nickName,
        userName: row.userName,
        role: row.role as Role,
        baseType: row.baseType,
        phoneNumber: row.phoneNumber,
        emailAddress: row.emailAddress,
        consultant: row.consultantKey,
        isAdmin: user.isAdmin,
        imageUrl: row.imageUrl,
        createMoment: toEpoch(row.createMoment),
        status: row.status as CurrentUser['status'],
        permissions: [...user.permissions].sort(),
        lastLogin: lastLogin ? toEpoch(lastLogin) : null,
      };
    },

    /** Changes the caller's password; every other session of theirs ends, this one stays. */
    async changePassword(user: SessionUser, body: ChangePasswordBody): Promise<void> {
      const row = await accounts.byKey(db, user.publicKey);
      if (!row || !(await verifyPassword(row.passwordHash, body.oldPassword))) {
        throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'oldPassword', key: 'wrongOldPassword' }] });
      }
      if (body.oldPassword === body.newPassword) {
        throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'newPassword', key: 'samePassword' }] });
      }
      const passwordHash = await hashPassword(body.newPassword);
      await transaction(async (tx) => {
        await accounts.setPasswordHash(tx, user.publicKey, passwordHash);
        await sessionsEnded(tx, await repo.revokeUserSessions(tx, user.publicKey, user.sessionId));
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'user.changePassword',
          entity: 'user',
          entityId: user.publicKey,
        });
      });
      await sessions.forgetUser(user.publicKey);
    },
  };
}
