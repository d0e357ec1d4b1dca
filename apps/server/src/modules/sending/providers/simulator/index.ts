import { providerEnvKeys } from '@canvass/domain';
import type { ProviderDefinition } from '../messaging-provider';
import { createSimulator, simulatorCapabilities } from './simulator';

export { SIMULATOR_SIGNATURE_HEADER, simulatorSignature, simulatorSigningPurpose } from './simulator';

/**
 * Canvass's built-in fake carrier for the demo, tests and benchmarks: it is its own mock. Its webhooks are read by
 * a simulator built without settings.
 */
export const simulatorProvider: ProviderDefinition = {
  create: createSimulator,
  capabilities: simulatorCapabilities,
  keys: providerEnvKeys.Simulator,
};
