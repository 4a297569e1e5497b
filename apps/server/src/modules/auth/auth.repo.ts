import { isIP } from 'node:net';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { authSessions, loginAttempts, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUserName(q: Queryable, userName: string): Promise<UserRow | undefined> {
  const [row] = await q
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return row;
}

export async function findUserByKey(q: Queryable, publicKey: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.publicKey, publicKey)).limit(1);
  return row;
}

/** An address that is none (a forwarded header from a proxy trusted with `TRUST_PROXY=true`) is kept as unknown. */
export async function insertLoginAttempt(q: Queryable, attempt: typeof loginAttempts.$inferInsert): Promise<void> {
  await q.insert(loginAttempts).values({ ...attempt, ip: attempt.ip && isIP(attempt.ip) ? attempt.ip : null });
}

export async function lastSuccessfulLogin(q: Queryable, userKey: string): Promise<Date | null> {
  const [row] = await q
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.userKey, userKey), eq(loginAttempts.success, true)))
    .orderBy(desc(loginAttempts.at))
    .limit(1);
  return row?.at ?? null;
}

export async function insertSession(q: Queryable, session: typeof authSessions.$inferInsert): Promise<void> {
  await q.insert(authSessions).values(session);
}

/** The live session behind an access token and its user, in one query per request. */
export async function findLiveSessionByAccessHash(q: Queryable, accessTokenHash: string) {
  const [row] = await q
    .select({
      sessionId: authSessions.id,
      publicKey: users.publicKey,
      role: users.role,
      fullName: users.fullName,
      extraPermissions: users.extraPermissions,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.publicKey, authSessions.userKey))
    .where(
      and(
        eq(authSessions.accessTokenHash, accessTokenHash),
        isNull(authSessions.revokedAt),
        gt(authSessions.accessExpiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  return row;
}

export async function findLiveSessionByRefreshHash(q: Queryable, refreshTokenHash: string) {
  const [row] = await q
    .select({ sessionId: authSessions.id, userKey: authSessions.userKey })
    .from(authSessions)
    .innerJoin(users, eq(users.publicKey, authSessions.userKey))
    .where(
      and(
        eq(authSessions.refreshTokenHash, refreshTokenHash),
        isNull(authSessions.revokedAt),
        gt(authSessions.refreshExpiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    )
    .for('update', { of: authSessions })
    .limit(1);
  return row;
}

export async function rotateSessionTokens(
  q: Queryable,
  sessionId: string,
  tokens: Pick<typeof authSessions.$inferInsert, 'accessTokenHash' | 'refreshTokenHash' | 'accessExpiresAt' | 'refreshExpiresAt'>,
): Promise<void> {
  await q.update(authSessions).set(tokens).where(eq(authSessions.id, sessionId));
}

export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await q.update(authSessions).set({ revokedAt: sql`now()` }).where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every session of a user, except optionally the one making the change. */
export async function revokeUserSessions(q: Queryable, userKey: string, exceptSessionId?: string): Promise<void> {
  await q
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.userKey, userKey),
        isNull(authSessions.revokedAt),
        exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function updatePasswordHash(q: Queryable, userKey: string, passwordHash: string): Promise<void> {
  await q.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.publicKey, userKey));
}
