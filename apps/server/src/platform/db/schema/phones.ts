import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { campaigns } from './campaigns';
import { clients } from './clients';
import { carrierEnum, phoneClassEnum, phoneStatusEnum, phoneTypeEnum, providerEnum } from './enums';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Every number the organization knows: purchased sender numbers (FromPhone), client numbers (ClientPhone) and
 * recipients (ToPhone). The number is 10 digits without punctuation.
 */
export const phones = pgTable(
  'phones',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    number: varchar('number', { length: 10 }).notNull(),
    phoneStatus: phoneStatusEnum('phone_status').notNull(),
    phoneType: phoneTypeEnum('phone_type').notNull(),
    phoneClass: phoneClassEnum('phone_class'),
    description: text('description'),
    campaignId: refId('campaign_id'),
    clientId: refId('client_id'),
    userId: refId('user_id').references(() => users.id, { onDelete: 'set null' }),
    doNotContact: boolean('do_not_contact').notNull().default(false),
    state: varchar('state', { length: 2 }),
    carrier: carrierEnum('carrier'),
    network: text('network'),
    // Mobile, landline or VoIP, as a lookup provider reports it; null until a lookup has run (recipients).
    lineType: text('line_type'),
    operatingCompanyId: text('operating_company_id'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    shortCode: text('short_code'),
    // The provider a purchased number was bought from and sends through.
    provider: providerEnum('provider'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('phones'),
    tenantKey('phones', t),
    // Restrict: a campaign's numbers are bought and paid for; they are moved or released, not dropped with it.
    tenantRef('phones', t, t.campaignId, campaigns, 'restrict'),
    // Restrict: a client's sender numbers are bought and paid for, like a campaign's. Its own contact numbers
    // (ClientPhone) are removed by the clients service before the client is deleted.
    tenantRef('phones', t, t.clientId, clients, 'restrict'),
    uniqueIndex('phones_org_number_type_key').on(t.organizationId, t.number, t.phoneType),
    // The one index not led by organization_id: an inbound webhook names only the number, and the system
    // handle routes it to its organization through this.
    index('phones_sender_number_idx')
      .on(t.number)
      .where(sql`${t.phoneType} = 'FromPhone'`),
    index('phones_org_type_created_idx').on(t.organizationId, t.phoneType, t.createdAt),
    // One per list column, ending with id: the list sorts by (column, id) in either direction (sort-indexes.test.ts).
    index('phones_org_number_idx').on(t.organizationId, t.number, t.id),
    index('phones_org_type_idx').on(t.organizationId, t.phoneType, t.id),
    index('phones_org_status_idx').on(t.organizationId, t.phoneStatus, t.id),
    index('phones_org_campaign_idx').on(t.organizationId, t.campaignId, t.id),
    index('phones_org_client_idx').on(t.organizationId, t.clientId, t.id),
    index('phones_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('phones_org_user_idx').on(t.organizationId, t.userId),
  ],
);
