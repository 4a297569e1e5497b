import { z } from 'zod';
import { entityId, epochSeconds, listResponse, okResponse, publicKey, textInput } from './common.ts';
// deposit receipts (issue 11, receipt)
import { depositReceipt } from './deposit-receipts.ts';

/**
 * Finance (SPEC §3 Deposit, Student cost per class; DESIGN §4 money, §7 one ledger). Money on the
 * wire is a JSON number with at most two decimals; the server turns it into a decimal string and
 * does every sum in SQL (numeric), never in a JS float. docs/finance.md has the rules.
 */
export const MONEY_MAX = 1_000_000_000_000;
export const FINANCE_MESSAGE_MAX = 500;

/** A positive amount of money with at most two decimals (refused: 0, negative, 0.001, 1e21). */
export const moneyAmount = z
  .number()
  .refine((n) => n > 0, { params: { messageKey: 'positiveAmount' } })
  .refine((n) => n < MONEY_MAX, { params: { messageKey: 'maxValue', values: { max: MONEY_MAX } } })
  .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), {
    params: { messageKey: 'decimal', values: { places: 2 } },
  });
/** Zero or more, at most two decimals (discounts). */
export const moneyOrZero = z
  .number()
  .refine((n) => n >= 0 && n < MONEY_MAX, { params: { messageKey: 'minValue', values: { min: 0 } } })
  .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), {
    params: { messageKey: 'decimal', values: { places: 2 } },
  });

/** Writes a validated amount as the exact decimal string the database takes. */
export const moneyText = (n: number): string => n.toFixed(2);

export const paymentMethods = ['BankCardTransfer', 'POS', 'Cash', 'Alipay', 'Wechat'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethod = z.enum(paymentMethods);

export const depositTypes = ['Classroom', 'Wallet', 'Contract'] as const;
export type DepositType = (typeof depositTypes)[number];
export const depositType = z.enum(depositTypes);

/** A deposit's place in its life (DESIGN §7): waiting → confirmed → (reversed). */
export const depositStates = ['waiting', 'confirmed', 'reversed'] as const;
export type DepositState = (typeof depositStates)[number];

const message = textInput().trim().max(FINANCE_MESSAGE_MAX).nullish();

const depositFields = {
  studentPublicKey: publicKey,
  /** The class the deposit credits; none for a contract payment. */
  classroomId: entityId.nullish(),
  /** contracts (issue 28): the contract a deposit of type Contract pays (the student's own). */
  contractId: entityId.nullish(),
  amount: moneyAmount,
  chargeAt: epochSeconds,
  paymentMethod,
  depositType: depositType.default('Classroom'),
  discountValue: moneyOrZero.default(0),
};

/**
 * What a deposit pays (issue 28): a class (its student's credit there), or — type Contract — a
 * contract, with no class and no discount of its own (the contract carries the discount).
 */
function depositTarget(
  body: {
    classroomId?: string | null;
    contractId?: string | null;
    depositType: DepositType;
    discountValue: number;
  },
  issue: z.RefinementCtx,
) {
  const add = (path: string, messageKey: string) =>
    issue.addIssue({ code: 'custom', path: [path], params: { messageKey } });
  // A field given but not an id is refused by the field itself; only a missing one is said here.
  if (body.depositType === 'Contract') {
    if (body.contractId == null) add('contractId', 'required');
    if (body.classroomId) add('classroomId', 'depositContractNoClassroom');
    if (body.discountValue > 0) add('discountValue', 'depositContractNoDiscount');
  } else {
    if (body.classroomId == null) add('classroomId', 'required');
    if (body.contractId) add('contractId', 'depositClassroomNoContract');
  }
}
/** The target's rules run beside the fields' own, so an empty form names every missing field at once. */
const alongsideFields = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};
export const createDepositBody = z.strictObject(depositFields).superRefine(depositTarget, alongsideFields);
export type CreateDepositBody = z.infer<typeof createDepositBody>;
export const editDepositBody = z
  .strictObject({ depositId: entityId, ...depositFields })
  .superRefine(depositTarget, alongsideFields);
export type EditDepositBody = z.infer<typeof editDepositBody>;
export const depositIdBody = z.strictObject({ depositId: entityId });
export const depositIdQuery = z.strictObject({ depositId: entityId });
export const confirmDepositBody = z.strictObject({ depositId: entityId, message });
export type ConfirmDepositBody = z.infer<typeof confirmDepositBody>;
export const reverseDepositBody = z.strictObject({
  depositId: entityId,
  reason: textInput().trim().min(1).max(FINANCE_MESSAGE_MAX),
});

