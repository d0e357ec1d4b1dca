import type { EnumValue } from './enum';
import type { Provider } from './enums';

/** The settings each provider needs (spec §9), offered as the keys of a brand's or organization's configuration. */
export const providerEnvKeys: Record<EnumValue<typeof Provider>, readonly string[]> = {
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
  Copaco: [],
  Decantr: ['DECANTR_CLIENT_ID', 'DECANTR_TOKEN'],
  RedCloud: ['REDCLOUD_API_KEY', 'REDCLOUD_SECRET', 'REDCLOUD_BROKER_KEY', 'REDCLOUD_PRIVATE_KEY'],
  Telucom: ['TELUCOM_API_KEY', 'TELUCOM_CUSTOMER_ID'],
  Twilio: [
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_EMERGENCY_ADDRESS_SID',
    'TWILIO_MESSAGING_SERVICE_SID',
    'TWILIO_SMS_APPLICATION_SID',
  ],
};

export const allProviderEnvKeys: string[] = Object.values(providerEnvKeys).flat();
