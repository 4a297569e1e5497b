import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authSessions } from './auth.ts';
import { users } from './users.ts';

/**
 * Notifications (issue 12), owned by the notifications module. A row stores a message key and its
 * parameters, rendered in the reader's language on read; `search_text` holds the rendering in
 * every language so a text filter finds it in either. `seq` orders the live stream (its event id,
 * Last-Event-ID catch-up). `event_id` + `user_key` make a subscriber's insert idempotent.
 */
export const notifications = pgTable(
  'notifications',
  {
    notificationId: uuid('notification_id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    userKey: uuid('user_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    messageType: text('message_type').notNull(),
    messageKey: text('message_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    searchText: text('search_text').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The outbox event it was made from (null: written by staff). */
    eventId: uuid('event_id'),
    createdBy: uuid('created_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userKey, t.createMoment, t.notificationId),
    index('notifications_create_moment_idx').on(t.createMoment),
    index('notifications_user_seq_idx').on(t.userKey, t.seq),
    // A page of the read or the unread ones in the list's order, and their count, index only. The
    // list's statement is kept prepared: its generic plan cannot use a partial index for `is_read = $n`.
    index('notifications_user_read_idx').on(t.userKey, t.isRead, t.createMoment, t.notificationId),
    // The bell's count reads only this index: a user's unread rows.
    index('notifications_unread_idx')
      .on(t.userKey)
      .where(sql`not ${t.isRead}`),
    uniqueIndex('notifications_event_user_idx')
      .on(t.eventId, t.userKey)
      .where(sql`${t.eventId} is not null`),
  ],
);

/**
 * One-use tickets that open the live stream (an EventSource cannot send the Authorization header).
 * A ticket belongs to the session that asked for it: it opens nothing once that session ended.
 */
export const notificationStreamTickets = pgTable(
  'notification_stream_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userKey: uuid('user_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notification_stream_tickets_expires_idx').on(t.expiresAt)],
);

// notification channels (issue 12, channels)

/**
 * A user's extra channels per messageType (`{ "Classroom": ["email"], … }`) and the language their
 * e-mails and webhook posts speak (the one they saved their choices in).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userKey: uuid('user_key')
    .primaryKey()
    .references(() => users.publicKey, { onDelete: 'cascade' }),
  choices: jsonb('choices').$type<Record<string, string[]>>().notNull().default({}),
  language: text('language').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The centre's channel settings: one row (`id` = 1), the group-chat webhook. */
export const notificationChannelSettings = pgTable('notification_channel_settings', {
  id: integer('id').primaryKey(),
  webhookUrl: text('webhook_url').notNull().default(''),
  webhookStyle: text('webhook_style').notNull().default('slack'),
  updatedBy: uuid('updated_by').references(() => users.publicKey, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One e-mail or webhook post of one notification, written in the notification's transaction (so
 * a rollback sends nothing) and sent after commit by the job queue. `state`: pending, retrying
 * (an attempt failed, another is due), sent, or failed (out of attempts, kept for an Admin).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    deliveryId: uuid('delivery_id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.notificationId, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updateMoment: timestamp('update_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_unique_idx').on(t.notificationId, t.channel),
    // The Admin's list reads only the deliveries that did not go through.
    index('notification_deliveries_unsent_idx')
      .on(t.updateMoment)
      .where(sql`${t.state} in ('retrying', 'failed')`),
  ],
);
