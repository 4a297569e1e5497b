import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type EndpointInput,
  financeExportsContract,
  type LessonType,
  type transfersContract,
} from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';
import type { ExportRun } from '../components/export-menu';
import type { ListShape } from '../lib/shown-list';

/** The exports that take a list's own where groups and order, without the page. */
type ListExport =
  | typeof financeExportsContract.exportDeposits
  | typeof financeExportsContract.exportBalances
  | typeof financeExportsContract.exportSideCosts
  | typeof financeExportsContract.exportSettlements
  | typeof financeExportsContract.exportContracts;

/** An export of exactly what a list shows: its where groups and order, without the page. */
const listExport =
  (entry: ListExport) =>
  (list: ListShape): ExportRun =>
  (format, onProgress) =>
    api.download(entry, { body: { format, where: list.where ?? [], order: list.order ?? [] } }, onProgress);

export const exportDeposits = listExport(financeExportsContract.exportDeposits);
export const exportBalances = listExport(financeExportsContract.exportBalances);
// issue 28: side costs, settlements and contracts; teachers' balance takes the sums' lesson type
export const exportSideCosts = listExport(financeExportsContract.exportSideCosts);
export const exportSettlements = listExport(financeExportsContract.exportSettlements);
export const exportContracts = listExport(financeExportsContract.exportContracts);

/** Each teacher's earned, paid and unpaid as the all-teachers sums show them (every lesson type unless one is given). */
export const exportTeachersBalance =
  (lessonType?: LessonType): ExportRun =>
  (format, onProgress) =>
    api.download(financeExportsContract.exportTeachersBalance, { query: { format, lessonType } }, onProgress);

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
export const ownTransfersQuery = () =>
  queryOptions({
    queryKey: financeKeys.ownTransfers,
    queryFn: ({ signal }) =>
      api.call(financeExportsContract.ownTransfers, { query: { index: 1, size: 50 } }, { signal }),
  });

export function useOwnTransfers() {
  return useQuery(ownTransfersQuery());
}
