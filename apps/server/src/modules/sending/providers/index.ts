import type { ProviderFactory, ProviderName } from './messaging-provider';
import { createSimulator } from './simulator';

/**
 * Every provider Canvass can build, by name. Each adapter file adds its factory here; a name missing from the map
 * is a provider Canvass cannot send through yet, and resolution says so instead of pretending.
 */
export const providerFactories: Partial<Record<ProviderName, ProviderFactory>> = {
  Simulator: createSimulator,
};
