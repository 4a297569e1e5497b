import type { SQL } from 'drizzle-orm';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { canManageUser, scopeOf, type UserDetails } from '@tutoria/shared';
import { reachableStudents } from '../../access/reach.ts';
import { users } from '../../db/schema/users.ts';
import type { Queryable } from '../../db/client.ts';
import { toListItem, toProfile } from './users.mapping.ts';
import * as repo from './users.repo.ts';

/**
 * Who may see and change which users (DESIGN §6), shared by the users service's reads and its
 * commands. Which students a caller reaches is the reach policy's answer (`access/reach.ts`).
 */
export function createUserAccess() {
  /**
   * The users a caller may see as a condition on `users`; undefined for everyone.
   * `staffDirectory` adds every staff account for scoped staff (read-only).
   */
  function visibility(caller: SessionUser, staffDirectory: boolean): SQL | undefined {
    const students = reachableStudents(caller, users.publicKey, { consultantKey: users.consultantKey });
    if (!students) return undefined;
    return repo.visibleUsers({ callerKey: caller.publicKey, students, staffDirectory });
  }

  /**
   * The rows whose private columns the caller may not read (`staffContacts: 'none'`): other staff
   * members. The caller's own record and the students in their scope stay whole.
   */
  function hiddenFrom(caller: SessionUser): SQL | undefined {
    if (scopeOf(caller.role).staffContacts === 'all') return undefined;
    return repo.otherStaff(caller.publicKey);
  }

  async function details(
    q: Queryable,
    publicKey: string,
    scope?: SQL,
    hidden?: SQL,
  ): Promise<UserDetails | null> {
    const row = await repo.findUserRow(q, publicKey, scope, hidden);
    if (!row) return null;
    const item = toListItem(row);
    const profile = item.role === 'Student' ? await repo.findProfile(q, publicKey) : undefined;
    return { ...item, studentProfile: profile ? toProfile(profile) : null };
  }

  /**
   * The user a caller wants to change, locked for the transaction. Out of sight: not found (as if
   * it did not exist); in sight but not theirs to change: refused.
   */
  async function manageable(tx: Queryable, caller: SessionUser, publicKey: string): Promise<UserDetails> {
    const target = await details(tx, publicKey, visibility(caller, true));
    if (!target) throw notFound();
    if (!canManageUser(caller, target)) {
      throw new AppError(
        'ACCESS_DENIED',
        target.role === 'Admin' ? { text: { key: 'adminManagedByAdmin' } } : {},
      );
    }
    await repo.lockUser(tx, publicKey);
    return target;
  }

  return { visibility, hiddenFrom, details, manageable };
}

export type UserAccess = ReturnType<typeof createUserAccess>;
