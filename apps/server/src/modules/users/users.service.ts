import {
  assignableRoles,
  type EditUserBody,
  type MessageKey,
  type RegisterUserBody,
  type ResetPasswordBody,
  type Role,
  roles,
  userScopeOf,
} from '@tutoria/shared';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { writeAudit } from '../../db/audit.ts';
import { databaseError, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION } from '../../db/errors.ts';
import type { users } from '../../db/schema/users.ts';
import { AppError, duplicateField } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuthService } from '../auth/auth.module.ts';
import { accountChange, guardLastAdmin, saved, validation } from './account-change.ts';
import { createUserAccess } from './user-access.ts';
import type { UserImageStore } from './user-images.ts';
import { createUserReads } from './user-reads.service.ts';
import { createUserStatusCommands } from './user-status.service.ts';
import { diff, profileValues, snapshot } from './users.mapping.ts';
import * as repo from './users.repo.ts';

/**
 * A check another module adds: the message key naming records the user owns (classrooms,
 * deposits…) that forbid deleting them, or null. Deleting is then refused with a hint to archive.
 */
export type OwnedRecordsCheck = (
  q: Queryable,
  user: { publicKey: string; role: Role },
) => Promise<MessageKey | null>;

export interface UsersDeps {
  db: Db;
  transaction: RunInTransaction;
  config: Config;
  auth: AuthService;
  images: UserImageStore;
  ownedRecords?: OwnedRecordsCheck[];
}

export type UsersService = ReturnType<typeof createUsersService>;

const uniqueConstraintField: Record<string, 'userName' | 'emailAddress' | 'phoneNumber'> = {
  users_user_name_unique: 'userName',
  users_email_unique: 'emailAddress',
  users_phone_unique: 'phoneNumber',
};

/**
 * The users service: creating, editing, resetting a password and deleting here; archiving,
 * disabling and extra permissions in `user-status.service.ts`; its reads in `user-reads.service.ts`;
 * who may see and change whom in `user-access.ts`; what the commands share in `account-change.ts`.
 */
