import { useMutation } from '@tanstack/react-query';
import type { Endpoint } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { classKeys, financeKeys } from '@/lib/query-keys';

/** The commands of a record under the confirmation workflow (deposits, transfers), as its contract names them. */
export type WorkflowCommand =
  | 'create'
  | 'edit'
  | 'delete'
  | 'confirm'
  | 'confirmByConsultant'
  | 'confirmByFinancialAdmin'
  | 'reverse';
export type WorkflowContract = Record<WorkflowCommand, Endpoint>;

/** Money moves sessions between reserved and formal: finance and classes are refreshed together. */
export async function refreshFinance() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: financeKeys.all }),
    queryClient.invalidateQueries({ queryKey: classKeys.all }),
  ]);
}

/** One command of a record under the workflow, by its name in the record's contract. */
export function useWorkflowMutation<C extends WorkflowContract, K extends WorkflowCommand>(contract: C, name: K) {
  const endpoint: C[K] = contract[name];
  return useMutation({
    mutationFn: (body: RequestBody<C[K]>) => api.callWithBody(endpoint, body),
    onSuccess: refreshFinance,
  });
}
