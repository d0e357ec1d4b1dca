import { providerEnvKeys } from '@canvass/domain';
import type { ProviderDefinition } from '../messaging-provider';
import { smppCapabilities, smppProviderFactory } from './smpp';

/**
 * A provider reached over SMPP 3.4 (Copaco, PROVIDERS.md). Its receipts and replies come over the bind, not as
 * webhooks, so it has no webhook parsing. Its SMSC is mocked for tests by test/mocks/smpp-mock.ts.
 */
export const smppProvider = (name: 'Copaco'): ProviderDefinition => ({
  create: smppProviderFactory(name),
  capabilities: smppCapabilities,
  keys: providerEnvKeys[name],
});
