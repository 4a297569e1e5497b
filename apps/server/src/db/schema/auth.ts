import { boolean, index, inet, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A signed-in session: opaque tokens stored only as SHA-256 hashes, revocable at once (DESIGN §5). */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userKey: uuid('user_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    accessTokenHash: text('access_token_hash').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_sessions_access_unique').on(t.accessTokenHash),
    uniqueIndex('auth_sessions_refresh_unique').on(t.refreshTokenHash),
    index('auth_sessions_user_idx').on(t.userKey),
  ],
);

/** Every sign-in attempt, successful or not, for the login history (SPEC §3). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userKey: uuid('user_key').references(() => users.publicKey, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    success: boolean('success').notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_user_idx').on(t.userKey, t.at)],
);
