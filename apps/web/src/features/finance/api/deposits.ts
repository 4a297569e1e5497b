import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { depositsContract, type ListQueryInput, pricesContract } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export const financeKeys = {
  all: ['finance'] as const,
  deposits: (query: ListQueryInput) => ['finance', 'deposits', query] as const,
  sums: (where: unknown) => ['finance', 'sums', where] as const,
  own: (isConfirmed: boolean | undefined) => ['finance', 'own', isConfirmed] as const,
  ownBalance: ['finance', 'ownBalance'] as const,
  history: (depositId: string) => ['finance', 'history', depositId] as const,
};

/** One page of deposits (`deposit/getAll`), the previous page kept on screen while the next loads. */
export function depositsQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: financeKeys.deposits(query),
    queryFn: ({ signal }) => api.call(depositsContract.list, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The sums of what the list shows (its filters, every page). */
export function useDepositSums(where: ListQueryInput['where']) {
  return useQuery({
    queryKey: financeKeys.sums(where),
    queryFn: ({ signal }) => api.call(depositsContract.sums, { body: { where } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDepositHistory(depositId: string | null) {
  return useQuery({
    queryKey: financeKeys.history(depositId ?? ''),
    queryFn: ({ signal }) => api.call(depositsContract.history, { query: { depositId: depositId ?? '' } }, { signal }),
    enabled: depositId !== null,
  });
}

/** The signed-in student's own deposits and balance. */
export function useOwnDeposits() {
  return useQuery({
    queryKey: financeKeys.own(undefined),
    queryFn: ({ signal }) => api.call(depositsContract.own, { query: { index: 1, size: 50 } }, { signal }),
  });
}

export function useOwnBalance() {
  return useQuery({
    queryKey: financeKeys.ownBalance,
    queryFn: ({ signal }) => api.call(depositsContract.ownBalance, {}, { signal }),
  });
}

/** Money moves sessions between reserved and formal: finance and classes are refreshed together. */
async function refreshFinance() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: financeKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['classes'] }),
  ]);
}

const c = depositsContract;
const mutations = {
  create: (body: RequestBody<typeof c.create>) => api.call(c.create, { body }),
  edit: (body: RequestBody<typeof c.edit>) => api.call(c.edit, { body }),
  delete: (body: RequestBody<typeof c.delete>) => api.call(c.delete, { body }),
  confirm: (body: RequestBody<typeof c.confirm>) => api.call(c.confirm, { body }),
  confirmByConsultant: (body: RequestBody<typeof c.confirmByConsultant>) => api.call(c.confirmByConsultant, { body }),
  confirmByFinancialAdmin: (body: RequestBody<typeof c.confirmByFinancialAdmin>) =>
    api.call(c.confirmByFinancialAdmin, { body }),
  reverse: (body: RequestBody<typeof c.reverse>) => api.call(c.reverse, { body }),
};
export type DepositMutation = keyof typeof mutations;

export function useDepositMutation<K extends DepositMutation>(name: K) {
  return useMutation({
    mutationFn: mutations[name] as (body: Parameters<(typeof mutations)[K]>[0]) => ReturnType<(typeof mutations)[K]>,
    onSuccess: refreshFinance,
  });
}

/** Records a deposit, or edits one (a body with its id), answering it: the form attaches its receipt to it next. */
export function useSaveDeposit() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof c.create> | RequestBody<typeof c.edit>) =>
      'depositId' in body ? api.call(c.edit, { body }) : api.call(c.create, { body }),
    onSuccess: refreshFinance,
  });
}

/** Per student of a class: paid, used, remaining, hours, reserved; the finance warning. */
export function useClassroomCharges(classroomId: string) {
  return useQuery({
    queryKey: [...financeKeys.all, 'charges', classroomId],
    queryFn: ({ signal }) => api.call(depositsContract.classroomCharges, { query: { classroomId } }, { signal }),
    meta: { silent: true },
  });
}

export function useEditStudentsCost() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof pricesContract.editStudentsCost>) =>
      api.call(pricesContract.editStudentsCost, { body }),
    onSuccess: refreshFinance,
  });
}

export function useFixReservation() {
  return useMutation({
    mutationFn: (classroomId: string) => api.call(depositsContract.fixConfirmation, { body: { classroomId } }),
    onSuccess: refreshFinance,
  });
}
