import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, organizationId, refId, tenantPolicy, timestamps } from './_columns';
import { clientStatusEnum, clientTypeEnum } from './enums';
import { organizations } from './organizations';

/** Campaign or candidate accounts, agencies and others; a client may belong to an agency (another client). */
export const clients = pgTable(
  'clients',
  {
    id: id(),
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
    agencyId: refId('agency_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    mediaUrl: text('media_url'),
    optOutMessage: text('opt_out_message'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('clients'),
    // Global, not per organization: the public opt-in pages find the client by slug alone.
    uniqueIndex('clients_slug_key')
      .on(sql`lower(${t.slug})`)
      .where(sql`${t.slug} IS NOT NULL`),
    index('clients_org_name_idx').on(t.organizationId, t.name),
    index('clients_org_status_idx').on(t.organizationId, t.clientStatus),
    index('clients_org_type_idx').on(t.organizationId, t.clientType),
    index('clients_org_agency_idx').on(t.organizationId, t.agencyId),
    index('clients_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
