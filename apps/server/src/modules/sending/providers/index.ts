import { bandwidthCapabilities, createBandwidthProvider } from './bandwidth';
import { createRedCloudProvider, redCloudCapabilities } from './redcloud';
import { httpProviderCapabilities, httpProviderFactory } from './http-adapter';
import type { ProviderCapabilities, ProviderFactory, ProviderName } from './messaging-provider';
import { smppCapabilities, smppProviderFactory } from './smpp';
import { createTwilioProvider, twilioCapabilities } from './twilio';

/** Every provider Canvass can build from a brand's settings (spec §9 keys), by name. */
export const providerFactories: Partial<Record<ProviderName, ProviderFactory>> = {
  Bandwidth: createBandwidthProvider,
  Copaco: smppProviderFactory('Copaco'),
  Decantr: httpProviderFactory('Decantr'),
  RedCloud: createRedCloudProvider,
  Telucom: httpProviderFactory('Telucom'),
  Twilio: createTwilioProvider,
};

const capabilityTable: Partial<Record<ProviderName, ProviderCapabilities>> = {
  Bandwidth: bandwidthCapabilities,
  Copaco: smppCapabilities,
  Decantr: httpProviderCapabilities,
  RedCloud: redCloudCapabilities,
  Telucom: httpProviderCapabilities,
  Twilio: twilioCapabilities,
};

/** A provider without an adapter can do nothing: the UI shows each of these as unavailable, never faked. */
const none: ProviderCapabilities = {
  sms: false,
  mms: false,
  deliveryReceipts: false,
  inbound: false,
  idempotentSend: false,
  findSent: false,
  lookup: false,
  numbers: false,
  maxMediaBytes: null,
};

/** What the UI may offer for a provider, known without its settings. */
export const providerCapabilities = (name: ProviderName): ProviderCapabilities => capabilityTable[name] ?? none;
