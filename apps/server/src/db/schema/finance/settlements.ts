import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { classrooms } from '../scheduling.ts';
import { users } from '../users.ts';
import { money } from './money.ts';

/**
 * A teacher settlement (SPEC §3 Settlement; DESIGN §7 "Settlements"; docs/finance.md "Teacher
 * settlements"): TeachingSalary pays the earnings of the sessions it covers (`settlement_sessions`),
 * OtherPayments an amount besides. It waits until paid (`confirmed_*`, the confirmation workflow's
 * columns; only the financial admin's one step is used); paying posts it once
 * (`settlement:<id>:paid`); a paid settlement is never edited or deleted, it is reversed.
 */
export const settlements = pgTable(
  'settlements',
  {
    settlementId: uuid('settlement_id').primaryKey().defaultRandom(),
    teacherKey: uuid('teacher_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    settlementType: text('settlement_type').notNull(),
    amount: money('amount').notNull(),
    description: text('description'),
    fromTime: timestamp('from_time', { withTimezone: true }),
    toTime: timestamp('to_time', { withTimezone: true }).notNull(),
    classroomId: uuid('classroom_id').references(() => classrooms.classroomId, { onDelete: 'restrict' }),
    lessonType: text('lesson_type'),
    /** The settlements made together by one group settlement share it. */
    groupId: uuid('group_id'),
    createdBy: uuid('created_by').notNull(),
    consultantConfirmedBy: uuid('consultant_confirmed_by'),
    consultantConfirmedAt: timestamp('consultant_confirmed_at', { withTimezone: true }),
    consultantMessage: text('consultant_message'),
    financialConfirmedBy: uuid('financial_confirmed_by'),
    financialConfirmedAt: timestamp('financial_confirmed_at', { withTimezone: true }),
    financialMessage: text('financial_message'),
    confirmedBy: uuid('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    reversedBy: uuid('reversed_by'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reverseReason: text('reverse_reason'),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order (newest first, then id): a group settlement makes hundreds at one moment.
    index('settlements_create_moment_idx').on(t.createMoment, t.settlementId),
    index('settlements_teacher_idx').on(t.teacherKey, t.createMoment, t.settlementId),
    index('settlements_classroom_idx').on(t.classroomId),
    index('settlements_group_idx').on(t.groupId),
    check('settlements_amount_check', sql`${t.amount} > 0`),
    check('settlements_type_check', sql`${t.settlementType} in ('TeachingSalary', 'OtherPayments')`),
    check('settlements_period_check', sql`${t.fromTime} is null or ${t.fromTime} <= ${t.toTime}`),
    check('settlements_reversed_check', sql`${t.reversedAt} is null or ${t.confirmedAt} is not null`),
  ],
);

/**
 * The sessions a TeachingSalary settlement pays, with what each earned when it was made (hours ×
 * the teacher salary per hour). A session is covered for its teacher by one live settlement at
 * most — the partial unique index, whatever two payers do at the same moment; a reversed
 * settlement releases its sessions (`released_at`), a deleted one takes its rows along.
 */
export const settlementSessions = pgTable(
  'settlement_sessions',
  {
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.settlementId, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    teacherKey: uuid('teacher_key').notNull(),
    classroomId: uuid('classroom_id').notNull(),
    hours: numeric('hours', { precision: 12, scale: 4 }).notNull(),
    amount: money('amount').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.settlementId, t.sessionId] }),
    uniqueIndex('settlement_sessions_covered_unique')
      .on(t.sessionId, t.teacherKey)
      .where(sql`${t.releasedAt} is null`),
    index('settlement_sessions_teacher_idx').on(t.teacherKey),
    // The ledger's trigger finds the settlements of a session whose revenue moved (released or not).
    index('settlement_sessions_session_idx').on(t.sessionId),
    check('settlement_sessions_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * What the settlements list shows of each settlement's sessions (issue 28): how many, their hours,
 * their classes and what they brought in (Σ `session_revenue_sums` of them), kept by statement
 * triggers on `settlement_sessions` and on `ledger_entries` in the writing transaction (migration
 * 0036; docs/finance.md "Derived figures"), reconciled after every finance test. A settlement
 * without sessions (OtherPayments) has no row. The list reads one row per settlement instead of
 * aggregating ~36 sessions and their revenue per row.
 */
export const settlementSums = pgTable('settlement_sums', {
  settlementId: uuid('settlement_id')
    .primaryKey()
    .references(() => settlements.settlementId, { onDelete: 'cascade' }),
  sessionCount: integer('session_count').notNull(),
  hours: numeric('hours', { precision: 14, scale: 4 }).notNull(),
  classroomIds: uuid('classroom_ids').array().notNull(),
  revenue: money('revenue').notNull(),
});

/**
 * Each teacher's money per class (docs/finance.md "Teacher settlements": earned, paid, unpaid and
 * other payments, from their `teacher_payable` and `teacher_pay` entries; a settlement of no class
 * is the row of no class), kept by the ledger's statement trigger in the posting transaction
 * (migration 0037) and reconciled with the entries after every finance test. All teachers' sums
 * read these rows instead of every teacher entry of the centre's history. Beside the money, the
 * class's held sessions of the teacher (their `session_earning_sums` rows not at 0) and their booked
 * minutes (migration 0042): moved by the same trigger when a session's net earning leaves or comes
 * back to 0, and by `classroom_sessions`' triggers when such a session is resized or deleted.
 */
export const teacherMoneySums = pgTable(
  'teacher_money_sums',
  {
    teacherKey: uuid('teacher_key').notNull(),
    classroomId: uuid('classroom_id'),
    earned: money('earned').notNull(),
    paid: money('paid').notNull(),
    unpaid: money('unpaid').notNull(),
    otherPayments: money('other_payments').notNull(),
    sessionCount: integer('session_count').notNull().default(0),
    minutes: integer('minutes').notNull().default(0),
  },
  (t) => [unique('teacher_money_sums_key').on(t.teacherKey, t.classroomId).nullsNotDistinct()],
);

/**
 * Each session's earnings per teacher, net of their reversals (`earning.%` transactions' teacher
 * payable), kept by the same trigger: a session is one of a teacher's held sessions while its net
 * is not 0 (earnings are > 0), counted with its minutes in `teacher_money_sums`.
 */
export const sessionEarningSums = pgTable(
  'session_earning_sums',
  {
    sessionId: uuid('session_id').notNull(),
    teacherKey: uuid('teacher_key').notNull(),
    classroomId: uuid('classroom_id').notNull(),
    earned: money('earned').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.teacherKey, t.classroomId] }),
    index('session_earning_sums_live_idx').on(t.teacherKey, t.classroomId, t.sessionId).where(sql`${t.earned} <> 0`),
  ],
);

// contracts (issue 28)
