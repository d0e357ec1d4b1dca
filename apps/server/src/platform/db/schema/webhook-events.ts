import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './_columns';
import { providerEnum } from './enums';

/**
 * Provider webhooks as received, stored before they are processed. Not tenant data: the organization is known
 * only after routing by number, so only the system handle reads and writes it.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: providerEnum('provider').notNull(),
    eventId: text('event_id').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A redelivered event hits this and is dropped.
  (t) => [uniqueIndex('webhook_events_provider_event_key').on(t.provider, t.eventId)],
);
