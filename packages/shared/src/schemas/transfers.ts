import { z } from 'zod';
import { registerFieldLabels } from '../field-labels.ts';
import { entityId, epochSeconds, listResponse, okResponse, publicKey, textInput } from './common.ts';
import { getListQuery } from './list-query.ts';
import { classroomBalance, FINANCE_MESSAGE_MAX, MONEY_MAX, moneyAmount, moneyOrZero } from './finance.ts';

/**
 * Finance: transfers (SPEC §3 Transfer, §7 "Finance: transfers"; DESIGN §7): a student's unused
 * credit moved from one classroom (the source) to another (the destination). Given as an amount
 * of money or as hours at the source's charge per hour. Money only moves when it is confirmed.
 */

/** Hours with at most two decimals, more than 0. */
export const transferHours = z
  .number()
  .refine((n) => n > 0, { params: { messageKey: 'positiveAmount' } })
  .refine((n) => n < MONEY_MAX, { params: { messageKey: 'maxValue', values: { max: MONEY_MAX } } })
  .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), {
    params: { messageKey: 'decimal', values: { places: 2 } },
  });

/** A transfer's place in its life: waiting → confirmed → (reversed), as a deposit's. */
export const transferStates = ['waiting', 'confirmed', 'reversed'] as const;
export type TransferState = (typeof transferStates)[number];

const transferFields = {
  studentPublicKey: publicKey,
  sourceClassroomId: entityId,
  destinationClassroomId: entityId,
  /** Money to move; or give `hours` (× the source's charge per hour) instead. */
  amount: moneyAmount.nullish(),
  hours: transferHours.nullish(),
  /** The source's net price per hour; by default the student's price there (cost − discount). */
  chargePerHour: moneyOrZero.nullish(),
  /** The destination's net price per hour; by default the student's price there. */
  incomePerHour: moneyOrZero.nullish(),
  description: textInput().trim().max(FINANCE_MESSAGE_MAX).nullish(),
};

type TransferFields = {
  sourceClassroomId: string;
  destinationClassroomId: string;
  amount?: number | null;
  hours?: number | null;
};

/** Exactly one of amount and hours; two different classrooms. */
function transferRules(body: TransferFields, issue: z.RefinementCtx) {
  const given = [body.amount, body.hours].filter((v) => v !== null && v !== undefined).length;
  if (given !== 1) {
    issue.addIssue({ code: 'custom', path: ['amount'], params: { messageKey: 'transferAmountOrHours' } });
  }
  if (body.sourceClassroomId === body.destinationClassroomId) {
    issue.addIssue({
      code: 'custom',
      path: ['destinationClassroomId'],
      params: { messageKey: 'transferSameClassroom' },
    });
  }
}

export const createTransferBody = z.strictObject(transferFields).superRefine(transferRules);
export type CreateTransferBody = z.infer<typeof createTransferBody>;
export const editTransferBody = z
  .strictObject({ transferId: entityId, ...transferFields })
  .superRefine(transferRules);
export type EditTransferBody = z.infer<typeof editTransferBody>;
export const transferIdBody = z.strictObject({ transferId: entityId });
export const confirmTransferBody = z.strictObject({
  transferId: entityId,
  message: textInput().trim().max(FINANCE_MESSAGE_MAX).nullish(),
});
export type ConfirmTransferBody = z.infer<typeof confirmTransferBody>;
export const reverseTransferBody = z.strictObject({
  transferId: entityId,
  reason: textInput().trim().min(1).max(FINANCE_MESSAGE_MAX),
});

/** SPEC §7's GET list query, exact spellings (the GET list form every such list shares). */
export const transfersQuery = getListQuery;

const step = z
  .object({ by: z.string(), byName: z.string().nullable(), at: epochSeconds, message: z.string().nullable() })
  .nullable();

const side = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  teacherPublicKey: publicKey.nullable(),
  teacherName: z.string().nullable(),
});

export const transfer = z.object({
  transferId: entityId,
  studentPublicKey: publicKey,
  studentName: z.string(),
  source: side,
  destination: side,
  amount: z.number(),
  chargePerHour: z.number().nullable(),
  incomePerHour: z.number().nullable(),
  /** Additional info: the hours the amount stands for in the source and in the destination. */
  sourceHours: z.number().nullable(),
  destinationHours: z.number().nullable(),
  description: z.string().nullable(),
  createMoment: epochSeconds,
  state: z.enum(transferStates),
  isConfirmed: z.boolean(),
  consultantConfirmation: step,
  financialAdminConfirmation: step,
  confirmation: step,
  reversal: z
    .object({ by: z.string(), byName: z.string().nullable(), at: epochSeconds, reason: z.string() })
    .nullable(),
});
export type Transfer = z.infer<typeof transfer>;
export const transferList = listResponse(transfer);
export const transferSaved = okResponse.extend({ transfer });

/** What can be moved: the student's balance per classroom (SPEC §7 "classroom balance of a student"). */
export const transferBalanceQuery = z.strictObject({ studentPublicKey: publicKey });
export const transferBalance = z.object({
  balances: z.array(
    classroomBalance.extend({
      /** Unused credit less what waiting transfers out of this classroom already ask for; never below 0. */
      movable: z.number(),
      teacherName: z.string().nullable(),
    }),
  ),
});
export type TransferBalance = z.infer<typeof transferBalance>;

registerFieldLabels({
  sourceClassroomId: { en: 'From class', zh: '转出班级' },
  destinationClassroomId: { en: 'To class', zh: '转入班级' },
  hours: { en: 'Hours', zh: '课时' },
  chargePerHour: { en: 'Charge per hour (source)', zh: '转出班级每小时费用' },
  incomePerHour: { en: 'Income per hour (destination)', zh: '转入班级每小时收入' },
  transferId: { en: 'Transfer', zh: '转班' },
});
