import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The event outbox (docs/architecture.md "Events"): a domain event is inserted in the same
 * transaction as the change that caused it, and dispatched after commit to its subscribers, at
 * least once. `event_id` is the idempotency key a subscriber uses to ignore a duplicate.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    eventId: uuid('event_id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not before this moment: a failed delivery waits here (back-off). */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** A dispatcher holds the event until then; a crashed one's lease runs out and another takes over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Subscribers that have handled the event, so a retry runs only the ones that failed. */
    doneSubscribers: text('done_subscribers').array().notNull().default(sql`'{}'::text[]`),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** Set when the event ran out of attempts: it stays for an Admin to see. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.availableAt, t.occurredAt)
      .where(sql`${t.dispatchedAt} is null and ${t.failedAt} is null`),
    index('outbox_events_dispatched_idx').on(t.dispatchedAt).where(sql`${t.dispatchedAt} is not null`),
  ],
);
