import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { classrooms } from './scheduling.ts';
import { users } from './users.ts';
import { contracts } from './finance/contracts.ts';
import { money } from './finance/money.ts';

/**
 * Finance (SPEC §3 Deposit, TeacherFee, Student cost per class; DESIGN §7 "one ledger";
 * docs/finance.md). Business records (deposits, prices, fees, settlements) say what was asked and
 * who confirmed it; money itself lives only in the append-only, double-entry ledger below. Every
 * balance is a sum of ledger entries. Money is numeric(18,2), never a float.
 */

/** Per classroom and student: what one hour costs (set by the consultant). */
export const studentPrices = pgTable(
  'student_prices',
  {
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    costPerHour: money('cost_per_hour').notNull(),
    discountPerHour: money('discount_per_hour').notNull().default('0'),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classroomId, t.studentKey] }),
    check(
      'student_prices_amounts_check',
      sql`${t.costPerHour} >= 0 and ${t.discountPerHour} >= 0 and ${t.discountPerHour} <= ${t.costPerHour}`,
    ),
  ],
);

/** Per classroom: what the teacher earns per hour (set by the financial admin, defaulting from the teacher's fee). */
export const classroomSalaries = pgTable(
  'classroom_salaries',
  {
    classroomId: uuid('classroom_id')
      .primaryKey()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    teacherSalaryPerHour: money('teacher_salary_per_hour').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('classroom_salaries_amount_check', sql`${t.teacherSalaryPerHour} >= 0`)],
);

