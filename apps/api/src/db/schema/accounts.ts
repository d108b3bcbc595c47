import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    profileImageKey: text('profile_image_key'),
    emailConfirmedAt: tstz('email_confirmed_at'),
    /** Access tokens issued before this instant are refused (sign-out everywhere). */
    tokensValidAfter: tstz('tokens_valid_after').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);
export type TUserRow = typeof users.$inferSelect;

/** One signed-in device: its refresh tokens rotate, and reuse of an old one revokes it. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    revokedAt: tstz('revoked_at'),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use tokens sent by email: confirm an address, reset a password. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Attempts counted per account or address (sign-in, password reset …) in the database, so every API process
 * sees the same count. Rows older than a day are removed by the sweeper.
 */
export const attempts = pgTable(
  'attempts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [index('attempts_scope_key_at_idx').on(t.scope, t.key, t.at)],
);
