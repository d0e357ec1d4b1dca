import { bandwidthCapabilities, createBandwidthProvider, parseBandwidthWebhook } from './bandwidth/bandwidth';
import { createRedCloudProvider, parseRedCloudWebhook, redCloudCapabilities } from './redcloud/redcloud';
import { httpProviderCapabilities, httpProviderFactory, httpWebhookParser } from './http/http-adapter';
import type {
  ProviderCapabilities,
  ProviderFactory,
  ProviderName,
  WebhookEvent,
  WebhookRequest,
} from './messaging-provider';
import { simulatorCapabilities, createSimulator } from './simulator/simulator';
import { smppCapabilities, smppProviderFactory } from './smpp/smpp';
import { createTwilioProvider, parseTwilioWebhook, twilioCapabilities } from './twilio/twilio';

/** Every provider Canvass can build from a brand's settings (spec §9 keys), by name. */
export const providerFactories: Partial<Record<ProviderName, ProviderFactory>> = {
  Bandwidth: createBandwidthProvider,
  Copaco: smppProviderFactory('Copaco'),
  Decantr: httpProviderFactory('Decantr'),
  RedCloud: createRedCloudProvider,
  Simulator: createSimulator,
  Telucom: httpProviderFactory('Telucom'),
  Twilio: createTwilioProvider,
};

/**
 * How each provider's webhooks are read before Canvass knows whose number they concern, so without settings (the
 * providers whose reading needs none; the HTTP adapter reads at its default paths). Verification comes after, with
 * the settings of the number the events name. A provider missing here is parsed by a client built without settings.
 */
export const webhookParsers: Partial<Record<ProviderName, (request: WebhookRequest) => WebhookEvent[]>> = {
  Bandwidth: parseBandwidthWebhook,
  Decantr: httpWebhookParser({}),
  RedCloud: parseRedCloudWebhook,
  Telucom: httpWebhookParser({}),
  Twilio: parseTwilioWebhook,
};

const capabilityTable: Partial<Record<ProviderName, ProviderCapabilities>> = {
  Bandwidth: bandwidthCapabilities,
  Copaco: smppCapabilities,
  Decantr: httpProviderCapabilities,
  RedCloud: redCloudCapabilities,
  Simulator: simulatorCapabilities,
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
