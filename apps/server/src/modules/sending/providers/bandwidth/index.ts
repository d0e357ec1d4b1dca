import { providerEnvKeys } from '@canvass/domain';
import type { ProviderDefinition } from '../messaging-provider';
import { bandwidthCapabilities, createBandwidthProvider, parseBandwidthWebhook } from './bandwidth';

/**
 * Bandwidth (PROVIDERS.md). Its wire format is mocked for tests by test/mocks/bandwidth-mock.ts (messages) and
 * bandwidth-numbers-mock.ts (numbers).
 */
export const bandwidthProvider: ProviderDefinition = {
  create: createBandwidthProvider,
  capabilities: bandwidthCapabilities,
  parseWebhook: parseBandwidthWebhook,
  keys: providerEnvKeys.Bandwidth,
};
