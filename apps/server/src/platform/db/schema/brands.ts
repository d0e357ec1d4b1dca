import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { clients } from './clients';
import { providerConfigurationTypeEnum, providerEnum } from './enums';
import { organizations } from './organizations';

/** One provider setting of a brand's Custom configuration. */
export interface ProviderConfigurationValue {
  envKey: string;
  envValue: string | null;
}

/** A sending identity at one provider; its throughput (messages per second) and daily cap per number shape dispatch. */
export const brands = pgTable(
  'brands',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    provider: providerEnum('provider').notNull(),
    throughput: integer('throughput').notNull(),
    // Segments each of the brand's numbers may send in one of the organization's days; null: no cap.
    dailyCapPerNumber: integer('daily_cap_per_number'),
    code: text('code'),
    color: text('color'),
    clientId: refId('client_id'),
    providerConfigurationType: providerConfigurationTypeEnum('provider_configuration_type')
      .notNull()
      .default('Organization'),
    // Used only when the type is Custom; Organization and Platform read their settings elsewhere.
    providerConfigurationValues: jsonb('provider_configuration_values')
      .$type<ProviderConfigurationValue[]>()
      .notNull()
      .default([]),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('brands'),
    tenantKey('brands', t),
    tenantRef('brands', t, t.clientId, clients, 'restrict'),
    // One per list column, ending with id: the list sorts by (column, id) in either direction (sort-indexes.test.ts).
    index('brands_org_name_idx').on(t.organizationId, t.name, t.id),
    index('brands_org_provider_idx').on(t.organizationId, t.provider, t.id),
    index('brands_org_throughput_idx').on(t.organizationId, t.throughput, t.id),
    index('brands_org_client_idx').on(t.organizationId, t.clientId, t.id),
    index('brands_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);
