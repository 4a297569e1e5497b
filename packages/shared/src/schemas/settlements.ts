import { z } from 'zod';
import { registerFieldLabels } from '../field-labels.ts';
import { lessonType } from './catalog.ts';
import { entityId, epochSeconds, listResponse, okResponse, publicKey, textInput } from './common.ts';
import { FINANCE_MESSAGE_MAX, moneyAmount } from './finance.ts';

/**
 * Teacher settlements (SPEC §3 Settlement, §7 "Finance: settlements"; DESIGN §7 "Settlements";
 * docs/finance.md "Teacher settlements"). A teacher earns, per held session the admin confirmed,
 * its hours × the class's teacher salary per hour; a settlement pays what was earned and not yet
 * paid, session by session (TeachingSalary), or any other payment (OtherPayments). It waits until
 * paid; paying posts it to the ledger once; a paid settlement is reversed, never edited. Money on
 * the wire as everywhere in finance: a JSON number with at most two decimals.
 */
export const settlementTypes = ['TeachingSalary', 'OtherPayments'] as const;
export type SettlementType = (typeof settlementTypes)[number];
export const settlementType = z.enum(settlementTypes);

/** A settlement's place in its life: waiting → paid → (reversed). */
export const settlementStates = ['waiting', 'paid', 'reversed'] as const;
export type SettlementState = (typeof settlementStates)[number];

export const SETTLEMENT_SESSIONS_MAX = 5000;

/** Epoch seconds and money in a GET query (strings on the way in). */
const queryEpoch = z.coerce.number().int().min(0).max(32503680000);
const queryMoney = z.coerce
  .number()
  .refine((n) => n > 0, { params: { messageKey: 'positiveAmount' } })
  .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), {
    params: { messageKey: 'decimal', values: { places: 2 } },
  });
export const GROUP_SETTLEMENT_TEACHERS_MAX = 1000;

registerFieldLabels({
  settlementId: { en: 'Settlement', zh: '结算' },
  type: { en: 'Type', zh: '类型' },
  fromTime: { en: 'From', zh: '开始日期' },
  toTime: { en: 'Up to', zh: '截止日期' },
  teacherLessonType: { en: 'Lesson type', zh: '课程类型' },
  sessionIds: { en: 'Sessions', zh: '课次' },
  teachers: { en: 'Teachers', zh: '教师' },
  teacherPublicKeys: { en: 'Teachers', zh: '教师' },
  reason: { en: 'Reason', zh: '原因' },
});

const description = textInput().trim().max(FINANCE_MESSAGE_MAX).nullish();

const settlementFields = {
  type: settlementType,
  teacherPublicKey: publicKey,
  /** The period the settlement covers: sessions that started from `fromTime` (if given) up to `toTime`. */
  fromTime: epochSeconds.nullish(),
  toTime: epochSeconds,
  /** Only this class's sessions (TeachingSalary), or the class an other payment is for. */
  classroomId: entityId.nullish(),
  /** Only sessions of classes of this lesson type. */
  lessonType: lessonType.nullish(),
  /**
   * OtherPayments: the amount paid. TeachingSalary: what the chosen sessions earned; when given it
   * must be exactly that (a check that the guide the payer read still stands).
   */
  amount: moneyAmount.nullish(),
  /** TeachingSalary: the guide's lines the payer checked; by default every line the guide proposes. */
  sessionIds: z.array(entityId).min(1).max(SETTLEMENT_SESSIONS_MAX).nullish(),
  description,
};

type Fields = {
  type: SettlementType;
  fromTime?: number | null;
  toTime: number;
  amount?: number | null;
  sessionIds?: string[] | null;
};

function settlementRules(body: Fields, issue: z.RefinementCtx) {
  if (body.fromTime != null && body.fromTime > body.toTime) {
    issue.addIssue({ code: 'custom', path: ['fromTime'], params: { messageKey: 'settlementPeriodOrder' } });
  }
  if (body.type === 'OtherPayments' && body.amount == null) {
    issue.addIssue({ code: 'custom', path: ['amount'], params: { messageKey: 'required' } });
  }
  if (body.type === 'OtherPayments' && body.sessionIds?.length) {
    issue.addIssue({
      code: 'custom',
      path: ['sessionIds'],
      params: { messageKey: 'settlementOtherHasNoSessions' },
    });
  }
}

export const createSettlementBody = z
  .strictObject({
    ...settlementFields,
    /** Pay at once, in the same transaction (the financial admin paying from the guide). */
    pay: z.boolean().default(false),
  })
  .superRefine(settlementRules);
export type CreateSettlementBody = z.infer<typeof createSettlementBody>;
export const editSettlementBody = z
  .strictObject({ settlementId: entityId, ...settlementFields })
  .superRefine(settlementRules);
