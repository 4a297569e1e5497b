import type { MessageKey, UserDetails } from '@tutoria/shared';
import type { Queryable, Tx } from '../../db/client.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthService } from '../auth/auth.module.ts';
import * as repo from './users.repo.ts';

/** What the users service's commands share: their refusals, their answer and their transaction. */

export const validation = (field: string, key: MessageKey, values?: Record<string, string | number>) =>
  new AppError('FAILED_VALIDATION', { fields: [{ field, key, values }] });

/** What a change answers: the saved user and the success message's key (the route says it). */
export const saved = (messageKey: MessageKey, user: UserDetails) => ({ messageKey, user });

/** Refuses a change that would leave the centre without an active Admin. */
export async function guardLastAdmin(
  tx: Queryable,
  target: UserDetails,
  refuse: () => AppError,
): Promise<void> {
  if (target.role !== 'Admin' || target.status !== 'active') return;
  if ((await repo.otherActiveAdmins(tx, target.publicKey)) === 0) throw refuse();
}

/**
 * One transaction that changes a user's account; once it committed, their sessions are looked up
 * afresh on the next request in every process (the session cache, docs/decisions.md). Two Admins
 * demoting each other lock each other's rows in opposite order; PostgreSQL ends one with a
 * deadlock and it runs again, then meeting the last-Admin rule.
 */
export function accountChange(transaction: RunInTransaction, auth: AuthService) {
  return async function changingAccount<T>(publicKey: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await transaction(work);
    await auth.forgetSessions(publicKey);
    return result;
  };
}