/** A teacher's fee per hour for a lesson type (SPEC §3 TeacherFee). */
export const teacherFees = pgTable(
  'teacher_fees',
  {
    teacherFeeId: uuid('teacher_fee_id').primaryKey().defaultRandom(),
    teacherKey: uuid('teacher_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    fee: money('fee').notNull(),
    teacherType: text('teacher_type').notNull(),
    lessonType: text('lesson_type').notNull(),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teacher_fees_teacher_lesson_type_unique').on(t.teacherKey, t.lessonType),
    check('teacher_fees_fee_check', sql`${t.fee} >= 0`),
  ],
);

/**
 * A deposit a student makes for a classroom. Its money reaches the ledger only when confirmed
 * (both confirmations, or one direct confirm); a confirmed deposit is never edited or deleted, it
 * is reversed (a reversing ledger transaction) and keeps its row.
 */
export const deposits = pgTable(
  'deposits',
  {
    depositId: uuid('deposit_id').primaryKey().defaultRandom(),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    /** The class it credits; null for a contract payment (issue 28). */
    classroomId: uuid('classroom_id').references(() => classrooms.classroomId, { onDelete: 'restrict' }),
    /** contracts (issue 28): the contract a deposit of type Contract pays; a contract with payments is kept. */
    contractId: uuid('contract_id').references(() => contracts.contractId, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    discountValue: money('discount_value').notNull().default('0'),
    depositType: text('deposit_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    chargeAt: timestamp('charge_at', { withTimezone: true }).notNull(),
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
    index('deposits_create_moment_idx').on(t.createMoment),
    index('deposits_student_idx').on(t.studentKey, t.createMoment),
    index('deposits_classroom_idx').on(t.classroomId, t.createMoment),
    // large-data: the deposits page filtered by payment method reads it in order, and its count and
    // sums by an index-only scan (what the sums read is in the index: 15 → 4 ms for 20,000 Cash
    // deposits on PostgreSQL; bench/EXPLAIN.md)
    index('deposits_payment_method_idx').on(
      t.paymentMethod,
      t.createMoment,
      t.amount,
      t.confirmedAt,
      t.reversedAt,
    ),
    check('deposits_amount_check', sql`${t.amount} > 0 and ${t.discountValue} >= 0`),
    check('deposits_reversed_check', sql`${t.reversedAt} is null or ${t.confirmedAt} is not null`),
    // contracts (issue 28): a deposit pays a class or (type Contract) a contract, never both; a
    // contract payment carries no discount of its own. Older deposits typed Contract with a class
    // stay what they were: class credit.
    index('deposits_contract_idx').on(t.contractId),
    // The staff tasks (issue 29, the sidebar's badge on every page): the deposits waiting for a
    // confirmation and whose student, without reading every deposit ever made.
    index('deposits_waiting_idx').on(t.studentKey).where(sql`${t.confirmedAt} is null`),
    check('deposits_target_check', sql`(${t.classroomId} is null) <> (${t.contractId} is null)`),
    check(
      'deposits_contract_check',
      sql`${t.contractId} is null or (${t.depositType} = 'Contract' and ${t.discountValue} = 0)`,
    ),
  ],
);

/**
 * One ledger transaction: a balanced set of entries posted together with its business record.
 * `idempotencyKey` makes a posting happen once however often it is asked for; a reversal names
 * the transaction it reverses (once: unique).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    transactionId: uuid('transaction_id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    reversesTransactionId: uuid('reverses_transaction_id'),
    depositId: uuid('deposit_id'),
    sessionId: uuid('session_id'),
    actorKey: uuid('actor_key'),
    memo: text('memo'),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_unique').on(t.idempotencyKey),
    uniqueIndex('ledger_transactions_reverses_unique').on(t.reversesTransactionId),
    index('ledger_transactions_deposit_idx').on(t.depositId),
    index('ledger_transactions_session_idx').on(t.sessionId),
  ],
);

/**
 * One entry: `amount` > 0 is a debit, < 0 a credit, never 0. The entries of a transaction sum to
 * zero (a deferred constraint trigger checks it at commit); no entry or transaction is ever updated
 * or deleted (triggers refuse it). Accounts and their keys: docs/finance.md.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    entryId: bigserial('entry_id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.transactionId, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    studentKey: uuid('student_key'),
    classroomId: uuid('classroom_id'),
    teacherKey: uuid('teacher_key'),
    amount: money('amount').notNull(),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_student_idx').on(t.account, t.studentKey, t.classroomId),
    index('ledger_entries_classroom_idx').on(t.account, t.classroomId),
    index('ledger_entries_teacher_idx').on(t.account, t.teacherKey),
    // The financial report and profit (issue 28): an account's entries in a period, amount,
    // transaction, class and student in the index so a period's sums are index-only ranges (a year
    // on the large centre: report ~1.2 s → ~0.4 s; profit docs/finance.md "Profit"). Drizzle cannot
    // write INCLUDE, so they are trailing key columns.
    index('ledger_entries_account_moment_idx').on(t.account, t.createMoment, t.amount, t.transactionId, t.classroomId, t.studentKey),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * The sums of each student's credit account per classroom (`student_credit` entries), kept by a
 * statement trigger on `ledger_entries` in the same transaction as the entries it adds (migration
 * 0023): the ledger stays the only source, and a test reconciles these rows with the entries'
 * sums after every finance test (`expectLedgerBalanced`). It lets debtors and balances read one
 * row per (student, classroom) instead of summing every entry on each request.
 */
export const studentCreditSums = pgTable(
  'student_credit_sums',
  {
    studentKey: uuid('student_key').notNull(),
    classroomId: uuid('classroom_id').notNull(),
    paid: money('paid').notNull(),
    used: money('used').notNull(),
    sideCosts: money('side_costs').notNull(),
    remaining: money('remaining').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentKey, t.classroomId] }),
    index('student_credit_sums_classroom_idx').on(t.classroomId),
    // Debtors: the rows in debit in the page's order, largest debt first (the amount owed is the
    // debtors list's `greatest(-remaining, 0)`, read backwards), and their count.
    index('student_credit_sums_debtors_idx')
      .on(sql`greatest(-${t.remaining}, 0)`, t.studentKey)
      .where(sql`${t.remaining} < 0`),
    // The Balances page: every account, least remaining first (its order), and their count.
    index('student_credit_sums_remaining_idx').on(t.remaining, t.studentKey, t.classroomId),
  ],
);

/**
 * What each session brought in: the students' revenue of it (`revenue` entries of transactions of
 * the session — its charges net of their corrections and reversals, credit-normal, so the negated
 * sum), kept by a statement trigger on `ledger_entries` like the credit sums (migration 0036) and
 * reconciled with the entries after every finance test (`expectLedgerBalanced`). The settlements
 * list's profit per row reads one row per paid session instead of every charge of it (issue 28).
 */
export const sessionRevenueSums = pgTable('session_revenue_sums', {
  sessionId: uuid('session_id').primaryKey(),
  revenue: money('revenue').notNull(),
});

/**
 * The deposits page's sums per payment method over every deposit (confirmed and unreversed:
 * `confirmed`; not yet confirmed: `waiting`), kept by statement triggers on `deposits` in the
 * writing transaction (migration 0024) and reconciled with the deposits after every finance test
 * (`expectLedgerBalanced`). The unfiltered sums an admin opens the page with read these five rows
 * instead of adding up every deposit; a filtered or scoped page still sums its own rows.
 */
export const depositMethodSums = pgTable('deposit_method_sums', {
  paymentMethod: text('payment_method').primaryKey(),
  confirmed: money('confirmed').notNull(),
  waiting: money('waiting').notNull(),
});

