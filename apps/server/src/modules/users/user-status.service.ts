import type { ArchiveUserBody, DisableUserBody, MessageKey, SetPermissionsBody } from '@tutoria/shared';
import type { RunInTransaction } from '../../db/transaction.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { AuthService } from '../auth/auth.module.ts';
import { accountChange, guardLastAdmin, saved, validation } from './account-change.ts';
import type { UserAccess } from './user-access.ts';
import * as repo from './users.repo.ts';

/** Archiving, disabling and giving back an account, and a user's extra permissions. */
export function createUserStatusCommands({
  transaction,
  auth,
  access,
}: {
  transaction: RunInTransaction;
  auth: AuthService;
  access: UserAccess;
}) {
  const { visibility, details, manageable } = access;
  const changingAccount = accountChange(transaction, auth);

  async function changeStatus(
    caller: SessionUser,
    publicKey: string,
    change: {
      to: 'active' | 'disabled' | 'archived';
      from: readonly string[];
      action: string;
      message: MessageKey;
      endSessions: boolean;
    },
  ) {
    return changingAccount(publicKey, async (tx) => {
      const target = await manageable(tx, caller, publicKey);
      if (change.to !== 'active' && target.publicKey === caller.publicKey) {
        throw new AppError('UPDATE_FAILED', { text: { key: 'ownAccount' } });
      }
      if (!change.from.includes(target.status)) {
        if (target.status === change.to) return saved(change.message, target);
        throw new AppError('UPDATE_FAILED', { text: { key: 'userIsArchived' } });
      }
      if (change.to !== 'active')
        await guardLastAdmin(
          tx,
          target,
          () => new AppError('UPDATE_FAILED', { text: { key: 'lastActiveAdmin' } }),
        );
      await repo.updateUser(tx, publicKey, { status: change.to });
      if (change.endSessions) await auth.endSessions(tx, publicKey);
      await writeAudit(tx, {
        actorKey: caller.publicKey,
        action: change.action,
        entity: 'user',
        entityId: publicKey,
        before: { status: target.status },
        after: { status: change.to },
      });
      return saved(change.message, (await details(tx, publicKey))!);
    });
  }

  return {
    archive(caller: SessionUser, body: ArchiveUserBody) {
      return body.archived
        ? changeStatus(caller, body.publicKey, {
            to: 'archived',
            from: ['active', 'disabled'],
            action: 'user.archive',
            message: 'userArchived',
            endSessions: true,
          })
        : changeStatus(caller, body.publicKey, {
            to: 'active',
            from: ['archived'],
            action: 'user.restore',
            message: 'userRestored',
            endSessions: false,
          });
    },

    disable(caller: SessionUser, body: DisableUserBody) {
      return body.disabled
        ? changeStatus(caller, body.publicKey, {
            to: 'disabled',
            from: ['active'],
            action: 'user.disable',
            message: 'userDisabled',
            endSessions: true,
          })
        : changeStatus(caller, body.publicKey, {
            to: 'active',
            from: ['disabled'],
            action: 'user.enable',
            message: 'userEnabled',
            endSessions: false,
          });
    },

    async setPermissions(caller: SessionUser, body: SetPermissionsBody) {
      return changingAccount(body.publicKey, async (tx) => {
        const target = await details(tx, body.publicKey, visibility(caller, true));
        if (!target) throw notFound();
        if (target.publicKey === caller.publicKey) throw validation('permissions', 'ownPermissions');
        if (target.role === 'Admin' && caller.role !== 'Admin')
          throw new AppError('ACCESS_DENIED', { text: { key: 'adminManagedByAdmin' } });
        await repo.lockUser(tx, body.publicKey);
        const permissions = [...new Set(body.permissions)].sort();
        await repo.updateUser(tx, body.publicKey, { extraPermissions: permissions });
        const before = [...target.extraPermissions].sort();
        if (JSON.stringify(before) !== JSON.stringify(permissions)) {
          await writeAudit(tx, {
            actorKey: caller.publicKey,
            action: 'user.setPermissions',
            entity: 'user',
            entityId: body.publicKey,
            before: { extraPermissions: before },
            after: { extraPermissions: permissions },
          });
        }
        return saved('userPermissionsSaved', (await details(tx, body.publicKey))!);
      });
    },
  };
}
