import { describe, expect, it } from 'vitest';
import type { ProviderValue } from '@canvass/domain';
import { providerCapabilities, providers } from './index';
import type { ProviderSettings } from './messaging-provider';

/** The least each provider needs to be built (PROVIDERS.md). */
const minimalSettings: Record<Exclude<ProviderValue, 'Simulator'>, ProviderSettings> = {
  Twilio: { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' },
  Bandwidth: {
    BANDWIDTH_ACCOUNT_ID: '1',
    BANDWIDTH_APPLICATION_ID: 'a',
    BANDWIDTH_API_USER: 'u',
    BANDWIDTH_API_PASSWORD: 'p',
  },
  RedCloud: { REDCLOUD_API_KEY: 'k', REDCLOUD_SECRET: 's' },
  Telucom: { HTTP_SEND_URL: 'https://t.example/sms', HTTP_BODY_TEMPLATE: '{"to":"{to}"}', HTTP_MESSAGE_ID_PATH: 'id' },
  Decantr: { HTTP_SEND_URL: 'https://d.example/sms', HTTP_BODY_TEMPLATE: '{"to":"{to}"}', HTTP_MESSAGE_ID_PATH: 'id' },
  Copaco: { SMPP_URL: 'smpp://smsc.example:2775', SMPP_SYSTEM_ID: 'id', SMPP_PASSWORD: 'pw' },
};

describe('provider registry', () => {
  it.each(Object.entries(minimalSettings))('builds %s from its settings', async (name, settings) => {
    const provider = providers[name as ProviderValue].create(settings);
    expect(provider.name).toBe(name);
    await provider.close?.();
  });

  it('refuses to build a provider whose settings lack a key, naming the key', () => {
    expect(() => providers.Twilio.create({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/TWILIO_AUTH_TOKEN is missing/);
    expect(() => providers.Copaco.create({ SMPP_URL: 'smpp://x' })).toThrow(/SMPP_SYSTEM_ID is missing/);
  });

  it('tells the UI what each provider can do without its settings', () => {
    expect(providerCapabilities('Twilio')).toMatchObject({ mms: true, lookup: true, findSent: true });
    expect(providerCapabilities('RedCloud')).toMatchObject({ idempotentSend: true, lookup: false });
    expect(providerCapabilities('Copaco')).toMatchObject({ sms: true, mms: false, maxMediaBytes: null });
    expect(providerCapabilities('Telucom')).toMatchObject({ sms: true, mms: false });
  });
});
