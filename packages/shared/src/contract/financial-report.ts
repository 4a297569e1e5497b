import { z } from 'zod';
import {
  financialReport,
  financialReportExportQuery,
  financialReportQuery,
} from '../schemas/financial-report.ts';
import { defineEndpoint } from './define.ts';

const file = z
  .unknown()
  .describe('The file itself (XLSX or CSV) as an attachment; X-Total-Rows says how many rows.');

/**
 * The financial report and its export (issue 28; SPEC §7 Exports "the general financial report").
 * The spec names neither call: named here in its `controller/action` style. Whole-centre money, so
 * `settlements.manage`: the one permission only the financial admin and the admin hold that covers
 * teacher pay as well as deposits (`finance.read` is also a consultant's, who sees no teacher pay).
 */
export const financialReportContract = {
  report: defineEndpoint({
    name: 'financialReport.report',
    method: 'GET',
    path: 'deposit/getFinancialReport',
    query: financialReportQuery,
    response: financialReport,
    access: 'settlements.manage',
    summary:
      "The centre's money for a period of days in its time zone (default this year): money in by payment method (class deposits and contract payments), money out (settlements: teaching salary, other payments), revenue recognised (sessions, side costs, contracts), unpaid teacher earnings, student credit and debtors at the period's end, and the same by month; all from the ledger.",
  }),
  export: defineEndpoint({
    name: 'financialReport.export',
    method: 'GET',
    path: 'deposit/exportFinancialReport',
    query: financialReportExportQuery,
    response: file,
    access: 'settlements.manage',
    summary:
      "The general financial report as XLSX or CSV: one row per figure, then one per month, headers in the caller's language, money as number cells.",
  }),
};
