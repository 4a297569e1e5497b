import { z } from 'zod';
import { registerFieldLabels } from '../field-labels.ts';
import { lessonType } from './catalog.ts';
import { entityId, epochSeconds, listResponse, okResponse, publicKey, textInput } from './common.ts';
import { classroomBalance, moneyAmount, moneyOrZero } from './finance.ts';

/**
 * Teacher fees, a class's teacher salary and students' side costs (SPEC §3 TeacherFee, Student
 * cost per class; DESIGN §7 "Prices"; docs/finance.md). Money as in `finance.ts`: a JSON number
 * with at most two decimals on the wire, a decimal string in the server, numeric(18,2) in SQL.
 */
export const teacherTypes = ['FullTime', 'PartTime', 'University'] as const;
export type TeacherType = (typeof teacherTypes)[number];
export const teacherType = z.enum(teacherTypes);

export const SIDE_COST_TITLE_MAX = 100;
export const SIDE_COSTS_MAX = 50;

registerFieldLabels({
  teacherPublicKey: { en: 'Teacher', zh: '教师' },
  fee: { en: 'Fee per hour', zh: '每小时课时费' },
  teacherType: { en: 'Teacher type', zh: '教师类型' },
  lessonType: { en: 'Lesson type', zh: '课程类型' },
  teacherSalaryPerHour: { en: 'Teacher salary per hour', zh: '教师每小时薪酬' },
  sideCosts: { en: 'Side costs', zh: '附加费用' },
});

/** Create (no `teacherFeeId`) or edit (with it) one fee of a teacher for a lesson type. */
export const upsertTeacherFeeBody = z.strictObject({
  teacherFeeId: entityId.nullish(),
  teacherPublicKey: publicKey,
  fee: moneyOrZero,
  teacherType,
  lessonType,
});
export type UpsertTeacherFeeBody = z.infer<typeof upsertTeacherFeeBody>;
export const teacherFeeIdBody = z.strictObject({ teacherFeeId: entityId });

export const teacherFee = z.object({
  teacherFeeId: entityId,
  teacherPublicKey: publicKey,
  fullName: z.string(),
  fee: z.number(),
  teacherType,
  lessonType,
  createMoment: epochSeconds,
});
export type TeacherFee = z.infer<typeof teacherFee>;
export const teacherFeeList = listResponse(teacherFee);
export const teacherFeeSaved = okResponse.extend({ teacherFee });

/** A class's teacher salary per hour: the one set, else the teacher's fee for the class's lesson type. */
export const teacherSalary = z.object({
  classroomId: entityId,
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  lessonType,
  /** What the teacher earns per hour in this class; null when neither a salary nor a fee is set. */
  teacherSalaryPerHour: z.number().nullable(),
  /** The teacher's fee for the class's lesson type (the starting value), if any. */
  feePerHour: z.number().nullable(),
  /** True when the salary is the fee's (no salary set for this class yet). */
  fromFee: z.boolean(),
  updatedAt: epochSeconds.nullable(),
  updatedByName: z.string().nullable(),
});
export type TeacherSalary = z.infer<typeof teacherSalary>;
export const editTeacherSalaryBody = z.strictObject({
  classroomId: entityId,
  teacherSalaryPerHour: moneyOrZero,
});
export type EditTeacherSalaryBody = z.infer<typeof editTeacherSalaryBody>;
export const teacherSalarySaved = okResponse.extend({ salary: teacherSalary });

/** One side cost of a student in a class (books, exam fees…): charged to the student's credit. */
export const sideCost = z.object({
  sideCostId: entityId,
  studentPublicKey: publicKey,
  studentName: z.string(),
  title: z.string(),
  amount: z.number(),
  createMoment: epochSeconds,
});
export type SideCost = z.infer<typeof sideCost>;
export const sideCostsOfClassroom = z.object({ sideCosts: z.array(sideCost) });

/**
 * A student's side costs in a class, as a whole (SPEC §7 UpsertStudentSideCosts): an item with
 * `sideCostId` edits that one, one without adds one, and one not named any more is removed.
 */
export const upsertSideCostsBody = z.strictObject({
  classroomId: entityId,
  studentPublicKey: publicKey,
  sideCosts: z
    .array(
      z.strictObject({
        sideCostId: entityId.nullish(),
        title: textInput().trim().min(1).max(SIDE_COST_TITLE_MAX),
        amount: moneyAmount,
      }),
    )
    .max(SIDE_COSTS_MAX),
});
export type UpsertSideCostsBody = z.infer<typeof upsertSideCostsBody>;
export const sideCostsSaved = okResponse.extend({
  sideCosts: z.array(sideCost),
  balances: z.array(classroomBalance),
});

/**
 * A live side cost as the side costs list shows it (issue 28): every student's side costs per
 * class, with the student's consultant and the class. Its amount is its live charge's in the ledger
 * (docs/finance.md "Side costs list").
 */
export const sideCostRecord = sideCost.extend({
  consultantPublicKey: publicKey.nullable(),
  consultantName: z.string().nullable(),
  classroomId: entityId,
  classroomName: z.string(),
});
export type SideCostRecord = z.infer<typeof sideCostRecord>;
/** The page's rows, and the count and sum of amounts of every filtered row (not the page's only). */
export const sideCostList = listResponse(sideCostRecord).extend({
  totals: z.object({ count: z.number().int(), amount: z.number() }),
});
export type SideCostList = z.infer<typeof sideCostList>;

/**
 * A debtor (issue 11): a student whose held sessions and side costs in a class cost more than
 * their credit there (the credit account's entries sum to a debit), with what they owe in money
 * and in hours at their net price. Every figure from the ledger.
 */
export const debtor = z.object({
  studentPublicKey: publicKey,
  studentName: z.string(),
  consultantPublicKey: publicKey.nullable(),
  consultantName: z.string().nullable(),
  classroomId: entityId,
  classroomName: z.string(),
  paid: z.number(),
  used: z.number(),
  /** paid − used: negative when the student owes. */
  remaining: z.number(),
  /** −remaining when negative, else 0. */
  amountOwed: z.number(),
  /** amountOwed ÷ (cost − discount per hour), two decimals; null without a price. */
  hoursOwed: z.number().nullable(),
  /** remaining ÷ (cost − discount per hour), two decimals (negative = hours owed); null without a price. */
  balanceInHour: z.number().nullable(),
});
export type Debtor = z.infer<typeof debtor>;
export const debtorList = listResponse(debtor);
