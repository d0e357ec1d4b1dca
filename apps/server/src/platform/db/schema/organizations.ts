import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, inVisibleOrganizations, tenantPolicy, timestamps } from './_columns';

/** The tenants. A transaction sees the organizations it was opened for, by the same rule as every tenant table. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    logotypeUrl: text('logotype_url'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('organizations', inVisibleOrganizations('id')),
    uniqueIndex('organizations_domain_key').on(t.domain),
    index('organizations_name_idx').on(t.name),
  ],
);
