import { boolean, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { brands } from './brands';
import { clients } from './clients';
import { campaignTypeEnum } from './enums';
import { organizations } from './organizations';

/** A registered (10DLC) or unregistered messaging campaign under a brand; purchased numbers belong to one. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    campaignType: campaignTypeEnum('campaign_type').notNull().default('Registered'),
    // Unregistered campaigns have no client.
    clientId: refId('client_id'),
    brandId: refId('brand_id').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    canBuyMorePhones: boolean('can_buy_more_phones').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('campaigns'),
    tenantKey('campaigns', t),
    tenantRef('campaigns', t, t.clientId, clients, 'restrict'),
    // Restrict: deleting a brand must not silently take its campaigns' numbers with it.
    tenantRef('campaigns', t, t.brandId, brands, 'restrict'),
    // One per list column, ending with id: the list sorts by (column, id) in either direction (sort-indexes.test.ts).
    index('campaigns_org_name_idx').on(t.organizationId, t.name, t.id),
    index('campaigns_org_code_idx').on(t.organizationId, t.code, t.id),
    index('campaigns_org_type_idx').on(t.organizationId, t.campaignType, t.id),
    index('campaigns_org_client_idx').on(t.organizationId, t.clientId, t.id),
    index('campaigns_org_brand_idx').on(t.organizationId, t.brandId, t.id),
    index('campaigns_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);
