import { baseType, type CurrentUser, role, usersContract, userScopeOf } from '@tutoria/shared';
import { z } from 'zod';
import { ensureCurrentUser } from '@/features/auth';
import { defineServerList, listLoader } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import { equal, listParam, NEWEST_FIRST } from '@/lib/list-params';
import { usersListQuery } from '../api/users';

const SEARCH_COLUMNS = ['fullName', 'nickName', 'userName', 'phoneNumber', 'emailAddress'] as const;

/** Pages of up to 200 users (issue 31): the table draws only the rows in view (`virtualize`). */
export const USERS_PAGE_SIZES = [10, 20, 50, 100, 200] as const;

const userFilters = z.object({
  role: listParam.choice(role),
  baseType: listParam.choice(baseType),
  archived: listParam.flag(),
  /** Scoped staff only: list the staff directory beside their own students (`ignoreRoleFilter`). */
  staff: listParam.flag(),
});

/** The users table (SPEC §2 Users): search, role, base type, archived or live, and the staff directory. */
export function usersListOptions(me: CurrentUser) {
  const scoped = userScopeOf(me.role) !== 'all';
  return defineServerList({
    name: 'users',
    filters: userFilters,
    searchColumns: SEARCH_COLUMNS,
    pageSizes: USERS_PAGE_SIZES,
    defaultSort: NEWEST_FIRST,
    columns: usersContract.list.listColumns,
    where: (filters) => [
      equal('role', filters.role),
      equal('baseType', filters.baseType),
      // Archived users are a list of their own, never mixed with the live ones.
      [{ column: 'archived', comparison: 'Equal', operand: filters.archived }],
    ],
    query: (body, filters) => usersListQuery(body, scoped && filters.staff),
  });
}

export function useUsersList(me: CurrentUser) {
  return useServerList(usersListOptions(me));
}

/** The users page's loader: its first page of users is asked for while the page's code arrives. */
export const usersPageLoader = listLoader(async () => usersListOptions(await ensureCurrentUser()));

export type UsersList = ReturnType<typeof useUsersList>;
