import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { depositsContract, type ListQueryInput, pricesContract } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';
import { refreshFinance, useWorkflowMutation, type WorkflowCommand } from './confirmation';

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
export const ownDepositsQuery = () =>
  queryOptions({
    queryKey: financeKeys.own(undefined),
    queryFn: ({ signal }) => api.call(depositsContract.own, { query: { index: 1, size: 50 } }, { signal }),
  });

export const ownBalanceQuery = () =>
  queryOptions({
    queryKey: financeKeys.ownBalance,
    queryFn: ({ signal }) => api.call(depositsContract.ownBalance, {}, { signal }),
  });

export function useOwnDeposits() {
  return useQuery(ownDepositsQuery());
}

export function useOwnBalance() {
  return useQuery(ownBalanceQuery());
}

const c = depositsContract;

/** A deposit command: record, edit, delete, the confirmation steps, reverse. */
export function useDepositMutation<K extends WorkflowCommand>(name: K) {
  return useWorkflowMutation(c, name);
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
    queryKey: financeKeys.charges(classroomId),
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
