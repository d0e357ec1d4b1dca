import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { clientStatusEnum, clientTypeEnum } from './enums';
import { organizations } from './organizations';

/** Campaign or candidate accounts, agencies and others; a client may belong to an agency (another client). */
export const clients = pgTable(
  'clients',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    note: text('note'),
    email: text('email'),
    website: text('website'),
    phone: varchar('phone', { length: 10 }),
    slug: text('slug'),
    color: text('color'),
    slogan: text('slogan'),
    state: varchar('state', { length: 2 }),
    clientType: clientTypeEnum('client_type').notNull(),
    clientStatus: clientStatusEnum('client_status').notNull().default('Active'),
    agencyId: refId('agency_id'),
    mediaUrl: text('media_url'),
    optOutMessage: text('opt_out_message'),
    // What Canvass answers HELP or INFO with for this client (issue 15); none: the default of keywordReplies.help.
    helpMessage: text('help_message'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('clients'),
    tenantKey('clients', t),
    tenantRef('clients', t, t.agencyId, t, 'restrict'),
    // Per organization (Citus refuses a UNIQUE without organization_id). The public opt-in page (/{slug}/opt-in)
    // needs a slug unique across organizations too: the clients service checks that through the lookup index below,
    // which, like the sender-number index of phones, is not led by organization_id because its reader knows none.
    uniqueIndex('clients_slug_key')
      .on(t.organizationId, sql`lower(${t.slug})`)
      .where(sql`${t.slug} IS NOT NULL`),
    index('clients_slug_lookup_idx')
      .on(sql`lower(${t.slug})`)
      .where(sql`${t.slug} IS NOT NULL`),
    // One per list column, ending with id: the list sorts by (column, id) in either direction (sort-indexes.test.ts).
    index('clients_org_name_idx').on(t.organizationId, t.name, t.id),
    index('clients_org_status_idx').on(t.organizationId, t.clientStatus, t.id),
    index('clients_org_type_idx').on(t.organizationId, t.clientType, t.id),
    index('clients_org_agency_idx').on(t.organizationId, t.agencyId, t.id),
    index('clients_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);