const confirmationStep = z
  .object({ by: z.string(), byName: z.string().nullable(), at: epochSeconds, message: z.string().nullable() })
  .nullable();

export const deposit = z.object({
  depositId: entityId,
  studentPublicKey: publicKey,
  studentName: z.string(),
  /** The class it credits; null for a contract payment (issue 28). */
  classroomId: entityId.nullable(),
  classroomName: z.string().nullable(),
  /** The contract a deposit of type Contract pays, and its type (issue 28). */
  contractId: entityId.nullable(),
  contractType: z.string().nullable(),
  amount: z.number(),
  discountValue: z.number(),
  depositType,
  paymentMethod,
  chargeAt: epochSeconds,
  createMoment: epochSeconds,
  state: z.enum(depositStates),
  isConfirmed: z.boolean(),
  consultantConfirmation: confirmationStep,
  financialAdminConfirmation: confirmationStep,
  confirmation: confirmationStep,
  reversal: z
    .object({ by: z.string(), byName: z.string().nullable(), at: epochSeconds, reason: z.string() })
    .nullable(),
  /** The receipt or contract file, if one is attached (issue 11, receipt). */
  receipt: depositReceipt.nullable(),
});
export type Deposit = z.infer<typeof deposit>;
export const depositList = listResponse(deposit);
export const depositSaved = okResponse.extend({ deposit });

export const depositSums = z.object({
  /** Confirmed and not reversed: read from the ledger. */
  confirmed: z.number(),
  /** Waiting for confirmation: not money yet, so not in the ledger. */
  waiting: z.number(),
  byPaymentMethod: z.array(z.object({ paymentMethod, confirmed: z.number(), waiting: z.number() })),
});
export type DepositSums = z.infer<typeof depositSums>;

export const depositHistory = z.array(
  z.object({
    action: z.string(),
    at: epochSeconds,
    byName: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  }),
);

/** A student's money in one classroom, every figure from the ledger (docs/finance.md). */
export const classroomBalance = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  studentPublicKey: publicKey,
  studentName: z.string(),
  /** Confirmed deposits net of reversals. */
  paid: z.number(),
  /** Held sessions charged, net of reversals. */
  used: z.number(),
  /** paid − used: what is left of the student's credit in this classroom. */
  remaining: z.number(),
  costPerHour: z.number().nullable(),
  discountPerHour: z.number().nullable(),
  /** remaining ÷ (cost − discount), two decimals, null without a price. */
  balanceInHour: z.number().nullable(),
  reservedSessions: z.number().int(),
});
export type ClassroomBalance = z.infer<typeof classroomBalance>;
export const studentBalanceQuery = z.strictObject({ studentPublicKey: publicKey });
export const studentBalance = z.object({ balances: z.array(classroomBalance) });
export type StudentBalance = z.infer<typeof studentBalance>;

export const ownDepositsQuery = z.strictObject({
  index: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  isConfirmed: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});

/** Per student of a class: cost and discount per hour (set by the consultant, SPEC §7 EditStudentsCostForAcademicAdviser). */
export const editStudentsCostBody = z
  .strictObject({
    classroomId: entityId,
    students: z
      .array(
        z.strictObject({
          studentPublicKey: publicKey,
          studentCostPerHour: moneyOrZero,
          studentDiscountPerHour: moneyOrZero.default(0),
        }),
      )
      .min(1)
      .max(200),
  })
  .superRefine((body, issue) =>
    body.students.forEach((s, i) => {
      if (s.studentDiscountPerHour > s.studentCostPerHour)
        issue.addIssue({
          code: 'custom',
          path: ['students', i, 'studentDiscountPerHour'],
          params: { messageKey: 'discountAboveCost' },
        });
    }),
  );
export type EditStudentsCostBody = z.infer<typeof editStudentsCostBody>;

/** What one run of the allocation did to a classroom (fix reservation). */
export const allocationResult = z.object({
  classroomId: entityId,
  changedSessionIds: z.array(entityId),
  chargedSessionIds: z.array(entityId),
  reversedSessionIds: z.array(entityId),
});
export const fixReservationResult = okResponse.extend({ classrooms: z.array(allocationResult) });
export const pricesSaved = okResponse.extend({ balances: z.array(classroomBalance) });

/** Per student of a classroom: paid, used, remaining (SPEC §7 "charges by classroom"), with SPEC §8's warning. */
export const classroomCharges = z.object({
  students: z.array(classroomBalance),
  /** 'The amount deposited by students in this class is not enough' when sessions are not covered; else null. */
  warning: z.string().nullable(),
});
