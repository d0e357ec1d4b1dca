import { providerEnvKeys } from '@canvass/domain';
import type { ProviderDefinition } from '../messaging-provider';
import { createRedCloudProvider, parseRedCloudWebhook, redCloudCapabilities } from './redcloud';

/** RedCloud (PROVIDERS.md). Its wire format is mocked for tests by test/mocks/redcloud-mock.ts. */
export const redCloudProvider: ProviderDefinition = {
  create: createRedCloudProvider,
  capabilities: redCloudCapabilities,
  parseWebhook: parseRedCloudWebhook,
  keys: providerEnvKeys.RedCloud,
};
