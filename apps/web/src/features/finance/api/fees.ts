import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  debtorsContract,
  type ListQueryInput,
  sideCostsContract,
  teacherFeesContract,
  teacherSalaryContract,
} from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { classKeys, financeKeys } from '@/lib/query-keys';

/** One page of teacher fees (`teacherFee/getAll`), the previous page kept on screen while the next loads. */
export function teacherFeesQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: financeKeys.fees.list(query),
    queryFn: ({ signal }) => api.call(teacherFeesContract.list, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refreshFees = () => queryClient.invalidateQueries({ queryKey: financeKeys.fees.all });

export function useUpsertTeacherFee() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof teacherFeesContract.upsert>) => api.call(teacherFeesContract.upsert, { body }),
    onSuccess: refreshFees,
  });
}

export function useDeleteTeacherFee() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof teacherFeesContract.delete>) => api.call(teacherFeesContract.delete, { body }),
    onSuccess: refreshFees,
  });
}

/** A class's teacher salary per hour (or the fee it starts from); 404 for those who may not see it. */
export function useTeacherSalary(classroomId: string) {
  return useQuery({
    queryKey: financeKeys.fees.salary(classroomId),
    queryFn: ({ signal }) => api.call(teacherSalaryContract.get, { query: { classroomId } }, { signal }),
    meta: { silent: true },
  });
}

export function useEditTeacherSalary() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof teacherSalaryContract.edit>) => api.call(teacherSalaryContract.edit, { body }),
    onSuccess: refreshFees,
  });
}

/** The side costs of a class's students in reach. */
export function useSideCosts(classroomId: string) {
  return useQuery({
    queryKey: financeKeys.sideCosts(classroomId),
    queryFn: ({ signal }) => api.call(sideCostsContract.list, { query: { classroomId } }, { signal }),
    meta: { silent: true },
  });
}

/** Side costs are charged to the credit: balances and the reserved / formal split change too. */
export function useUpsertSideCosts() {
  return useMutation({
    mutationFn: (body: RequestBody<typeof sideCostsContract.upsert>) => api.call(sideCostsContract.upsert, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financeKeys.all }),
        queryClient.invalidateQueries({ queryKey: classKeys.all }),
      ]),
  });
}

/** One page of students' balances (`deposit/getStudentsBalances`; `owes` = true: the debtors). */
export function balancesQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: financeKeys.balances(query),
    queryFn: ({ signal }) => api.call(debtorsContract.balances, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
