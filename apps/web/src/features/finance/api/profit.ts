import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConsultantClassesQuery,
  type ListQueryInput,
  profitContract,
  type ProfitPeriod,
  type SetConsultantShareBody,
} from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';

const c = profitContract;
const keys = financeKeys.profit;

/** One page of every class's profit in a period (`classroom/getClassroomsProfit`). */
export function classesProfitQueryOptions(body: ListQueryInput & ProfitPeriod) {
  return queryOptions({
    queryKey: keys.classes(body),
    queryFn: ({ signal }) => api.call(c.classes, { body }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The sessions behind one class's figure (asked for when a row opens). */
export function useClassProfitSessions(query: (ProfitPeriod & { classroomId: string }) | null) {
  return useQuery({
    queryKey: keys.classSessions(query),
    queryFn: ({ signal }) => api.call(c.classSessions, { query: query! }, { signal }),
    enabled: query !== null,
  });
}

/** Every academic consultant's profit and share in a period. */
export function useConsultantsProfit(period: ProfitPeriod) {
  return useQuery({
    queryKey: keys.consultants(period),
    queryFn: ({ signal }) => api.call(c.consultants, { query: period }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The classes behind one consultant's figure (asked for when their dialog opens). */
export function useConsultantClasses(query: ConsultantClassesQuery | null) {
  return useQuery({
    queryKey: keys.consultantClasses(query),
    queryFn: ({ signal }) => api.call(c.consultantClasses, { query: query! }, { signal }),
    enabled: query !== null,
  });
}

/** Sets a consultant's share; the consultants' figures are asked for again. */
export function useSetConsultantShare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetConsultantShareBody) => api.call(c.setShare, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
