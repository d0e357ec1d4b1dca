import type { ProviderValue } from '@canvass/domain';
import { bandwidthProvider } from './bandwidth/index';
import { httpProvider } from './http/index';
import type { ProviderCapabilities, ProviderDefinition } from './messaging-provider';
import { redCloudProvider } from './redcloud/index';
import { simulatorProvider } from './simulator/index';
import { smppProvider } from './smpp/index';
import { twilioProvider } from './twilio/index';

/** Every provider Canvass can send through, one for each value of the domain's Provider enum (spec §4, §9 keys). */
export const providers = {
  Bandwidth: bandwidthProvider,
  Copaco: smppProvider('Copaco'),
  Decantr: httpProvider('Decantr'),
  RedCloud: redCloudProvider,
  Simulator: simulatorProvider,
  Telucom: httpProvider('Telucom'),
  Twilio: twilioProvider,
} satisfies Record<ProviderValue, ProviderDefinition>;

/** What the UI may offer for a provider, known without its settings. */
export const providerCapabilities = (name: ProviderValue): ProviderCapabilities => providers[name].capabilities;