export type EditSettlementBody = z.infer<typeof editSettlementBody>;
export const settlementIdBody = z.strictObject({ settlementId: entityId });
export const reverseSettlementBody = z.strictObject({
  settlementId: entityId,
  reason: textInput().trim().min(1).max(FINANCE_MESSAGE_MAX),
});

const step = z.object({ by: z.string(), byName: z.string().nullable(), at: epochSeconds }).nullable();

export const settlement = z.object({
  settlementId: entityId,
  type: settlementType,
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  amount: z.number(),
  description: z.string().nullable(),
  fromTime: epochSeconds.nullable(),
  toTime: epochSeconds,
  classroomId: entityId.nullable(),
  classroomName: z.string().nullable(),
  lessonType: lessonType.nullable(),
  /** The sessions a TeachingSalary settlement pays, and their hours (0 for other payments). */
  sessionCount: z.number().int(),
  hours: z.number(),
  /**
   * What the settlement's sessions left the centre: the students' revenue of those sessions (from
   * the ledger) less what the teacher is paid for them; null for other payments. The consultants'
   * shares are computed from it (docs/finance.md).
   */
  academicConsultantProfit: z.number().nullable(),
  /** The group settlement it was made in, if any. */
  groupId: entityId.nullable(),
  createMoment: epochSeconds,
  createdByName: z.string().nullable(),
  state: z.enum(settlementStates),
  isConfirmed: z.boolean(),
  payment: step,
  reversal: z
    .object({ by: z.string(), byName: z.string().nullable(), at: epochSeconds, reason: z.string() })
    .nullable(),
});
export type Settlement = z.infer<typeof settlement>;
export const settlementList = listResponse(settlement);
export const settlementSaved = okResponse.extend({ settlement });

/** One line of the guide: a held session the admin confirmed, not yet in a settlement. */
export const settlementLine = z.object({
  sessionId: entityId,
  classroomId: entityId,
  classroomName: z.string(),
  lessonType,
  start: epochSeconds,
  end: epochSeconds,
  hours: z.number(),
  salaryPerHour: z.number(),
  /** round(hours × salaryPerHour, 2). */
  amount: z.number(),
});
export type SettlementLine = z.infer<typeof settlementLine>;

/** SPEC §7's guide for create: teacherPublicKey, toTime, teacherLessonType (and a class or a start, optional). */
export const settlementGuideQuery = z.strictObject({
  teacherPublicKey: publicKey,
  toTime: queryEpoch,
  teacherLessonType: lessonType.optional(),
  classroomId: entityId.optional(),
  fromTime: queryEpoch.optional(),
});
export type SettlementGuideQuery = z.infer<typeof settlementGuideQuery>;
export const settlementGuide = z.object({
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  toTime: epochSeconds,
  lines: z.array(settlementLine),
  sessionCount: z.number().int(),
  hours: z.number(),
  /** What the lines add up to: the amount a settlement of all of them pays. */
  amount: z.number(),
  /** The teacher's unpaid earnings as the ledger holds them, whatever the period (earned − paid). */
  unpaid: z.number(),
});
export type SettlementGuide = z.infer<typeof settlementGuide>;

/** The group guide: every teacher with unpaid earnings up to a date (of a lesson type, if given). */
export const groupGuideBody = z.strictObject({
  toTime: epochSeconds,
  fromTime: epochSeconds.nullish(),
  lessonType: lessonType.nullish(),
});
export type GroupGuideBody = z.infer<typeof groupGuideBody>;
export const groupGuideTeacher = z.object({
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  sessionCount: z.number().int(),
  hours: z.number(),
  amount: z.number(),
});
export type GroupGuideTeacher = z.infer<typeof groupGuideTeacher>;
export const groupGuide = z.object({
  toTime: epochSeconds,
  teachers: z.array(groupGuideTeacher),
  sessionCount: z.number().int(),
  hours: z.number(),
  amount: z.number(),
});
export type GroupGuide = z.infer<typeof groupGuide>;

/**
 * One action for the group: a TeachingSalary settlement per teacher named, each paying every line
 * of their guide, all in one transaction. Each teacher comes with the amount the payer read in the
 * group guide: when the guide says otherwise now, nothing is created (open the guide again).
 */
export const groupCreateBody = z.strictObject({
  toTime: epochSeconds,
  fromTime: epochSeconds.nullish(),
  lessonType: lessonType.nullish(),
  teachers: z
    .array(z.strictObject({ teacherPublicKey: publicKey, amount: moneyAmount }))
    .min(1)
    .max(GROUP_SETTLEMENT_TEACHERS_MAX),
  description,
  pay: z.boolean().default(false),
});
export type GroupCreateBody = z.infer<typeof groupCreateBody>;
export const groupCreated = okResponse.extend({
  groupId: entityId,
  settlements: z.array(settlement),
  amount: z.number(),
});

