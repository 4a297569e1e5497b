import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { oneTimeCodes, users } from '../../db/schema/users.ts';

/** One-time codes (phone verification and sign-in by code) and the users they are sent to. */

export async function findActiveUserByPhone(q: Queryable, phoneNumber: string) {
  const [row] = await q
    .select({ publicKey: users.publicKey, userName: users.userName, phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.status, 'active')))
    .limit(1);
  return row;
}

/** A new code replaces the user's unused codes of the same purpose. */
export async function insertOneTimeCode(
  q: Queryable,
  values: typeof oneTimeCodes.$inferInsert,
): Promise<void> {
  await q
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeCodes.userKey, values.userKey),
        eq(oneTimeCodes.purpose, values.purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    );
  await q.insert(oneTimeCodes).values(values);
}

/** The user's live code for a purpose, locked for the check. */
export async function liveOneTimeCode(q: Queryable, userKey: string, purpose: string) {
  const [row] = await q
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userKey, userKey),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .for('update')
    .limit(1);
  return row;
}

export async function useOneTimeCode(q: Queryable, id: string): Promise<void> {
  await q
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(eq(oneTimeCodes.id, id));
}

/** Counts a wrong try; the code is burnt when it reaches `maxFailures`. */
export async function failOneTimeCode(q: Queryable, id: string, maxFailures: number): Promise<void> {
  await q
    .update(oneTimeCodes)
    .set({
      failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1`,
      usedAt: sql`case when ${oneTimeCodes.failedAttempts} + 1 >= ${maxFailures} then now() else null end`,
    })
    .where(eq(oneTimeCodes.id, id));
}

export async function markPhoneVerified(q: Queryable, userKey: string): Promise<void> {
  await q
    .update(users)
    .set({ phoneVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.publicKey, userKey));
}