// ————————————————————————————————————————————— transfers (issue 11: finance transfers)

/**
 * A transfer of a student's unused credit from one classroom to another (SPEC §3 Transfer; DESIGN
 * §7). It waits until confirmed — the consultant, then the financial admin; or one general
 * confirm — and only then posts to the ledger (`transfer:<id>:confirmed`): debit the student's
 * credit in the source, credit it in the destination. A confirmed transfer is never edited or
 * deleted: it is reversed. `chargePerHour` / `incomePerHour` are the net prices per hour in the
 * source / destination when it was recorded (the hours it stands for on each side).
 */
export const transfers = pgTable(
  'transfers',
  {
    transferId: uuid('transfer_id').primaryKey().defaultRandom(),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    sourceClassroomId: uuid('source_classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'restrict' }),
    destinationClassroomId: uuid('destination_classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    chargePerHour: money('charge_per_hour'),
    incomePerHour: money('income_per_hour'),
    description: text('description'),
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
    index('transfers_create_moment_idx').on(t.createMoment),
    index('transfers_student_idx').on(t.studentKey, t.createMoment),
    index('transfers_source_idx').on(t.sourceClassroomId),
    index('transfers_destination_idx').on(t.destinationClassroomId),
    check(
      'transfers_amount_check',
      sql`${t.amount} > 0 and coalesce(${t.chargePerHour}, 0) >= 0 and coalesce(${t.incomePerHour}, 0) >= 0`,
    ),
    check('transfers_classrooms_check', sql`${t.sourceClassroomId} <> ${t.destinationClassroomId}`),
    check('transfers_reversed_check', sql`${t.reversedAt} is null or ${t.confirmedAt} is not null`),
  ],
);

// finance: side costs (issue 11, fin-fees)
/**
 * A student's side cost in a classroom (SPEC §3 "side costs": title + amount), set by their
 * consultant. The row says what was asked; its money is a ledger charge (`charge.sideCost`) whose
 * id is `transactionId`. A changed amount reverses that charge and posts a new one; a removed side
 * cost keeps its row (`removedAt`) and its charge is reversed — nothing in the ledger is edited.
 */
export const studentSideCosts = pgTable(
  'student_side_costs',
  {
    sideCostId: uuid('side_cost_id').primaryKey().defaultRandom(),
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'restrict' }),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    amount: money('amount').notNull(),
    transactionId: uuid('transaction_id').references(() => ledgerTransactions.transactionId, {
      onDelete: 'restrict',
    }),
    createdBy: uuid('created_by').notNull(),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedBy: uuid('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('student_side_costs_classroom_student_idx').on(t.classroomId, t.studentKey, t.createMoment),
    // the side costs list (issue 28): newest first over the live rows, by student, the title's search
    index('student_side_costs_live_idx').on(t.createMoment, t.sideCostId).where(sql`${t.removedAt} is null`),
    index('student_side_costs_student_idx').on(t.studentKey, t.createMoment),
    index('student_side_costs_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    check('student_side_costs_amount_check', sql`${t.amount} > 0`),
  ],
);

// finance: a deposit's receipt or contract file (issue 11, receipt)
/**
 * The one receipt or contract file of a deposit (PDF or image, checked by content), kept under
 * DATA_DIR/files/deposit-receipts/ with a server-made name. A new upload replaces the row (a new
 * `receiptId`, so links to the old file stop working); a deleted deposit takes its row along.
 */
export const depositReceipts = pgTable('deposit_receipts', {
  receiptId: uuid('receipt_id').primaryKey().defaultRandom(),
  depositId: uuid('deposit_id')
    .notNull()
    .unique()
    .references(() => deposits.depositId, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  storedName: text('stored_name').notNull().unique(),
  kind: text('kind').notNull(),
  sizeInBytes: bigint('size_in_bytes', { mode: 'number' }).notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.publicKey, { onDelete: 'set null' }),
  createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
});

/** One-use, five-minute download tickets of deposit receipts (lib/download-tickets.ts). */
export const depositReceiptTickets = pgTable(
  'deposit_receipt_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => depositReceipts.receiptId, { onDelete: 'cascade' }),
    userKey: uuid('user_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('deposit_receipt_tickets_expires_idx').on(t.expiresAt),
    index('deposit_receipt_tickets_receipt_idx').on(t.receiptId),
  ],
);

// Settlements and contracts (issue 28), in files of their own; modules import them from here, the finance schema.
export * from './finance/settlements.ts';
export * from './finance/contracts.ts';
export * from './finance/consultant-shares.ts';
