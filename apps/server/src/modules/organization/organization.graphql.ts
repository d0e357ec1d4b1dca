import { organization, Provider, ProviderConfigurationType } from '@canvass/domain';
import { isOrganizationAdmin } from '../../platform/auth/organization-admin';
import { assertCan } from '../../platform/auth/viewer';
import { builder, FieldErrorRef, toFieldErrors, type FieldErrorShape } from '../../platform/graphql/builder';
import type { Context } from '../../platform/graphql/context';
import { enumRef } from '../../platform/graphql/enums';
import {
  childTypesOf,
  EnvKeyValueInput,
  EnvKeyValueRef,
  parseId,
  RecordAbilitiesRef,
  type ChildRow,
} from '../../platform/graphql/resource-schema';
import { sealSettingInputs, type SettingInput } from '../../platform/secrets/key-values';
import { OrganizationRef } from '../auth/auth.graphql';
import type { OrganizationSummary } from '../auth/current-user';
import {
  findOrganization,
  loadOrganizationPrices,
  loadOrganizationRows,
  updateOrganization,
  type SealedOrganizationAttributes,
} from './organization.service';
import { PriceInput, PriceRef } from '../prices/prices.graphql';
import { loadProviderConfigurations, type ProviderConfigurationView } from './provider-configurations';
import type { RowsName } from './organization-rows';
import { QuietHoursInput } from './quiet-hours.graphql';

/**
 * The organization screen's API (spec §3 Organization, §7 `organization`, `updateOrganization`): the Organization
 * type gains its settings, readable with View on Organization and only for the viewer's own organization.
 */

const ProviderConfigurationRef = builder.objectRef<ProviderConfigurationView>('ProviderConfiguration').implement({
  description: "The organization's credentials for a provider; values are write-only (only whether each is set)",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    provider: t.field({ type: enumRef(Provider), resolve: (c) => c.provider as never }),
    isActive: t.exposeBoolean('isActive'),
    type: t.field({ type: enumRef(ProviderConfigurationType), resolve: (c) => c.type as never }),
    values: t.field({ type: [EnvKeyValueRef], resolve: (c) => c.values }),
  }),
});
const ProviderConfigurationInput = builder.inputType('ProviderConfigurationInput', {
  fields: (t) => ({
    id: t.id(),
    _destroy: t.boolean(),
    name: t.string(),
    provider: t.string(),
    isActive: t.boolean(),
    values: t.field({ type: [EnvKeyValueInput] }),
  }),
});

const f = organization.fields;
const OrganizationAttributesInput = builder.inputType('OrganizationAttributes', {
  fields: (t) => ({
    name: t.string(),
    domain: t.string(),
    timeZone: t.string(),
    textDefaults: t.field({ type: [childTypesOf(f.textDefaults).input] }),
    customDomains: t.field({ type: [childTypesOf(f.customDomains).input] }),
    providerColors: t.field({ type: [childTypesOf(f.providerColors).input] }),
    prices: t.field({ type: [PriceInput] }),
    providerConfigurations: t.field({ type: [ProviderConfigurationInput] }),
    quietHours: t.field({ type: QuietHoursInput }),
  }),
});

/** A setting of the viewer's own organization, through its tenant transaction; nothing for another organization. */
function settingOf<T>(
  ctx: Context,
  org: OrganizationSummary,
  load: (tx: Parameters<Parameters<Context['tenant']>[0]>[0]) => Promise<T[]>,
) {
  const viewer = assertCan(ctx.viewer, 'View', 'Organization');
  if (org.id !== viewer.organizationId) return [];
  return ctx.tenant((tx) => load(tx));
}

const rowsField = (name: RowsName) => (org: OrganizationSummary, _a: unknown, ctx: Context) =>
  settingOf(ctx, org, (tx) => loadOrganizationRows(tx, org.id, name)) as Promise<ChildRow[]>;

builder.objectFields(OrganizationRef, (t) => ({
  textDefaults: t.field({ type: [childTypesOf(f.textDefaults).output], resolve: rowsField('textDefaults') }),
  customDomains: t.field({ type: [childTypesOf(f.customDomains).output], resolve: rowsField('customDomains') }),
  providerColors: t.field({ type: [childTypesOf(f.providerColors).output], resolve: rowsField('providerColors') }),
  prices: t.field({
    type: [PriceRef],
    resolve: (org, _a, ctx) => settingOf(ctx, org, (tx) => loadOrganizationPrices(tx, org.id)),
  }),
  providerConfigurations: t.field({
    type: [ProviderConfigurationRef],
    resolve: (org, _a, ctx) => settingOf(ctx, org, (tx) => loadProviderConfigurations(tx, org.id)),
  }),
  can: t.field({
    type: RecordAbilitiesRef,
    description: 'update: the viewer is an organization admin (spec §6); an organization is never deleted here',
    resolve: (_o, _a, ctx) => ({
      update: ctx.viewer !== null && isOrganizationAdmin(ctx.viewer),
      destroy: false,
      export: false,
      favorite: false,
    }),
  }),
}));

interface OrganizationPayload {
  row: OrganizationSummary | null;
  errors: FieldErrorShape[];
  message: string | null;
}
const OrganizationPayloadRef = builder.objectRef<OrganizationPayload>('OrganizationPayload').implement({
  fields: (t) => ({
    organization: t.field({ type: OrganizationRef, nullable: true, resolve: (p) => p.row }),
    errors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
    message: t.exposeString('message', { nullable: true }),
  }),
});

const summary = (row: OrganizationSummary): OrganizationSummary => ({
  id: row.id,
  name: row.name,
  domain: row.domain,
  timeZone: row.timeZone,
});

builder.queryFields((t) => ({
  organization: t.field({
    type: OrganizationRef,
    nullable: true,
    description: "The viewer's current organization by id; null for any other",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => {
      assertCan(ctx.viewer, 'View', 'Organization');
      const id = parseId(args.id);
      return ctx.tenant(async (tx, viewer) => {
        const row = await findOrganization(tx, viewer, id);
        return row && summary(row);
      });
    },
  }),
}));

builder.mutationFields((t) => ({
  updateOrganization: t.field({
    type: OrganizationPayloadRef,
    description: 'Saves the organization and its nested rows (with _destroy) in one transaction; admins only',
    args: {
      id: t.arg.id({ required: true }),
      attributes: t.arg({ type: OrganizationAttributesInput, required: true }),
    },
    resolve: (_r, args, ctx) => {
      assertCan(ctx.viewer, 'View', 'Organization');
      const id = parseId(args.id);
      const attrs = { ...args.attributes } as SealedOrganizationAttributes & Record<string, unknown>;
      // Provider settings are sealed here: the plaintext goes no further (platform/secrets).
      if (args.attributes.providerConfigurations)
        attrs.providerConfigurations = args.attributes.providerConfigurations.map((row) => ({
          ...row,
          values: row.values ? sealSettingInputs(row.values as SettingInput[], ctx.platform.secrets) : row.values,
        }));
      return ctx.tenant(async (tx, viewer) => {
        const { row, errors } = await updateOrganization(tx, viewer, id, attrs);
        return { row: row && summary(row), errors: toFieldErrors(errors), message: row ? 'All changes saved' : null };
      });
    },
  }),
}));
