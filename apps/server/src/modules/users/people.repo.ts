import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { people } from '../../db/schema/people.ts';
import { studentProfiles, users } from '../../db/schema/users.ts';
import type { UserRow } from './users.repo.ts';

/**
 * What other modules ask of the users area's tables (their read ports and the auth module's
 * sign-in identities), exported through users.module.ts.
 */

/** Who the given people are (other modules' read port: no credentials, no contacts). */
export async function findPeople(
  q: Queryable,
  keys: readonly string[],
  filter: { roles?: readonly string[]; activeOnly?: boolean } = {},
) {
  if (!keys.length) return [];
  return q
    .select()
    .from(people)
    .where(
      and(
        inArray(people.publicKey, [...keys]),
        filter.roles ? inArray(people.role, [...filter.roles]) : undefined,
        filter.activeOnly ? eq(people.status, 'active') : undefined,
      ),
    );
}
export type Person = Awaited<ReturnType<typeof findPeople>>[number];

/**
 * Locks the given users' rows for the rest of the transaction without blocking foreign-key checks
 * (`for no key update`), in key order so two transactions never lock them crosswise. Booking uses
 * it to queue two bookings of one student.
 */
export async function lockPeople(q: Queryable, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await q
    .select({ publicKey: users.publicKey })
    .from(users)
    .where(inArray(users.publicKey, [...keys]))
    .orderBy(users.publicKey)
    .for('no key update');
}

/**
 * The sign-in identity of an account, for the auth module: its credentials are the users area's
 * data, read and changed only through these calls (`accounts` in users.module.ts).
 */
export async function accountByUserName(q: Queryable, userName: string): Promise<UserRow | undefined> {
  const [row] = await q
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return row;
}

const accountByKeyQuery = preparedRead((q) =>
  q
    .select()
    .from(users)
    .where(eq(users.publicKey, sql.placeholder('publicKey')))
    .limit(1)
    .prepare('account_by_key'),
);

export async function accountByKey(q: Queryable, publicKey: string): Promise<UserRow | undefined> {
  const [row] = await accountByKeyQuery(q).execute({ publicKey });
  return row;
}

export async function setPasswordHash(q: Queryable, userKey: string, passwordHash: string): Promise<void> {
  await q
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.publicKey, userKey));
}

/** The e-mail address notifications are sent to: an active user's, or null. */
export async function emailAddressOf(q: Queryable, publicKey: string): Promise<string | null> {
  const [row] = await q
    .select({ email: users.emailAddress })
    .from(users)
    .where(and(eq(users.publicKey, publicKey), eq(users.status, 'active')))
    .limit(1);
  return row?.email || null;
}


/**
 * A student's row for their page (issue 31): name, contacts, consultant and profile in one query,
 * when `reach` holds for them (a condition on the student's key and consultant columns).
 */
export async function studentCardRow(
  q: Queryable,
  studentKey: string,
  reach: (columns: { studentKey: SQLWrapper; consultantKey: SQLWrapper }) => SQL | undefined,
) {
  const consultant = alias(users, 'consultant');
  const [row] = await q
    .select({
      publicKey: users.publicKey,
      fullName: users.fullName,
      nickName: users.nickName,
      imageUrl: users.imageUrl,
      status: users.status,
      phoneNumber: users.phoneNumber,
      emailAddress: users.emailAddress,
      consultantKey: users.consultantKey,
      consultantName: consultant.fullName,
      profile: studentProfiles,
    })
    .from(users)
    .leftJoin(consultant, eq(consultant.publicKey, users.consultantKey))
    .leftJoin(studentProfiles, eq(studentProfiles.userKey, users.publicKey))
    .where(
      and(
        eq(users.publicKey, studentKey),
        eq(users.role, 'Student'),
        reach({ studentKey: users.publicKey, consultantKey: users.consultantKey }),
      ),
    )
    .limit(1);
  return row;
}
