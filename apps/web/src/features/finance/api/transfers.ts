import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { type EndpointInput, transfersContract } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { financeKeys } from './deposits';

type TransfersQuery = EndpointInput<typeof transfersContract.list>['query'];

/** One page of transfers (`transfer/getTransfers`, the GET list of SPEC §7), the previous page kept while the next loads. */
export function transfersQueryOptions(query: TransfersQuery) {
  return queryOptions({
    queryKey: [...financeKeys.all, 'transfers', query] as const,
    queryFn: ({ signal }) => api.call(transfersContract.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What a student can move, per classroom (`transfer/getClassroomBalanceOfStudent`). */
export function useTransferBalance(studentPublicKey: string | null) {
  return useQuery({
    queryKey: [...financeKeys.all, 'transferBalance', studentPublicKey] as const,
    queryFn: ({ signal }) =>
      api.call(transfersContract.classroomBalance, { query: { studentPublicKey: studentPublicKey ?? '' } }, { signal }),
    enabled: studentPublicKey !== null,
  });
}

const c = transfersContract;
const mutations = {
  create: (body: RequestBody<typeof c.create>) => api.call(c.create, { body }),
  edit: (body: RequestBody<typeof c.edit>) => api.call(c.edit, { body }),
  delete: (body: RequestBody<typeof c.delete>) => api.call(c.delete, { body }),
  confirm: (body: RequestBody<typeof c.confirm>) => api.call(c.confirm, { body }),
  confirmByConsultant: (body: RequestBody<typeof c.confirmByConsultant>) => api.call(c.confirmByConsultant, { body }),
  confirmByFinancialAdmin: (body: RequestBody<typeof c.confirmByFinancialAdmin>) => api.call(c.confirmByFinancialAdmin, { body }),
  reverse: (body: RequestBody<typeof c.reverse>) => api.call(c.reverse, { body }),
};
export type TransferMutation = keyof typeof mutations;

/** Money moves sessions between reserved and formal in two classes: finance and classes are refreshed together. */
export function useTransferMutation<K extends TransferMutation>(name: K) {
  return useMutation({
    mutationFn: mutations[name] as (body: Parameters<(typeof mutations)[K]>[0]) => ReturnType<(typeof mutations)[K]>,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financeKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['classes'] }),
      ]),
  });
}
