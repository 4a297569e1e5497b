import { useQuery } from '@tanstack/react-query';
import {
  type EndpointInput,
  financeExportsContract,
  type ListQueryInput,
  type transfersContract,
} from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';
import type { ExportRun } from '../components/export-menu';

type ListShape = Pick<ListQueryInput, 'where' | 'order'>;

/** Exports of exactly what a list shows: its where groups and order, without the page. */
export const exportDeposits =
  (list: ListShape): ExportRun =>
  (format, onProgress) =>
    api.download(
      financeExportsContract.exportDeposits,
      { body: { format, where: list.where ?? [], order: list.order ?? [] } },
      onProgress,
    );

export const exportBalances =
  (list: ListShape): ExportRun =>
  (format, onProgress) =>
    api.download(
      financeExportsContract.exportBalances,
      { body: { format, where: list.where ?? [], order: list.order ?? [] } },
      onProgress,
    );

/** The transfers list's GET query; the export reads every row, so its index and size do not matter. */
export const exportTransfers =
  (query: EndpointInput<typeof transfersContract.list>['query']): ExportRun =>
  (format, onProgress) =>
    api.download(financeExportsContract.exportTransfers, { query: { ...query, format } }, onProgress);

/** What the student owes for the class now, beside the deposit form (both chosen). */
export function useDepositGuide(studentPublicKey: string | null, classroomId: string | null) {
  return useQuery({
    queryKey: financeKeys.guide(studentPublicKey, classroomId),
    queryFn: ({ signal }) =>
      api.call(
        financeExportsContract.guide,
        { query: { studentPublicKey: studentPublicKey ?? '', classroomId: classroomId ?? '' } },
        { signal },
      ),
    enabled: Boolean(studentPublicKey && classroomId),
    retry: false,
  });
}

/** The signed-in student's own transfers. */
export function useOwnTransfers() {
  return useQuery({
    queryKey: financeKeys.ownTransfers,
    queryFn: ({ signal }) =>
      api.call(financeExportsContract.ownTransfers, { query: { index: 1, size: 50 } }, { signal }),
  });
}
