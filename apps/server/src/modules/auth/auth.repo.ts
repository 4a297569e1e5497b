import { isIP } from 'node:net';
import { and, count, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { authSessions, loginAttempts } from '../../db/schema/auth.ts';
import { people } from '../../db/schema/people.ts';
import { totalCountColumn } from '../../http/list-query.ts';

/** An address that is none (a forwarded header from a proxy trusted with `TRUST_PROXY=true`) is kept as unknown. */
export async function insertLoginAttempt(
  q: Queryable,
  attempt: typeof loginAttempts.$inferInsert,
): Promise<void> {
  await q
    .insert(loginAttempts)
    .values({ ...attempt, ip: attempt.ip && isIP(attempt.ip) ? attempt.ip : null });
}

const lastSuccessfulLoginQuery = preparedRead((q) =>
  q
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.userKey, sql.placeholder('userKey')), sql`${loginAttempts.success}`))
    .orderBy(desc(loginAttempts.at))
    .limit(1)
    .prepare('last_successful_login'),
);

export async function lastSuccessfulLogin(q: Queryable, userKey: string): Promise<Date | null> {
  const [row] = await lastSuccessfulLoginQuery(q).execute({ userKey });
  return row?.at ?? null;
}

/** A user's last successful sign-in, as a correlated sub-select on `userKey` (index login_attempts_user_idx). */
export const lastSignInOf = (userKey: SQL) =>
  sql<Date | null>`(select max(la.at) from ${loginAttempts} la where la.user_key = ${userKey} and la.success)`;

export async function loginHistoryPage(q: Queryable, userKey: string, limit: number, offset: number) {
  const rows = await q
    .select({
      at: loginAttempts.at,
      success: loginAttempts.success,
      ip: sql<string | null>`host(${loginAttempts.ip})`,
      userAgent: loginAttempts.userAgent,
      totalCount: totalCountColumn,
    })
    .from(loginAttempts)
    .where(eq(loginAttempts.userKey, userKey))
    .orderBy(desc(loginAttempts.at), desc(loginAttempts.id))
    .limit(limit)
    .offset(offset);
  return rows;
}

export async function loginAttemptCount(q: Queryable, userKey: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(loginAttempts).where(eq(loginAttempts.userKey, userKey));
  return row?.n ?? 0;
}

export async function insertSession(q: Queryable, session: typeof authSessions.$inferInsert): Promise<void> {
  await q.insert(authSessions).values(session);
}

/** The live session behind an access token and its user, in one query per request. */
export async function findLiveSessionByAccessHash(q: Queryable, accessTokenHash: string) {
  const [row] = await q
    .select({
      sessionId: authSessions.id,
      publicKey: people.publicKey,
      role: people.role,
      fullName: people.fullName,
      extraPermissions: people.extraPermissions,
      accessExpiresAt: authSessions.accessExpiresAt,
    })
    .from(authSessions)
    .innerJoin(people, eq(people.publicKey, authSessions.userKey))
    .where(
      and(
        eq(authSessions.accessTokenHash, accessTokenHash),
        isNull(authSessions.revokedAt),
        gt(authSessions.accessExpiresAt, sql`now()`),
        eq(people.status, 'active'),
      ),
    )
    .limit(1);
  return row;
}

export async function findLiveSessionByRefreshHash(q: Queryable, refreshTokenHash: string) {
  const [row] = await q
    .select({ sessionId: authSessions.id, userKey: authSessions.userKey })
    .from(authSessions)
    .innerJoin(people, eq(people.publicKey, authSessions.userKey))
    .where(
      and(
        eq(authSessions.refreshTokenHash, refreshTokenHash),
        isNull(authSessions.revokedAt),
        gt(authSessions.refreshExpiresAt, sql`now()`),
        eq(people.status, 'active'),
      ),
    )
    .for('update', { of: authSessions })
    .limit(1);
  return row;
}

export async function rotateSessionTokens(
  q: Queryable,
  sessionId: string,
  tokens: Pick<
    typeof authSessions.$inferInsert,
    'accessTokenHash' | 'refreshTokenHash' | 'accessExpiresAt' | 'refreshExpiresAt'
  >,
): Promise<void> {
  await q.update(authSessions).set(tokens).where(eq(authSessions.id, sessionId));
}

/** Ends one session; answers its id, or none when it had already ended. */
export async function revokeSession(q: Queryable, sessionId: string): Promise<string[]> {
  const rows = await q
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.map((row) => row.id);
}

/** Ends every session of a user, except optionally the one making the change; answers the ids it ended. */
export async function revokeUserSessions(
  q: Queryable,
  userKey: string,
  exceptSessionId?: string,
): Promise<string[]> {
  const rows = await q
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.userKey, userKey),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  return rows.map((row) => row.id);
}

/**
 * Whether the session `sessionId` names is still live (not ended, its refresh token not expired),
 * as an `exists` for another area's query (a notification stream ticket is only good while its
 * session lives).
 */
export const sessionIsLive = (sessionId: SQL) =>
  sql<boolean>`exists (select 1 from ${authSessions} s
    where s.id = ${sessionId} and s.revoked_at is null and s.refresh_expires_at > now())`;
