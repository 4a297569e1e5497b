import { baseType, contract, type CurrentUser, role, userScopeOf } from '@tutoria/shared';
import { z } from 'zod';
import { useServerList } from '@/hooks/use-server-list';
import { equal, listParam, NEWEST_FIRST } from '@/lib/list-params';
import { usersListQuery } from '../api/users';

const SEARCH_COLUMNS = ['fullName', 'nickName', 'userName', 'phoneNumber', 'emailAddress'] as const;

const userFilters = z.object({
  role: listParam.choice(role),
  baseType: listParam.choice(baseType),
  archived: listParam.flag(),
  /** Scoped staff only: list the staff directory beside their own students (`ignoreRoleFilter`). */
  staff: listParam.flag(),
});

/** The users table (SPEC §2 Users): search, role, base type, archived or live, and the staff directory. */
export function useUsersList(me: CurrentUser) {
  const scoped = userScopeOf(me.role) !== 'all';
  return useServerList({
    name: 'users',
    filters: userFilters,
    searchColumns: SEARCH_COLUMNS,
    defaultSort: NEWEST_FIRST,
    columns: contract.users.list.listColumns,
    where: (filters) => [
      equal('role', filters.role),
      equal('baseType', filters.baseType),
      // Archived users are a list of their own, never mixed with the live ones.
      [{ column: 'archived', comparison: 'Equal', operand: filters.archived }],
    ],
    query: (body, filters) => usersListQuery(body, scoped && filters.staff),
  });
}

export type UsersList = ReturnType<typeof useUsersList>;
