import { z } from 'zod';
import { entityId, publicKey } from './common.ts';
import { listQuery } from './list-query.ts';
import { allTeachersSumQuery } from './settlements.ts';
import { exportFormat } from './progress.ts';
import { transfersQuery } from './transfers.ts';

/**
 * Finance exports (SPEC §7 Exports) and the guide for create (issue 11). An export takes exactly
 * the filters (and order) of its list, without the page: every row the list would show.
 */
export const listExportBody = z.strictObject({
  format: exportFormat,
  where: listQuery.shape.where,
  order: listQuery.shape.order,
});
export type ListExportBody = z.infer<typeof listExportBody>;
export type ListExportInput = z.input<typeof listExportBody>;

/** The transfers list's GET filters (index and size ignored) and the format. */
export const transfersExportQuery = transfersQuery.extend({ format: exportFormat });

/** Teachers' balance (issue 28): the all-teachers sums' filter (a lesson type) and the format. */
export const teachersBalanceExportQuery = allTeachersSumQuery.extend({ format: exportFormat });

/** The header an export answers with: how many rows the file will hold (for progress). */
export const EXPORT_TOTAL_ROWS_HEADER = 'x-total-rows';

export const depositGuideQuery = z.strictObject({ studentPublicKey: publicKey, classroomId: entityId });

/**
 * What a student owes for a class now (docs/finance.md "Guide for create"): every booked (live)
 * session at the student's net price, plus side costs, less the credit paid in; in money and hours.
 */
export const depositGuide = z.object({
  hasPrice: z.boolean(),
  costPerHour: z.number().nullable(),
  discountPerHour: z.number().nullable(),
  bookedSessions: z.number().int(),
  bookedHours: z.number(),
  bookedCost: z.number(),
  sideCosts: z.number(),
  credit: z.number(),
  /** bookedCost + sideCosts − credit, never below 0. */
  owed: z.number(),
  /** owed ÷ (cost − discount) per hour, 2 decimals; null without a price. */
  owedHours: z.number().nullable(),
  /** Deposits recorded but not confirmed yet (not credit). */
  waiting: z.number(),
});
export type DepositGuide = z.infer<typeof depositGuide>;
