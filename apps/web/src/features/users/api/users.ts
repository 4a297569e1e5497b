import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ArchiveUserBody,
  type DisableUserBody,
  type EditUserInput,
  type ListQueryInput,
  type RegisterUserInput,
  type Role,
  type SetPermissionsBody,
  usersContract,
} from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { authKeys, usersKeys } from '@/lib/query-keys';

const c = usersContract;

export function usersListQuery(body: ListQueryInput, ignoreRoleFilter: boolean) {
  return queryOptions({
    queryKey: usersKeys.list(body, ignoreRoleFilter),
    queryFn: ({ signal }) => api.call(c.list, { query: { ignoreRoleFilter }, body }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetails(publicKey: string | null) {
  return useQuery({
    queryKey: usersKeys.details(publicKey),
    queryFn: ({ signal }) => api.call(c.get, { query: { publicKey: publicKey! } }, { signal }),
    enabled: publicKey !== null,
    // Forgotten as soon as the form closes, so the next edit always starts from the stored record.
    gcTime: 0,
    staleTime: 0,
  });
}

export function useConsultants(enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.consultants,
    queryFn: ({ signal }) => api.call(c.consultants, { body: {} }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** People to pick from, by role and name (the pickers of other areas). */
export function usePeople(role: Role, search: string) {
  return useQuery({
    queryKey: usersKeys.picker(role, search),
    queryFn: ({ signal }) =>
      api.call(
        c.byRoleAndBaseType,
        { body: { roles: [role], fullName: search, index: 1, size: 50 } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** How many users of each role are active and disabled (the dashboard's chart). */
export const roleCountsQuery = () =>
  queryOptions({
    queryKey: usersKeys.counts,
    queryFn: ({ signal }) => api.call(c.countOfEachRole, undefined, { signal }),
  });

export function useRoleCounts() {
  return useQuery(roleCountsQuery());
}

export function useLoginHistory(publicKey: string | null, page: number, size: number) {
  return useQuery({
    queryKey: usersKeys.loginHistory(publicKey, page, size),
    queryFn: ({ signal }) =>
      api.call(c.loginHistory, { query: { publicKey: publicKey!, index: page, size } }, { signal }),
    enabled: publicKey !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAuditTrail(publicKey: string | null, page: number, size: number) {
  return useQuery({
    queryKey: usersKeys.audit(publicKey, page, size),
    queryFn: ({ signal }) =>
      api.call(c.auditTrail, { query: { publicKey: publicKey!, index: page, size } }, { signal }),
    enabled: publicKey !== null,
    placeholderData: keepPreviousData,
  });
}

/** A change to any user refreshes every users query (and the signed-in user, who may be the one changed). */
function useUsersMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: usersKeys.all });
      await client.invalidateQueries({ queryKey: authKeys.user });
    },
  });
}

export const useRegisterUser = () =>
  useUsersMutation((body: RegisterUserInput) => api.call(c.register, { body }));
export const useEditUser = () => useUsersMutation((body: EditUserInput) => api.call(c.edit, { body }));
export const useResetPassword = () =>
  useUsersMutation((body: { publicKey: string; password: string; confirmPassword: string }) =>
    api.call(c.resetPassword, { body }),
  );
export const useDeleteUser = () =>
  useUsersMutation((publicKey: string) => api.call(c.delete, { body: { publicKey } }));
export const useArchiveUser = () =>
  useUsersMutation((body: ArchiveUserBody) => api.call(c.archive, { body }));
export const useDisableUser = () =>
  useUsersMutation((body: DisableUserBody) => api.call(c.disable, { body }));
export const useSetPermissions = () =>
  useUsersMutation((body: SetPermissionsBody) => api.call(c.setPermissions, { body }));
