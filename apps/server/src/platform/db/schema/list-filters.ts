import { sql } from 'drizzle-orm';
import { check, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { clients } from './clients';
import { carrierEnum, listFilterTypeEnum } from './enums';
import { organizations } from './organizations';
import { projects } from './projects';

/**
 * Which recipients a send leaves out. With neither client nor project it applies to the whole organization;
 * project filters override client filters, which override organization filters.
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
    index('list_filters_org_client_idx').on(t.organizationId, t.clientId),
    index('list_filters_org_project_idx').on(t.organizationId, t.projectId),
  ],
);
