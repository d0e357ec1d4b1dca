import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, refId } from './_columns';
import { users } from './users';

// Authentication state. Not tenant data: read and written only through the system handle by the auth module.

/** A signed-in browser: the hash of its rotating refresh token and when it was last active. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_refresh_token_hash_key').on(t.refreshTokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * A refresh token a session has rotated away from, kept so that its reuse is recognised: a rotated token comes
 * back only from a copy (a stolen cookie), and then its whole session is revoked. Pruned once older than the
 * refresh cookie's lifetime, when no browser can still hold it.
 */
export const rotatedRefreshTokens = pgTable(
  'rotated_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: refId('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rotated_refresh_tokens_session_idx').on(t.sessionId, t.rotatedAt)],
);

/** A password-recovery link: its uuid is public, its token is stored only as a hash, and it is used once. */
export const passwordResets = pgTable('password_resets', {
  uuid: text('uuid').primaryKey(),
  userId: refId('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Platform-wide settings shared by every process (the token signing secret when none is configured). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail the server would have sent when no SMTP_URL is set: the development outbox. */
export const outboxEmails = pgTable('outbox_emails', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
