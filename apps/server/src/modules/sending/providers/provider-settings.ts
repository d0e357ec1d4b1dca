import type { ProviderSettings } from './messaging-provider';

/** A setting the provider cannot work without; the message names the key an operator fills in (spec §9). */
export function requiredSetting(settings: ProviderSettings, key: string): string {
  const value = settings[key]?.trim();
  if (!value) throw new Error(`The provider setting ${key} is missing: fill it in the brand's configuration.`);
  return value;
}
