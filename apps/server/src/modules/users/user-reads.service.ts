import { and } from 'drizzle-orm';
import {
  ALL_ROWS,
  type AuditEntry,
  browserName,
  canManageUser,
  contract,
  type ListQuery,
  type LoginHistory,
  type MessageKey,
  type Role,
  type RoleCounts,
  roles,
  type UserDetails,
  type UserListItem,
  type UsersByRoleBody,
  userScopeOf,
} from '@tutoria/shared';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { auditCount, auditPage } from '../../db/audit.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { columnsFor, compileListQuery, finishPage } from '../../http/list-query.ts';
import { toEpoch } from '../../lib/time.ts';
import { loginHistory } from '../auth/auth.module.ts';
import type { UserAccess } from './user-access.ts';
import { toListItem } from './users.mapping.ts';
import * as repo from './users.repo.ts';

interface UserReadsDeps {
  db: Db;
  config: Config;
  access: UserAccess;
  /** What a user owns that keeps them from being deleted (the owned-records checks). */
  ownedRecordsOf: (q: Queryable, user: { publicKey: string; role: Role }) => Promise<MessageKey[]>;
}

/** What the users service answers without changing anything: lists, counts, a user, their trails. */
export function createUserReads({ db, config, access, ownedRecordsOf }: UserReadsDeps) {
  const { visibility, hiddenFrom, details } = access;
  const listColumns = columnsFor(contract.users.list, repo.userColumnSql);

  return {
    async list(
      caller: SessionUser,
      query: ListQuery,
      ignoreRoleFilter: boolean,
    ): Promise<{ data: UserListItem[]; totalCount: number }> {
      const hidden = hiddenFrom(caller);
      const columns = hidden
        ? columnsFor(contract.users.list, { ...repo.userColumnSql, ...repo.privateColumns(hidden).columns })
        : listColumns;
      const compiled = compileListQuery(query, {
        columns,
        tiebreaker: users.publicKey,
        allCap: config.listAllCap,
        notNull: repo.userColumnsNotNull,
      });
      const scope = visibility(caller, ignoreRoleFilter);
      const rows = await repo.listUsers(db, compiled, scope, hidden);
      const page = await finishPage(rows, compiled, () => repo.countUsers(db, and(scope, compiled.where)));
      return { data: page.data.map(toListItem), totalCount: page.totalCount };
    },

    async byRoleAndBaseType(caller: SessionUser, body: UsersByRoleBody) {
      const all = body.size === ALL_ROWS;
      if (all && body.index !== 1)
        throw new AppError('INVALID_QUERY', {
          text: { key: 'listOperandInvalid', values: { column: 'index' } },
        });
      const limit = all ? config.listAllCap + 1 : body.size;
      const offset = all ? 0 : (body.index - 1) * body.size;
      const { rows, where } = await repo.usersByRoleAndBaseType(db, {
        roles: body.roles,
        baseTypes: body.baseTypes,
        fullName: body.fullName,
        limit,
        offset,
        scope: visibility(caller, true),
        hidden: hiddenFrom(caller),
      });
      const page = await finishPage(rows, { isAll: all, cap: config.listAllCap, offset }, () =>
        repo.countUsers(db, where),
      );
      return { data: page.data.map(toListItem), totalCount: page.totalCount };
    },

    async consultants(fullName: string | undefined) {
      return repo.consultants(db, fullName);
    },

    async countOfEachRole(caller: SessionUser): Promise<RoleCounts> {
      const scope = visibility(caller, true);
      const rows = await repo.countsByRoleAndStatus(db, scope);
      const counts = roles.map((role) => {
        const of = (status: string) => rows.find((r) => r.role === role && r.status === status)?.n ?? 0;
        const active = of('active');
        const disabled = of('disabled');
        const archived = of('archived');
        return { role, active, disabled, archived, total: active + disabled + archived };
      });
      return {
        roles: counts,
        total: counts.reduce((sum, c) => sum + c.total, 0),
        studentsWithoutConsultant: await repo.studentsWithoutConsultant(db, scope),
      };
    },

    /**
     * One user. For one the caller may delete (theirs to manage, not themselves), also what they
     * own that would refuse it (issue 27), so the screens offer deleting only when it will work.
     */
    async get(caller: SessionUser, publicKey: string): Promise<UserDetails & { ownedRecords: MessageKey[] | null }> {
      const user = await details(db, publicKey, visibility(caller, true), hiddenFrom(caller));
      if (!user) throw notFound();
      const deletable = canManageUser(caller, user) && user.publicKey !== caller.publicKey;
      return { ...user, ownedRecords: deletable ? await ownedRecordsOf(db, user) : null };
    },

    async loginHistory(
      caller: SessionUser,
      query: { publicKey: string; index: number; size: number },
    ): Promise<LoginHistory> {
      const user = await repo.findUserRow(db, query.publicKey, visibility(caller, false));
      if (!user) throw notFound();
      const offset = (query.index - 1) * query.size;
      const rows = await loginHistory.page(db, query.publicKey, query.size, offset);
      const totalCount =
        rows[0]?.totalCount ?? (offset > 0 ? await loginHistory.count(db, query.publicKey) : 0);
      const last = await loginHistory.lastSuccessfulLogin(db, query.publicKey);
      return {
        lastLogin: last ? toEpoch(last) : null,
        totalCount,
        data: rows.map((r) => ({
          at: toEpoch(r.at),
          success: r.success,
          ip: r.ip,
          userAgent: r.userAgent,
          browser: browserName(r.userAgent),
        })),
      };
    },

    async auditTrail(caller: SessionUser, query: { publicKey: string; index: number; size: number }) {
      const offset = (query.index - 1) * query.size;
      const visible = await repo.findUserRow(db, query.publicKey, visibility(caller, true));
      // A deleted user's trail stays readable to those who may read audits of everyone.
      if (!visible && userScopeOf(caller.role) !== 'all') throw notFound();
      const rows = await auditPage(db, 'user', query.publicKey, query.size, offset);
      if (!visible && rows.length === 0 && offset === 0) throw notFound();
      const totalCount =
        rows[0]?.totalCount ?? (offset > 0 ? await auditCount(db, 'user', query.publicKey) : 0);
      const asRecord = (v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
      const data: AuditEntry[] = rows.map((r) => ({
        id: r.id,
        at: toEpoch(r.at),
        action: r.action,
        actor: r.actorKey ? { publicKey: r.actorKey, fullName: r.actorName ?? '' } : null,
        before: asRecord(r.before),
        after: asRecord(r.after),
      }));
      return { data, totalCount };
    },
  };
}
