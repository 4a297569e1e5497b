import {
  type ExportFormat,
  type FinancialReport,
  type FinancialReportQuery,
  type Language,
  paymentMethods,
} from '@tutoria/shared';
import { sheetContentTypes, sheetStream } from '../../lib/sheet-stream.ts';
import type { ModuleContext } from '../module.ts';
import type { ExportFile } from './exports.service.ts';
import { reportColumns, reportSheetName, reportSheetRows } from './financial-report-columns.ts';
import { balancesAtEnd, type FlowRow, flows, monthsOf, type ReportPeriod } from './financial-report.repo.ts';
import { moneyPlaces } from './money-units.ts';

export type FinancialReportService = ReturnType<typeof createFinancialReportService>;

/** Numbers from decimal strings only at the edge (as `views.ts`). */
const num = Number;

/**
 * The financial report (docs/finance.md "Financial report"): the whole centre's money for a period
 * of days in its time zone, every figure a sum of the ledger's entries made in SQL. The period left
 * out is this year (in the centre's time zone); one end left out is its year's first or last day.
 */
export function createFinancialReportService(ctx: ModuleContext) {
  const { db, config } = ctx;

  function periodOf(query: { from?: string | undefined; to?: string | undefined }): ReportPeriod {
    const thisYear = new Intl.DateTimeFormat('en-CA', { timeZone: config.timeZone, year: 'numeric' }).format(
      new Date(),
    );
    const from = query.from ?? `${query.to?.slice(0, 4) ?? thisYear}-01-01`;
    const to = query.to ?? `${query.from?.slice(0, 4) ?? thisYear}-12-31`;
    return { from, to, timeZone: config.timeZone };
  }

  async function report(query: FinancialReportQuery): Promise<FinancialReport> {
    const period = periodOf(query);
    const [rows, balances] = await Promise.all([flows(db, period), balancesAtEnd(db, period)]);
    const months = monthsOf(period).map((m) => m.month);
    const pick = (test: (r: FlowRow) => boolean) => num(rows.find(test)?.amount ?? 0);
    const side = (s: FlowRow['side']) => pick((r) => r.sumsBy === 'side' && r.side === s);
    const figure = (f: FlowRow['figure']) => pick((r) => r.sumsBy === 'figure' && r.figure === f);
    const deposits = (contract: boolean, method?: string) =>
      pick((r) =>
        method === undefined
          ? r.sumsBy === 'contract' && r.figure === 'in' && r.contract === contract
          : r.sumsBy === 'method' &&
            r.figure === 'in' &&
            r.contract === contract &&
            r.paymentMethod === method,
      );
    const ofMonth = (month: string, s: FlowRow['side']) =>
      pick((r) => r.sumsBy === 'month' && r.month === month && r.side === s);
    return {
      from: period.from,
      to: period.to,
      timeZone: period.timeZone,
      moneyIn: {
        total: side('in'),
        classDeposits: deposits(false),
        contractPayments: deposits(true),
        byMethod: paymentMethods.map((paymentMethod) => ({
          paymentMethod,
          classDeposits: deposits(false, paymentMethod),
          contractPayments: deposits(true, paymentMethod),
          total: pick(
            (r) => r.sumsBy === 'methodTotal' && r.figure === 'in' && r.paymentMethod === paymentMethod,
          ),
        })),
      },
      moneyOut: {
        total: side('out'),
        teachingSalary: figure('outTeaching'),
        otherPayments: figure('outOther'),
      },
      revenue: {
        total: side('revenue'),
        sessions: figure('revenueSessions'),
        sideCosts: figure('revenueSideCosts'),
        contracts: figure('revenueContracts'),
      },
      unpaidTeacherEarnings: num(balances?.unpaid ?? 0),
      studentCredit: num(balances?.credit ?? 0),
      debtors: { count: balances?.debtorCount ?? 0, owed: num(balances?.owed ?? 0) },
      months: months.map((month) => ({
        month,
        moneyIn: ofMonth(month, 'in'),
        moneyOut: ofMonth(month, 'out'),
        revenue: ofMonth(month, 'revenue'),
      })),
    };
  }

  return {
    report,
    /** The general financial report as XLSX or CSV: the figures, then the months (a few dozen rows). */
    async export(
      query: FinancialReportQuery & { format: ExportFormat },
      language: Language,
    ): Promise<ExportFile> {
      const done = await report(query);
      const rows = reportSheetRows(done, language);
      return {
        totalRows: rows.length,
        contentType: sheetContentTypes[query.format],
        fileName: `${reportSheetName[language]}-${done.from}-${done.to}.${query.format}`,
        body: sheetStream(query.format, {
          sheetName: reportSheetName[language],
          columns: reportColumns,
          language,
          timeZone: config.timeZone,
          moneyDecimals: moneyPlaces(config.currency),
          batches: (async function* () {
            yield rows;
          })(),
        }),
      };
    },
  };
}
