import { z } from 'zod';
import { textInput } from './common.ts';
import { paymentMethod } from './finance.ts';
import { isCalendarDate } from './users.ts';
import { exportFormat } from './progress.ts';

/**
 * The financial report (issue 28; docs/finance.md "Financial report"): the whole centre's money for
 * a period of calendar days in the centre's time zone, every figure a sum of the ledger's entries
 * (numeric in SQL; numbers on the wire, as the settlement sums).
 */

/** The longest period one report covers (a chart of at most 120 months). */
export const FINANCIAL_REPORT_MAX_DAYS = 3660;

/** A calendar day `YYYY-MM-DD` (in the centre's time zone), a real date from 2000 on. */
const reportDay = textInput().refine((v) => isCalendarDate(v, '2000-01-01'), {
  params: { messageKey: 'financialReportDay' },
});

const DAY_MS = 86_400_000;

/** `to` not before `from`, and the period at most FINANCIAL_REPORT_MAX_DAYS long; both ends included. */
function periodInOrder(v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.from === undefined || v.to === undefined) return;
  if (v.to < v.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], params: { messageKey: 'financialReportPeriodOrder' } });
    return;
  }
  const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > FINANCIAL_REPORT_MAX_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      params: { messageKey: 'rangeTooLong', values: { days: FINANCIAL_REPORT_MAX_DAYS } },
    });
  }
}

/** The period, first and last day included; either left out: this year's 1 January / 31 December. */
const periodShape = { from: reportDay.optional(), to: reportDay.optional() };
export const financialReportQuery = z.strictObject(periodShape).superRefine(periodInOrder);
export type FinancialReportQuery = z.input<typeof financialReportQuery>;
export const financialReportExportQuery = z
  .strictObject({ ...periodShape, format: exportFormat })
  .superRefine(periodInOrder);

/** Money in by one payment method: class deposits and contract payments confirmed, net of reversals. */
export const reportMethodRow = z.object({
  paymentMethod,
  classDeposits: z.number(),
  contractPayments: z.number(),
  total: z.number(),
});
export type ReportMethodRow = z.infer<typeof reportMethodRow>;

/** One month of the period (YYYY-MM in the centre's time zone; the first and last may be partial). */
export const reportMonth = z.object({
  month: z.string(),
  moneyIn: z.number(),
  moneyOut: z.number(),
  revenue: z.number(),
});
export type ReportMonth = z.infer<typeof reportMonth>;

export const financialReport = z.object({
  /** The period as read: first and last day (YYYY-MM-DD, the centre's time zone). */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  moneyIn: z.object({
    total: z.number(),
    classDeposits: z.number(),
    contractPayments: z.number(),
    /** Every payment method, in the spec's order, zeros included. */
    byMethod: z.array(reportMethodRow),
  }),
  moneyOut: z.object({
    total: z.number(),
    teachingSalary: z.number(),
    otherPayments: z.number(),
  }),
  revenue: z.object({
    /** sessions + side costs + contracts. */
    total: z.number(),
    sessions: z.number(),
    sideCosts: z.number(),
    contracts: z.number(),
  }),
  /** At the end of the period (its last day's midnight, or now if sooner). */
  unpaidTeacherEarnings: z.number(),
  studentCredit: z.number(),
  debtors: z.object({ count: z.number().int(), owed: z.number() }),
  months: z.array(reportMonth),
});
export type FinancialReport = z.infer<typeof financialReport>;
