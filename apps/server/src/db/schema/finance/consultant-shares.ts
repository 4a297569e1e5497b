import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users.ts';

/**
 * An academic consultant's share of the profit of their students' classes (DESIGN §7 "consultant
 * profit"; docs/finance.md "Profit"): a percent 0–100, set by finance. A consultant without a row
 * takes the config's `CONSULTANT_SHARE_PERCENT` (default 10). Who set it and when; each change is in
 * the audit trail.
 */
export const consultantShares = pgTable(
  'consultant_shares',
  {
    consultantKey: uuid('consultant_key')
      .primaryKey()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    setBy: uuid('set_by').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('consultant_shares_percent_check', sql`${t.percent} >= 0 and ${t.percent} <= 100`)],
);
