import { brand, providerEnvKeys, Provider } from '@canvass/domain';
import { brands } from '../../platform/db/schema/index';
import { createResourceService, type Row } from '../../platform/resources/resource-service';
import { mergeSettings, type StoredSetting } from '../../platform/secrets/key-values';
import { tableOf } from '../tables';

/**
 * The Custom configuration as it will be stored: sent rows (already sealed) over the stored ones, and only the
 * keys of the brand's provider (spec §9), so a provider change clears the other provider's settings. The
 * provider is create-only today; the rule reads the provider the write will leave, so it holds if that changes.
 */
function prepareConfiguration(attrs: Record<string, unknown>, existing: Row | null): Record<string, unknown> {
  const keepsProvider = existing !== null && (brand.fields.provider.createOnly || attrs.provider === undefined);
  const provider = keepsProvider ? existing.provider : attrs.provider;
  const field = 'providerConfigurationValues';
  const sent = attrs[field] as StoredSetting[] | undefined;
  if (!existing && !sent) return attrs;
  const allowed = Provider.is(provider) ? providerEnvKeys[provider] : [];
  return { ...attrs, [field]: mergeSettings(sent, existing?.[field], allowed) };
}

/** Brands: the provider is fixed once created (spec §5), and Copaco cannot be chosen; both are registry rules. */
export const brandsService = createResourceService(brand, brands, tableOf, {
  prepare: (attrs, { existing }) => prepareConfiguration(attrs, existing),
});