export function createUsersService(deps: UsersDeps) {
  const { db, transaction, config, auth, images } = deps;
  const ownedRecords = [...(deps.ownedRecords ?? [])];
  const access = createUserAccess();
  const { details, manageable } = access;
  const changingAccount = accountChange(transaction, auth);

  /** What the user owns that keeps them from being deleted: their students, and each area's records. */
  async function ownedRecordsOf(q: Queryable, target: { publicKey: string; role: Role }): Promise<MessageKey[]> {
    const owned: MessageKey[] = [];
    if ((await repo.studentCountOf(q, target.publicKey)) > 0) owned.push('recordStudents');
    for (const check of ownedRecords) {
      const key = await check(q, target);
      if (key) owned.push(key);
    }
    return owned;
  }

  async function assertUnique(
    tx: Queryable,
    values: { userName?: string; emailAddress?: string | null; phoneNumber?: string | null },
    exceptKey?: string,
  ) {
    const taken = await repo.takenFields(tx, values, exceptKey);
    if (taken.length)
      throw new AppError('FAILED_VALIDATION', {
        fields: taken.map((field) => ({ field, key: 'duplicate' as const })),
      });
  }

  async function assertConsultant(tx: Queryable, consultantKey: string) {
    if (!(await repo.findActiveConsultant(tx, consultantKey)))
      throw validation('consultant', 'consultantNotValid');
  }

  async function assertImage(imageUrl: string | null | undefined) {
    if (imageUrl && !(await images.exists(imageUrl))) throw validation('imageUrl', 'imageNotFound');
  }

  /** A unique index that won a race against the pre-check still answers with the field's name. */
  function mapWriteError(error: unknown): never {
    const { code, constraint } = databaseError(error);
    if (code === UNIQUE_VIOLATION && constraint && uniqueConstraintField[constraint])
      throw duplicateField(uniqueConstraintField[constraint]);
    throw error;
  }

  return {
    ...createUserReads({ db, config, access, ownedRecordsOf }),
    ...createUserStatusCommands({ transaction, auth, access }),

    /** Another module names records a user owns that forbid deleting them. */
    registerOwnedRecordsCheck(check: OwnedRecordsCheck) {
      ownedRecords.push(check);
    },

    async register(caller: SessionUser, body: RegisterUserBody) {
      if (!assignableRoles(caller, roles).includes(body.role)) {
        const key: MessageKey | undefined =
          userScopeOf(caller.role) === 'consultant'
            ? 'consultantOwnStudents'
            : body.role === 'Admin'
              ? 'adminManagedByAdmin'
              : undefined;
        throw new AppError('ACCESS_DENIED', key ? { text: { key } } : {});
      }
      const isStudent = body.role === 'Student';
      let consultantKey = body.consultant ?? null;
      if (!isStudent && consultantKey) throw validation('consultant', 'consultantOnlyForStudents');
      if (!isStudent && body.studentProfile)
        throw validation('studentProfile', 'studentProfileOnlyForStudents');
      if (userScopeOf(caller.role) === 'consultant') {
        consultantKey ??= caller.publicKey;
        if (consultantKey !== caller.publicKey) throw validation('consultant', 'consultantOwnStudents');
      }
      await assertImage(body.imageUrl);
      const passwordHash = await hashPassword(body.password);
      try {
        return await transaction(async (tx) => {
          await assertUnique(tx, body);
          if (consultantKey) await assertConsultant(tx, consultantKey);
          const row = await repo.insertUser(tx, {
            userName: body.userName,
            fullName: body.fullName,
            nickName: body.nickName || null,
            role: body.role,
            baseType: body.baseType ?? null,
            phoneNumber: body.phoneNumber || null,
            emailAddress: body.emailAddress || null,
            consultantKey,
            imageUrl: body.imageUrl ?? null,
            passwordHash,
          });
          if (isStudent)
            await repo.upsertProfile(tx, row.publicKey, profileValues(body.studentProfile ?? {}));
          const created = (await details(tx, row.publicKey))!;
          await writeAudit(tx, {
            actorKey: caller.publicKey,
            action: 'user.create',
            entity: 'user',
            entityId: row.publicKey,
            after: snapshot(created),
          });
          return saved('userCreated', created);
        });
      } catch (error) {
        return mapWriteError(error);
      }
    },

    async edit(caller: SessionUser, body: EditUserBody) {
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      await assertImage(body.imageUrl);
      try {
        return await changingAccount(body.publicKey, async (tx) => {
          const target = await manageable(tx, caller, body.publicKey);
          const isSelf = target.publicKey === caller.publicKey;
          const role = body.role ?? target.role;
          if (role !== target.role) {
            if (isSelf) throw validation('role', 'ownRole');
            if (!assignableRoles(caller, roles).includes(role)) {
              throw new AppError('ACCESS_DENIED', {
                text: {
                  key:
                    userScopeOf(caller.role) === 'consultant'
                      ? 'consultantOwnStudents'
                      : 'adminManagedByAdmin',
                },
              });
            }
            await guardLastAdmin(tx, target, () => validation('role', 'lastActiveAdmin'));
            if (
              target.role === 'AcademicConsultant' &&
              (await repo.studentCountOf(tx, target.publicKey)) > 0
            ) {
              throw validation('role', 'consultantHasStudents');
            }
          }
          const isStudent = role === 'Student';
          let consultantKey = isStudent ? target.consultant : null;
          if (!isStudent && body.consultant) throw validation('consultant', 'consultantOnlyForStudents');
          if (!isStudent && body.studentProfile)
            throw validation('studentProfile', 'studentProfileOnlyForStudents');
          if (isStudent && body.consultant !== undefined) consultantKey = body.consultant;
          if (userScopeOf(caller.role) === 'consultant' && consultantKey !== caller.publicKey) {
            throw validation('consultant', 'consultantOwnStudents');
          }
          if (consultantKey && consultantKey !== target.consultant) await assertConsultant(tx, consultantKey);

          const changes: Partial<typeof users.$inferInsert> = { role, consultantKey };
          if (body.fullName !== undefined) changes.fullName = body.fullName;
          if (body.nickName !== undefined) changes.nickName = body.nickName || null;
          if (body.userName !== undefined) changes.userName = body.userName;
          if (body.baseType !== undefined) changes.baseType = body.baseType;
          if (body.phoneNumber !== undefined) changes.phoneNumber = body.phoneNumber || null;
          if (body.emailAddress !== undefined) changes.emailAddress = body.emailAddress || null;
          if (body.imageUrl !== undefined) changes.imageUrl = body.imageUrl;
          if (changes.phoneNumber !== undefined && changes.phoneNumber !== target.phoneNumber)
            changes.phoneVerifiedAt = null;
          await assertUnique(
            tx,
            {
              userName:
                changes.userName !== undefined && changes.userName !== target.userName
                  ? changes.userName
                  : undefined,
              emailAddress: changes.emailAddress,
              phoneNumber: changes.phoneNumber,
            },
            target.publicKey,
          );
          if (passwordHash) changes.passwordHash = passwordHash;
          await repo.updateUser(tx, target.publicKey, changes);
          if (isStudent && (body.studentProfile || !target.studentProfile)) {
            await repo.upsertProfile(tx, target.publicKey, profileValues(body.studentProfile ?? {}));
          }
          if (passwordHash)
            await auth.endSessions(tx, target.publicKey, isSelf ? caller.sessionId : undefined);

          const after = (await details(tx, target.publicKey))!;
          const change = diff(snapshot(target), snapshot(after));
          if (passwordHash) change.after.password = 'changed';
          if (change.changed || passwordHash) {
            await writeAudit(tx, {
              actorKey: caller.publicKey,
              action: 'user.edit',
              entity: 'user',
              entityId: target.publicKey,
              before: change.before,
              after: change.after,
            });
          }
          return saved('userEdited', after);
        });
      } catch (error) {
        return mapWriteError(error);
      }
    },

    async resetPassword(caller: SessionUser, body: ResetPasswordBody): Promise<void> {
      const passwordHash = await hashPassword(body.password);
      await changingAccount(body.publicKey, async (tx) => {
        const target = await manageable(tx, caller, body.publicKey);
        await repo.updateUser(tx, target.publicKey, { passwordHash });
        await auth.endSessions(
          tx,
          target.publicKey,
          target.publicKey === caller.publicKey ? caller.sessionId : undefined,
        );
        await writeAudit(tx, {
          actorKey: caller.publicKey,
          action: 'user.resetPassword',
          entity: 'user',
          entityId: target.publicKey,
          after: { password: 'changed' },
        });
      });
    },

    /**
     * Deletes a user who owns nothing: a consultant with students (and, as areas arrive, a teacher
     * with classrooms, a student with deposits…) is refused with a hint to archive. Login history,
     * sessions and the Student profile go with the user; the audit log keeps the trail.
     */
    async remove(caller: SessionUser, publicKey: string): Promise<void> {
      const refuse = (key: MessageKey, records?: MessageKey[]) =>
        new AppError('DELETE_FAILED', { text: { key, values: records ? { records: { messages: records } } : {} } });
      try {
        await changingAccount(publicKey, async (tx) => {
          const target = await manageable(tx, caller, publicKey);
          if (target.publicKey === caller.publicKey) throw refuse('ownAccount');
          await guardLastAdmin(tx, target, () => refuse('lastActiveAdmin'));
          const owned = await ownedRecordsOf(tx, target);
          if (owned.length) throw refuse('userHasRecords', owned);
          await repo.deleteUser(tx, publicKey);
          await writeAudit(tx, {
            actorKey: caller.publicKey,
            action: 'user.delete',
            entity: 'user',
            entityId: publicKey,
            before: snapshot(target),
          });
        });
      } catch (error) {
        // A record of another area that points at the user (a foreign key) refuses the same way.
        if (databaseError(error).code === FOREIGN_KEY_VIOLATION)
          throw refuse('userHasRecords', ['recordOther']);
        throw error;
      }
    },

    async saveImage(buffer: Buffer, ext: Parameters<UserImageStore['save']>[1]): Promise<string> {
      return images.save(buffer, ext);
    },

    readImage: (name: string) => images.read(name),
  };
}
