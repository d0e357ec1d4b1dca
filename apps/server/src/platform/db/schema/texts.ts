import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantPolicy, tenantRef, timestamps } from './_columns';
import { mediaPositionEnum, messagingServiceTypeEnum, providerEnum, textStatusEnum, textTypeEnum } from './enums';
import { organizations } from './organizations';
import { phones } from './phones';
import { projects } from './projects';
import { users } from './users';

/**
 * One message, sent or received. Partitioned by month on created_at (migration 0004, which Drizzle cannot
 * declare; keep the two in step): the key carries created_at, and nothing holds a foreign key to a text (it would
 * block detaching an old month), so whoever refers to a text keeps (text_id, text_created_at).
 * Whether a text opted its recipient out is an opt_outs row pointing here.
 * Dispatch claims a text (claimed_at) before sending and stores the provider's message id after, so a crash
 * between the two is visible and never resent blindly.
 */
export const texts = pgTable(
  'texts',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    body: text('body').notNull(),
    renderedMessage: text('rendered_message'),
    textStatus: textStatusEnum('text_status').notNull().default('Ready'),
    textType: textTypeEnum('text_type').notNull(),
    messagingServiceType: messagingServiceTypeEnum('messaging_service_type').notNull().default('SMS'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    errorMessage: text('error_message'),
    trackingId: text('tracking_id'),
    fromPhoneId: refId('from_phone_id'),
    toPhoneId: refId('to_phone_id'),
    texterId: refId('texter_id').references(() => users.id, { onDelete: 'set null' }),
    projectId: refId('project_id'),
    isSendText: boolean('is_send_text').notNull().default(false),
    provider: providerEnum('provider'),
    providerMessageId: text('provider_message_id'),
    segments: integer('segments'),
    // What the text costs (prices.ts: SMS price × segments, MMS price), set when it is made; exact, never a float.
    price: numeric('price', { precision: 12, scale: 4, mode: 'string' }),
    // Where an MMS's media goes relative to its body (the project's choice); null for an SMS.
    mediaPosition: mediaPositionEnum('media_position'),
    // The media of a received MMS, as the provider's URLs (a sent text's media is its project's).
    mediaUrls: text('media_urls').array(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    // Dispatch: a text a provider asked us to retry waits until send_after; send_attempts counts the claims, so
    // retries back off and end, and a resend gets a fresh idempotency key.
    sendAfter: timestamp('send_after', { withTimezone: true }),
    sendAttempts: smallint('send_attempts').notNull().default(0),
    // A user's resend of this text: part of its idempotency key, so the provider takes it as a new message.
    resendCount: smallint('resend_count').notNull().default(0),
    // A reply Canvass sends by itself to a keyword (the opt-out, help and re-subscribe confirmations): it answers a
    // message the recipient just sent, so it goes out at any hour and to a number that has just opted out, where
    // the send-time checks (quiet hours, opt-outs) hold every other text.
    autoReply: boolean('auto_reply').notNull().default(false),
    ...timestamps(),
    // Milliseconds: a text's key travels through providers as TextRef.createdAtMs and must find the row again.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [
    tenantPolicy('texts'),
    primaryKey({ name: 'texts_pkey', columns: [t.organizationId, t.id, t.createdAt] }),
    // Restrict: a number that has texts is history; it is released, not deleted.
    tenantRef('texts', t, t.fromPhoneId, phones, 'restrict'),
    tenantRef('texts', t, t.toPhoneId, phones, 'restrict'),
    tenantRef('texts', t, t.projectId, projects, 'cascade'),
    // Which indexes a text pays for is measured by the project load (bench project-load: a million Ready texts in
    // one INSERT … SELECT, where each full index cost about a second). The ones below that only sent, assigned or
    // provider-known texts need are partial, so a freshly loaded Ready text is in none of them.
    // A provider's status callback finds its text by this, bounded by a recent created_at. Not unique: a UNIQUE
    // on a partitioned table must contain created_at, which the callback does not know.
    index('texts_provider_message_idx')
      .on(t.organizationId, t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
    // With id last, a project's texts tab pages (text_status, id) straight off the index (no sort of a million),
    // and sending claims a project's Ready texts through it.
    index('texts_org_project_status_idx').on(t.organizationId, t.projectId, t.textStatus, t.id),
    // Full: they serve the RESTRICT checks when a phone is deleted (a partial index cannot), and a number's texts.
    index('texts_org_to_phone_idx').on(t.organizationId, t.toPhoneId),
    index('texts_org_from_phone_idx').on(t.organizationId, t.fromPhoneId),
    // A texter's work queue: only texts assigned to a texter.
    // Dispatch's queue of single texts (test, seed, 'Save and send', sendText): only those waiting to go out.
    index('texts_send_queue_idx')
      .on(t.organizationId, t.id)
      .where(sql`${t.isSendText} AND ${t.textStatus} = 'Ready'`),
    // Dispatch's reconciliation: texts claimed and not yet settled, oldest claim first.
    index('texts_claimed_idx')
      .on(t.organizationId, t.claimedAt)
      .where(sql`${t.textStatus} = 'Queued'`),
    index('texts_org_texter_status_idx')
      .on(t.organizationId, t.texterId, t.textStatus)
      .where(sql`${t.texterId} IS NOT NULL`),
    index('texts_org_sent_idx')
      .on(t.organizationId, t.sentAt)
      .where(sql`${t.sentAt} IS NOT NULL`),
    // No (organization_id, created_at) index: nothing reads texts by date yet, and a date range is the partition
    // key (pruned to its months). A short link's tracking_id gets its index with the short links (partial on
    // tracking_id IS NOT NULL), so a load without a link pays nothing for it.
  ],
);
