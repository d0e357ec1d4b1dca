import { boolean, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('texts'),
    primaryKey({ name: 'texts_pkey', columns: [t.organizationId, t.id, t.createdAt] }),
    // Restrict: a number that has texts is history; it is released, not deleted.
    tenantRef('texts', t, t.fromPhoneId, phones, 'restrict'),
    tenantRef('texts', t, t.toPhoneId, phones, 'restrict'),
    tenantRef('texts', t, t.projectId, projects, 'cascade'),
    // A provider's status callback finds its text by this, bounded by a recent created_at. Not unique: a UNIQUE
    // on a partitioned table must contain created_at, which the callback does not know.
    index('texts_provider_message_idx').on(t.organizationId, t.provider, t.providerMessageId),
    // With id last, a project's texts tab pages (text_status, id) straight off the index (no sort of a million).
    index('texts_org_project_status_idx').on(t.organizationId, t.projectId, t.textStatus, t.id),
    index('texts_org_to_phone_idx').on(t.organizationId, t.toPhoneId),
    index('texts_org_from_phone_idx').on(t.organizationId, t.fromPhoneId),
    index('texts_org_texter_status_idx').on(t.organizationId, t.texterId, t.textStatus),
    index('texts_org_created_idx').on(t.organizationId, t.createdAt),
    index('texts_org_sent_idx').on(t.organizationId, t.sentAt),
  ],
);
