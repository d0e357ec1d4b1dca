import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './_columns';
import { providerEnum } from './enums';

/**
 * Provider webhooks as received, stored before they are processed. Not tenant data (no foreign key to or from the
 * tenant tables, ARCHITECTURE §6), and only verified events are stored: each is routed first, by the number it
 * concerns, to the organization and sender number whose provider settings verified its signature, and both are
 * recorded here so the processing job touches that organization's texts and no other's.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: providerEnum('provider').notNull(),
    eventId: text('event_id').notNull(),
    // Named apart from organization_id, the column that makes a table tenant data (distributed by Citus, under
    // row-level security): these rows stay on the coordinator, keyed by the provider's event id.
    routedOrganizationId: bigint('routed_organization_id', { mode: 'number' }).notNull(),
    // The sender number (a FromPhone) the event was routed to: its provider's settings verified the signature.
    routedPhoneId: bigint('routed_phone_id', { mode: 'number' }).notNull(),
    // The event as the provider's parseWebhook read it (a WebhookEvent).
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    // The request body as it arrived, kept for audit and to reprocess should a parser have been wrong.
    rawBody: text('raw_body').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A redelivered event hits this and is dropped. Per organization: event ids are unique only within the provider
    // account that made them, and another organization (its own account, or anyone with its own signing secret) may
    // send the same id first; keyed by provider and id alone, that one would drop this organization's event.
    uniqueIndex('webhook_events_provider_organization_event_key').on(t.provider, t.routedOrganizationId, t.eventId),
    // The processing job's queue: an organization's events not yet processed, oldest first.
    index('webhook_events_unprocessed_idx')
      .on(t.routedOrganizationId, t.id)
      .where(sql`${t.processedAt} IS NULL`),
  ],
);
