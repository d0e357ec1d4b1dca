import { sql } from 'drizzle-orm';
import { check, index, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { clients } from './clients';
import { carrierEnum, listFilterTypeEnum } from './enums';
import { organizations } from './organizations';
import { projects } from './projects';

/**
 * Which recipients a send leaves out. With neither client nor project it applies to the whole organization;
 * project filters override client filters, which override organization filters (effectiveListFilters).
 */
export const listFilters = pgTable(
  'list_filters',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    clientId: refId('client_id'),
    projectId: refId('project_id'),
    listFilterType: listFilterTypeEnum('list_filter_type').notNull(),
    carrier: carrierEnum('carrier'),
    state: varchar('state', { length: 2 }),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('list_filters'),
    tenantKey('list_filters', t),
    tenantRef('list_filters', t, t.clientId, clients, 'cascade'),
    tenantRef('list_filters', t, t.projectId, projects, 'cascade'),
    check('list_filters_one_scope', sql`num_nonnulls(${t.clientId}, ${t.projectId}) <= 1`),
    // The registry's rules, kept by the table too: a Carrier filter names a carrier, a State filter a state, and
    // no other filter either.
    check('list_filters_carrier_iff_type', sql`(${t.listFilterType} = 'Carrier') = (${t.carrier} IS NOT NULL)`),
    check('list_filters_state_iff_type', sql`(${t.listFilterType} = 'State') = (${t.state} IS NOT NULL)`),
    // One filter per level, type and value: NULLS NOT DISTINCT, so the organization level (no client, no project)
    // and the value-less types are unique too. Led by organization_id, so Citus can keep it per shard.
    unique('list_filters_one_per_level_key')
      .on(t.organizationId, t.clientId, t.projectId, t.listFilterType, t.carrier, t.state)
      .nullsNotDistinct(),
    index('list_filters_org_project_idx').on(t.organizationId, t.projectId),
    // One per list column, ending with id: the list sorts by (column, id) in either direction (sort-indexes.test.ts).
    index('list_filters_org_client_idx').on(t.organizationId, t.clientId, t.id),
    index('list_filters_org_type_idx').on(t.organizationId, t.listFilterType, t.id),
    index('list_filters_org_carrier_idx').on(t.organizationId, t.carrier, t.id),
    index('list_filters_org_state_idx').on(t.organizationId, t.state, t.id),
  ],
);
