import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { providerConfigurationTypeEnum, providerEnum } from './enums';
import { organizations } from './organizations';

/** A host name that serves the organization's short links and clients' legal pages. */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    domain: text('domain').notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('custom_domains'),
    tenantKey('custom_domains', t),
    // Per organization: Citus refuses a UNIQUE without organization_id. A request's host must still name one
    // organization, so whatever saves a domain checks first that no other organization has it.
    uniqueIndex('custom_domains_domain_key').on(t.organizationId, sql`lower(${t.domain})`),
    // Routes a request's host to its organization (not unique, hence allowed on a distributed table).
    index('custom_domains_domain_idx').on(sql`lower(${t.domain})`),
  ],
);

/** A named value the message editor can insert (field is the placeholder's name). */
export const textDefaults = pgTable(
  'text_defaults',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    field: text('field').notNull(),
    value: text('value').notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('text_defaults'),
    tenantKey('text_defaults', t),
    uniqueIndex('text_defaults_field_key').on(t.organizationId, t.field),
    // The TextDefaults list sorts by key or by creation, each with id (sort-indexes.test.ts).
    index('text_defaults_org_field_idx').on(t.organizationId, t.field, t.id),
    index('text_defaults_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);

/** The colour that marks a provider's numbers and texts. */
export const providerColors = pgTable(
  'provider_colors',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    provider: providerEnum('provider').notNull(),
    color: text('color').notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('provider_colors'),
    tenantKey('provider_colors', t),
    uniqueIndex('provider_colors_provider_key').on(t.organizationId, t.provider),
  ],
);

/** The organization's credentials for one provider; brands of type Organization send with the active one. */
export const providerConfigurations = pgTable(
  'provider_configurations',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    provider: providerEnum('provider').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    type: providerConfigurationTypeEnum('type').notNull().default('Organization'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('provider_configurations'),
    tenantKey('provider_configurations', t),
    index('provider_configurations_org_provider_idx').on(t.organizationId, t.provider),
    index('provider_configurations_org_name_idx').on(t.organizationId, t.name),
  ],
);

/** One setting (env key and value) of a provider configuration. */
export const providerConfigurationValues = pgTable(
  'provider_configuration_values',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    providerConfigurationId: refId('provider_configuration_id').notNull(),
    envKey: text('env_key').notNull(),
    envValue: text('env_value'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('provider_configuration_values'),
    tenantKey('provider_configuration_values', t),
    tenantRef('provider_configuration_values', t, t.providerConfigurationId, providerConfigurations, 'cascade'),
    uniqueIndex('provider_configuration_values_key').on(t.organizationId, t.providerConfigurationId, t.envKey),
  ],
);
