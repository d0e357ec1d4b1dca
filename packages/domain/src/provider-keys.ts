import type { EnumValue } from './enum';
import type { Provider } from './enums';

/** One of the providers Canvass sends through (the Provider enum's values). */
export type ProviderValue = EnumValue<typeof Provider>;

/**
 * The configurable HTTP adapter's settings (Telucom, Decantr: providers without a public API; PROVIDERS.md says
 * what each means), offered beside the provider's own keys, which its templates may use as {PLACEHOLDERS}.
 */
const httpAdapterKeys = [
  'HTTP_SEND_URL',
  'HTTP_SEND_METHOD',
  'HTTP_AUTH_HEADER',
  'HTTP_BODY_TEMPLATE',
  'HTTP_MESSAGE_ID_PATH',
  'HTTP_MAX_MEDIA_BYTES',
  'HTTP_WEBHOOK_SECRET',
  'HTTP_WEBHOOK_SIGNATURE_HEADER',
  ...['EVENT_ID', 'MESSAGE_ID', 'STATUS', 'ERROR', 'REFERENCE', 'FROM', 'TO', 'TEXT', 'MEDIA'].map(
    (field) => `HTTP_WEBHOOK_${field}_PATH`,
  ),
];

/** The settings each provider needs (spec §9), offered as the keys of a brand's or organization's configuration. */
export const providerEnvKeys: Record<ProviderValue, readonly string[]> = {
  Bandwidth: [
    'BANDWIDTH_ACCOUNT_ID',
    'BANDWIDTH_API_USER',
    'BANDWIDTH_API_PASSWORD',
    'BANDWIDTH_APPLICATION_ID',
    'BANDWIDTH_LOCATION_ID',
    'BANDWIDTH_MESSAGING_USER',
    'BANDWIDTH_MESSAGING_PASSWORD',
    'BANDWIDTH_SITE_ID',
  ],
  // Copaco is reached over SMPP (the smpp adapter).
  Copaco: ['SMPP_URL', 'SMPP_SYSTEM_ID', 'SMPP_PASSWORD', 'SMPP_SYSTEM_TYPE'],
  Decantr: ['DECANTR_CLIENT_ID', 'DECANTR_TOKEN', ...httpAdapterKeys],
  RedCloud: ['REDCLOUD_API_KEY', 'REDCLOUD_SECRET', 'REDCLOUD_BROKER_KEY', 'REDCLOUD_PRIVATE_KEY', 'REDCLOUD_BASE_URL'],
  Telucom: ['TELUCOM_API_KEY', 'TELUCOM_CUSTOMER_ID', ...httpAdapterKeys],
  Twilio: [
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_EMERGENCY_ADDRESS_SID',
    'TWILIO_MESSAGING_SERVICE_SID',
    'TWILIO_SMS_APPLICATION_SID',
  ],
  // The simulator's behaviour (simulatorSettings): each one optional, a sensible default when unset.
  Simulator: [
    'SIMULATOR_LATENCY_MS',
    'SIMULATOR_DELIVERY_RATE',
    'SIMULATOR_FAILURE_RATE',
    'SIMULATOR_REPLY_RATE',
    'SIMULATOR_STOP_RATE',
  ],
};

/** How the simulator behaves: latency before its first callback, and the share of texts each outcome gets. */
export interface SimulatorSettings {
  latencyMs: number;
  /** Delivered; of the rest, failureRate are Failed and the remainder Undelivered. */
  deliveryRate: number;
  failureRate: number;
  /** Of the delivered texts, the share whose recipient replies, and the share who reply STOP. */
  replyRate: number;
  stopRate: number;
}

export const simulatorDefaults: SimulatorSettings = {
  latencyMs: 800,
  deliveryRate: 0.95,
  failureRate: 0.02,
  replyRate: 0.15,
  stopRate: 0.03,
};

const rate = (text: string | undefined, fallback: number) => {
  const n = text?.trim() ? Number(text) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : fallback;
};

/** The simulator's settings from its keys; a blank or out-of-range value takes the default. */
export function simulatorSettings(values: Readonly<Record<string, string | undefined>>): SimulatorSettings {
  const latency = values.SIMULATOR_LATENCY_MS?.trim() ? Number(values.SIMULATOR_LATENCY_MS) : NaN;
  return {
    latencyMs: Number.isFinite(latency) && latency >= 0 ? latency : simulatorDefaults.latencyMs,
    deliveryRate: rate(values.SIMULATOR_DELIVERY_RATE, simulatorDefaults.deliveryRate),
    failureRate: rate(values.SIMULATOR_FAILURE_RATE, simulatorDefaults.failureRate),
    replyRate: rate(values.SIMULATOR_REPLY_RATE, simulatorDefaults.replyRate),
    stopRate: rate(values.SIMULATOR_STOP_RATE, simulatorDefaults.stopRate),
  };
}

export const allProviderEnvKeys: string[] = Object.values(providerEnvKeys).flat();
