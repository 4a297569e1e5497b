import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type EndpointInput, transfersContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';
import { useWorkflowMutation, type WorkflowCommand } from './confirmation';

type TransfersQuery = EndpointInput<typeof transfersContract.list>['query'];

/** One page of transfers (`transfer/getTransfers`, the GET list of SPEC §7), the previous page kept while the next loads. */
export function transfersQueryOptions(query: TransfersQuery) {
  return queryOptions({
    queryKey: financeKeys.transfers(query),
    queryFn: ({ signal }) => api.call(transfersContract.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What a student can move, per classroom (`transfer/getClassroomBalanceOfStudent`). */
export function useTransferBalance(studentPublicKey: string | null) {
  return useQuery({
    queryKey: financeKeys.transferBalance(studentPublicKey),
    queryFn: ({ signal }) =>
      api.call(transfersContract.classroomBalance, { query: { studentPublicKey: studentPublicKey ?? '' } }, { signal }),
    enabled: studentPublicKey !== null,
  });
}

/** A transfer command: record, edit, delete, the confirmation steps, reverse. */
export function useTransferMutation<K extends WorkflowCommand>(name: K) {
  return useWorkflowMutation(transfersContract, name);
}
