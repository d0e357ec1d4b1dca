import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  organizationId,
  refId,
  tenantId,
  tenantKey,
  tenantPolicy,
  tenantRef,
  phoneNumber,
  timestamps,
} from './_columns';
import { campaigns } from './campaigns';
import { clients } from './clients';
import { carrierEnum, lineTypeEnum, phoneClassEnum, phoneStatusEnum, phoneTypeEnum, providerEnum } from './enums';
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
    number: phoneNumber('number').notNull(),
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
    // Filled with the carrier by a number lookup; the Landline list filter reads it (null: not looked up yet).
    lineType: lineTypeEnum('line_type'),
    network: text('network'),
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
    // The phones of a campaign, a client or a user (their tabs, and the RESTRICT checks when one is deleted).
    // Partial: recipients, the millions a list load inserts, have none of the three and skip these indexes.
    index('phones_org_campaign_idx')
      .on(t.organizationId, t.campaignId, t.id)
      .where(sql`${t.campaignId} IS NOT NULL`),
    index('phones_org_client_idx')
      .on(t.organizationId, t.clientId, t.id)
      .where(sql`${t.clientId} IS NOT NULL`),
    index('phones_org_user_idx')
      .on(t.organizationId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    // Sender and client numbers by type and date; recipients are listed by number or date (the two below).
    index('phones_org_type_created_idx')
      .on(t.organizationId, t.phoneType, t.createdAt)
      .where(sql`${t.phoneType} <> 'ToPhone'`),
    // The sortable list columns (registry phone.list.sortable) have no index of their own. By number, the unique key
    // above serves the page: (number, id) is read presorted on number and only equal numbers (one per type, at most
    // three) are sorted by id; an index on (organization_id, number, id) cost a list load a second per million
    // recipients. By date, the key (organization_id, id) does (phone.list.sortsById): one on (organization_id,
    // created_at, id) was 0.7 s of CPU per million recipients.
    // "Has a lookup filled any recipient's carrier yet?" (the list filters screen) is one index probe, however
    // many recipients an organization holds; the index stays empty until a lookup provider fills them.
    // The organization's do-not-contact numbers, by number: their list and their count read only this index,
    // however many recipients the organization holds.
    index('phones_org_do_not_contact_idx')
      .on(t.organizationId, t.number)
      .where(sql`${t.doNotContact}`),
    index('phones_org_looked_up_idx')
      .on(t.organizationId)
      .where(sql`${t.phoneType} = 'ToPhone' AND (${t.carrier} IS NOT NULL OR ${t.lineType} IS NOT NULL)`),
  ],
);
