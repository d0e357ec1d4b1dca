import { providerEnvKeys } from '@canvass/domain';
import type { ProviderDefinition } from '../messaging-provider';
import { httpProviderCapabilities, httpProviderFactory, httpWebhookParser } from './http-adapter';

/**
 * A provider reached through the configurable HTTP adapter (Telucom, Decantr: no public API, PROVIDERS.md). Its
 * wire format is mocked for tests by test/mocks/http-provider-mock.ts.
 */
export const httpProvider = (name: 'Telucom' | 'Decantr'): ProviderDefinition => ({
  create: httpProviderFactory(name),
  capabilities: httpProviderCapabilities,
  // Read at the adapter's default paths: a brand's own paths are known only once its settings are.
  parseWebhook: httpWebhookParser({}),
  keys: providerEnvKeys[name],
});
