import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Calendar feed addresses (issue 29), owned by the calendar module. One row per holder and subject:
 * a user's own feed (subject = holder), or a staff member's feed of a teacher. Only a hash of the
 * token is kept, so the address is shown once; making a new one replaces the row's hash and the
 * old address stops working. Rows go with either account (cascade).
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    /** sha256 hex of the token (32 random bytes, base64url): the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    holderKey: uuid('holder_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    subjectKey: uuid('subject_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    /** en or zh: the holder's language when the address was made (the feed's few words). */
    language: text('language').notNull(),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feed_tokens_holder_subject_idx').on(t.holderKey, t.subjectKey),
    check('calendar_feed_tokens_language_check', sql`${t.language} in ('en', 'zh')`),
  ],
);
