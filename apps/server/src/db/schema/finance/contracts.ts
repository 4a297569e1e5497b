import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users.ts';
import { money } from './money.ts';

/**
 * A student's contract (SPEC §3 Contract; DESIGN §7 "Contracts"; docs/finance.md "Contracts"): a
 * school or university application or a project, its value (the centre's profit on it) and a
 * discount off the whole. A contract is an agreement, not money: nothing is posted for it. Its
 * payments are deposits of type Contract (`deposits.contract_id`), posted when confirmed; paid and
 * balance are read from the ledger. A contract with payments is not deleted (the deposits' key).
 */
export const contracts = pgTable(
  'contracts',
  {
    contractId: uuid('contract_id').primaryKey().defaultRandom(),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    contractType: text('contract_type').notNull(),
    contractValue: money('contract_value').notNull(),
    discountValue: money('discount_value').notNull().default('0'),
    createdBy: uuid('created_by').notNull(),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contracts_create_moment_idx').on(t.createMoment, t.contractId),
    index('contracts_student_idx').on(t.studentKey, t.createMoment),
    index('contracts_type_idx').on(t.contractType, t.createMoment),
    check(
      'contracts_type_check',
      sql`${t.contractType} in ('ApplicationForIndependentSchools', 'ApplicationForUniversities', 'ProjectsOrAcademicConferences')`,
    ),
    check('contracts_amounts_check', sql`${t.contractValue} > 0 and ${t.discountValue} >= 0`),
  ],
);

/** A contract's additional contracts (title, value), in order; an edit writes the list again. */
export const contractAdditions = pgTable(
  'contract_additions',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    value: money('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.position] }),
    check('contract_additions_value_check', sql`${t.value} > 0`),
  ],
);

/**
 * A contract's file (PDF or image, checked by content), kept under DATA_DIR/files/contract-files/
 * with a server-made name. A new upload replaces the row (a new `fileId`, so links to the old file
 * stop working); a deleted contract takes its row along.
 */
export const contractFiles = pgTable('contract_files', {
  fileId: uuid('file_id').primaryKey().defaultRandom(),
  contractId: uuid('contract_id')
    .notNull()
    .unique()
    .references(() => contracts.contractId, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  storedName: text('stored_name').notNull().unique(),
  kind: text('kind').notNull(),
  sizeInBytes: bigint('size_in_bytes', { mode: 'number' }).notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.publicKey, { onDelete: 'set null' }),
  createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
});

/** One-use, five-minute download tickets of contract files (lib/download-tickets.ts). */
export const contractFileTickets = pgTable(
  'contract_file_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => contractFiles.fileId, { onDelete: 'cascade' }),
    userKey: uuid('user_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('contract_file_tickets_expires_idx').on(t.expiresAt),
    index('contract_file_tickets_file_idx').on(t.fileId),
  ],
);
