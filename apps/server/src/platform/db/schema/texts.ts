import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, organizationId, refId, tenantPolicy, timestamps } from './_columns';
import { messagingServiceTypeEnum, providerEnum, textStatusEnum, textTypeEnum } from './enums';
import { organizations } from './organizations';
import { phones } from './phones';
import { projects } from './projects';
import { users } from './users';

/**
 * One message, sent or received. Whether a text opted its recipient out is an opt_outs row pointing here.
 * Dispatch claims a text (claimed_at) before sending and stores the provider's message id after, so a crash
 * between the two is visible and never resent blindly.
 */
export const texts = pgTable(
  'texts',
  {
    id: id(),
    organizationId: organizationId(() => organizations.id),
    body: text('body').notNull(),
    renderedMessage: text('rendered_message'),
    textStatus: textStatusEnum('text_status').notNull().default('Ready'),
    textType: textTypeEnum('text_type').notNull(),
    messagingServiceType: messagingServiceTypeEnum('messaging_service_type').notNull().default('SMS'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    errorMessage: text('error_message'),
    trackingId: text('tracking_id'),
    fromPhoneId: refId('from_phone_id').references(() => phones.id, { onDelete: 'set null' }),
    toPhoneId: refId('to_phone_id').references(() => phones.id, { onDelete: 'set null' }),
    texterId: refId('texter_id').references(() => users.id, { onDelete: 'set null' }),
    projectId: refId('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    isSendText: boolean('is_send_text').notNull().default(false),
    provider: providerEnum('provider'),
    providerMessageId: text('provider_message_id'),
    segments: integer('segments'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('texts'),
    // A provider's status callback finds its text by this; a duplicate callback matches the same row.
    uniqueIndex('texts_provider_message_key')
      .on(t.organizationId, t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
    index('texts_org_project_status_idx').on(t.organizationId, t.projectId, t.textStatus),
    index('texts_org_to_phone_idx').on(t.organizationId, t.toPhoneId),
    index('texts_org_from_phone_idx').on(t.organizationId, t.fromPhoneId),
    index('texts_org_texter_status_idx').on(t.organizationId, t.texterId, t.textStatus),
    index('texts_org_created_idx').on(t.organizationId, t.createdAt),
    index('texts_org_sent_idx').on(t.organizationId, t.sentAt),
  ],
);
