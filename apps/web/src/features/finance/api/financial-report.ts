import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FinancialReportQuery, financialReportContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { financeKeys } from '@/lib/query-keys';
import type { ExportRun } from '../components/export-menu';

/** Under finance's key, so any payment, reversal or settlement refreshes the report. */
const reportKey = (query: FinancialReportQuery) => [...financeKeys.all, 'financialReport', query] as const;

/** The financial report for a period (the server's default, this year, when none is given). */
export function useFinancialReport(query: FinancialReportQuery) {
  return useQuery({
    queryKey: reportKey(query),
    queryFn: ({ signal }) => api.call(financialReportContract.report, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The general financial report of the same period, as XLSX or CSV. */
export const exportFinancialReport =
  (query: FinancialReportQuery): ExportRun =>
  (format, onProgress) =>
    api.download(financialReportContract.export, { query: { ...query, format } }, onProgress);
