import { z } from 'zod';
import { registerFieldLabels } from '../field-labels.ts';
import { lessonType } from './catalog.ts';
import { entityId, okResponse, publicKey } from './common.ts';
import { listQuery } from './list-query.ts';
import { isoDate } from './users.ts';

/**
 * Profit (issue 28; DESIGN §7 "consultant profit"; docs/finance.md "Profit"): per class and per
 * academic consultant, over a period of calendar days in the centre's time zone. Every figure is
 * summed in SQL from the ledger and sent as a number, as the other finance answers are.
 */
registerFieldLabels({
  from: { en: 'From', zh: '开始日期' },
  to: { en: 'To', zh: '结束日期' },
  percent: { en: 'Share (%)', zh: '分成比例（%）' },
  consultantPublicKey: { en: 'Consultant', zh: '顾问' },
});

/** A period: `from` and `to` are calendar days (YYYY-MM-DD, both included) in the centre's time zone. */
const periodFields = { from: isoDate, to: isoDate };
function periodOrder(body: { from: string; to: string }, issue: z.RefinementCtx) {
  if (body.from > body.to)
    issue.addIssue({ code: 'custom', path: ['from'], params: { messageKey: 'profitPeriodOrder' } });
}
export const profitPeriodQuery = z.strictObject(periodFields).superRefine(periodOrder);
export type ProfitPeriod = z.infer<typeof profitPeriodQuery>;

/** The classes' profit list: the list engine's body and the period. */
export const classesProfitBody = listQuery.extend(periodFields).superRefine(periodOrder);
export type ClassesProfitBody = z.input<typeof classesProfitBody>;

/** The figures of one class (or one consultant's part of it) in a period. */
const figures = {
  /** Sessions consumed at net price + side costs charged, posted in the period (net of corrections posted in it). */
  revenue: z.number(),
  sessionRevenue: z.number(),
  sideCosts: z.number(),
  /** Σ `teacher_pay` entries posted in the period: earnings and other payments tied to the class. */
  teacherPay: z.number(),
  /** Side costs borne by the centre: the same amount as charged (pass-through materials). */
  sideCostsBorne: z.number(),
  /** revenue − teacher pay − side costs borne. */
  margin: z.number(),
};

export const classProfit = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  lessonType: lessonType.nullable(),
  teacherPublicKey: publicKey.nullable(),
  teacherName: z.string().nullable(),
  /** Sessions of the class held (taken place) that started in the period. */
  sessionCount: z.number().int(),
  ...figures,
  /** The part of teacher pay that is other payments (OtherPayments settlements) tied to the class. */
  otherPayments: z.number(),
  /** margin ÷ revenue × 100, two decimals; null without revenue. */
  marginPercent: z.number().nullable(),
});
export type ClassProfit = z.infer<typeof classProfit>;
export const classesProfitList = z.object({ data: z.array(classProfit), totalCount: z.number().int() });

/** The sessions behind one class's figure. */
export const classProfitSessionsQuery = z
  .strictObject({ classroomId: entityId, ...periodFields })
  .superRefine(periodOrder);
export const classProfitSession = z.object({
  sessionId: entityId,
  start: z.number().int(),
  hours: z.number(),
  revenue: z.number(),
  teacherPay: z.number(),
  margin: z.number(),
});
export const classProfitSessions = z.object({ data: z.array(classProfitSession) });

/** One class of one consultant's students: their part of its figures (`profit.consultantClasses`). */
export const consultantClassProfit = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  /** The consultant's students in it who had a charge or a side cost in the period. */
  studentCount: z.number().int(),
  ...figures,
});
export const consultantProfit = z.object({
  consultantPublicKey: publicKey,
  consultantName: z.string(),
  ...figures,
  /** The consultant's share, percent (0–100): set by finance, else the config's default. */
  percent: z.number(),
  /** Whether finance set the percent (false: the default). */
  percentSet: z.boolean(),
  /** round(margin × percent ÷ 100) to the currency's minor unit; never below 0. */
  share: z.number(),
});
export type ConsultantProfit = z.infer<typeof consultantProfit>;
export const consultantsProfit = z.object({
  data: z.array(consultantProfit),
  defaultPercent: z.number(),
  /** Sums over the consultants. */
  total: z.object({ ...figures, share: z.number() }),
});

/** The classes behind one consultant's figure. */
export const consultantClassesQuery = z
  .strictObject({ consultantPublicKey: publicKey, ...periodFields })
  .superRefine(periodOrder);
export type ConsultantClassesQuery = z.infer<typeof consultantClassesQuery>;
export const consultantClassesProfit = z.object({ data: z.array(consultantClassProfit) });
export type ConsultantClassProfit = z.infer<typeof consultantClassProfit>;

export const setConsultantShareBody = z.strictObject({
  consultantPublicKey: publicKey,
  percent: z
    .number()
    .refine((n) => n >= 0 && n <= 100, { params: { messageKey: 'profitPercentRange' } })
    .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), {
      params: { messageKey: 'decimal', values: { places: 2 } },
    }),
});
export type SetConsultantShareBody = z.infer<typeof setConsultantShareBody>;
export const consultantShareSaved = okResponse.extend({
  consultantPublicKey: publicKey,
  percent: z.number(),
});
