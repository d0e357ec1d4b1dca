import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { clients } from './clients';
import { campaignTypeEnum, messagingServiceTypeEnum } from './enums';
import { organizations } from './organizations';
import { projects } from './projects';

/**
 * The price of one message (SMS or MMS, registered or unregistered, sent or received) from startAt on.
 * Organization-wide when neither client nor project is set; the most specific applies.
 */
export const prices = pgTable(
  'prices',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    // Exact decimal text ('0.0350'), never a JavaScript number: no float ever holds a price.
    price: numeric('price', { precision: 12, scale: 4, mode: 'string' }).notNull(),
    isSent: boolean('is_sent').notNull(),
    campaignType: campaignTypeEnum('campaign_type').notNull(),
    messagingServiceType: messagingServiceTypeEnum('messaging_service_type').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    projectId: refId('project_id'),
    clientId: refId('client_id'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('prices'),
    tenantKey('prices', t),
    tenantRef('prices', t, t.projectId, projects, 'cascade'),
    tenantRef('prices', t, t.clientId, clients, 'cascade'),
    check('prices_price_not_negative', sql`${t.price} >= 0`),
    check('prices_one_scope', sql`num_nonnulls(${t.clientId}, ${t.projectId}) <= 1`),
    index('prices_org_start_idx').on(t.organizationId, t.startAt),
    index('prices_org_client_idx').on(t.organizationId, t.clientId),
    index('prices_org_project_idx').on(t.organizationId, t.projectId),
  ],
);