/** A teacher's money: earned (held sessions confirmed by the admin), paid, unpaid = earned − paid. */
export const teacherSum = z.object({
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  sessionCount: z.number().int(),
  hours: z.number(),
  earned: z.number(),
  paid: z.number(),
  unpaid: z.number(),
  /** Other payments (not for sessions): paid besides, never part of earned or unpaid. */
  otherPayments: z.number(),
  /** In settlements made but not paid yet. */
  waiting: z.number(),
});
export type TeacherSum = z.infer<typeof teacherSum>;
export const teacherKeyQuery = z.strictObject({ teacherPublicKey: publicKey });
export const allTeachersSumQuery = z.strictObject({ lessonType: lessonType.optional() });
export const allTeachersSum = z.object({
  earned: z.number(),
  paid: z.number(),
  unpaid: z.number(),
  otherPayments: z.number(),
  waiting: z.number(),
  sessionCount: z.number().int(),
  hours: z.number(),
  teachers: z.array(teacherSum),
});
export type AllTeachersSum = z.infer<typeof allTeachersSum>;

/** SPEC §7's classroom balance calculation: what a class earned its teacher, paid, has left; plus an amount. */
export const classroomBalanceQuery = z.strictObject({
  classroomId: entityId,
  toTime: queryEpoch.optional(),
  amount: queryMoney.optional(),
});
export const settlementClassroomBalance = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  teacherSalaryPerHour: z.number().nullable(),
  /** What the class's students were charged for its held sessions (the ledger's revenue). */
  revenue: z.number(),
  earned: z.number(),
  paid: z.number(),
  /** earned − paid. */
  left: z.number(),
  /** What the guide proposes for this class up to `toTime` (now by default): earned, in no settlement yet. */
  proposedAmount: z.number(),
  proposedHours: z.number(),
  /** The amount asked about, and what would be left after paying it (left − amount). */
  amount: z.number().nullable(),
  leftAfterAmount: z.number().nullable(),
});
export type SettlementClassroomBalance = z.infer<typeof settlementClassroomBalance>;

/** A teacher's report: sessions held, hours, earned, paid, unpaid, by month of the session. */
export const teacherReportQuery = z.strictObject({
  teacherPublicKey: publicKey,
  year: z.coerce.number().int().min(2000).max(2999).optional(),
});
export const myEarningsQuery = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2999).optional(),
});
export const earningsMonth = z.object({
  /** YYYY-MM in the centre's time zone. */
  month: z.string(),
  sessionCount: z.number().int(),
  hours: z.number(),
  earned: z.number(),
  /** Of what these sessions earned, what paid settlements cover. */
  paid: z.number(),
  unpaid: z.number(),
});
export type EarningsMonth = z.infer<typeof earningsMonth>;
export const teacherReport = z.object({
  sum: teacherSum,
  year: z.number().int().nullable(),
  months: z.array(earningsMonth),
});
export type TeacherReport = z.infer<typeof teacherReport>;

/** A teacher's money history: every ledger movement of their account, newest first, with the unpaid after it. */
export const teacherHistoryQuery = z.strictObject({
  teacherPublicKey: publicKey,
  index: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
});
export const historyKinds = [
  'earned',
  'earningReversed',
  'paid',
  'paymentReversed',
  'otherPayment',
  'otherPaymentReversed',
] as const;
export type HistoryKind = (typeof historyKinds)[number];
export const teacherHistoryRow = z.object({
  transactionId: entityId,
  kind: z.enum(historyKinds),
  at: epochSeconds,
  classroomName: z.string().nullable(),
  /** The session an earning is for. */
  sessionStart: epochSeconds.nullable(),
  settlementId: entityId.nullable(),
  /** What it did to the unpaid earnings (+ earned, − paid); an other payment changes nothing there. */
  amount: z.number(),
  otherAmount: z.number(),
  unpaidAfter: z.number(),
  byName: z.string().nullable(),
});
export type TeacherHistoryRow = z.infer<typeof teacherHistoryRow>;
export const teacherHistory = listResponse(teacherHistoryRow);

/** The hours a teacher held in a month, per class: all held sessions, and those the admin confirmed (earning). */
export const monthlyHoursQuery = z.strictObject({
  teacherPublicKey: publicKey,
  month: textInput().refine((m) => /^\d{4}-(0[1-9]|1[0-2])$/.test(m), {
    params: { messageKey: 'invalidValue' },
  }),
});
export const monthlyHours = z.object({
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  month: z.string(),
  sessionCount: z.number().int(),
  hours: z.number(),
  confirmedHours: z.number(),
  classes: z.array(
    z.object({
      classroomId: entityId,
      classroomName: z.string(),
      sessionCount: z.number().int(),
      hours: z.number(),
      confirmedHours: z.number(),
    }),
  ),
});
export type MonthlyHours = z.infer<typeof monthlyHours>;
