import { readFileSync } from 'node:fs';
import { Provider } from '@canvass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { startBandwidthMock, type BandwidthMock } from '../../../../test/mocks/bandwidth-mock';
import { startHttpProviderMock } from '../../../../test/mocks/http-provider-mock';
import { startRedCloudMock, type RedCloudMock } from '../../../../test/mocks/redcloud-mock';
import { startTwilioMock, type TwilioMock } from '../../../../test/mocks/twilio-mock';
import type { WebhookRequest } from '../providers/messaging-provider';
import { bandwidthAccount } from '../../../../test/blasts';
import { processWebhookEvents } from './process-webhook-events';
import { deliverWebhook, setProviderSettings, signedBody } from '../../../../test/webhooks';

/**
 * The webhook URLs as PROVIDERS.md and the README tell an operator to configure them: a recipient's STOP, signed as
 * each provider signs it and posted to the documented URL, opts the recipient out (issue 34: a Twilio STOP to the
 * documented /webhooks/twilio/inbound was answered 403 and lost).
 */

const PUBLIC_URL = 'https://canvass.example';
const TWILIO = { sid: 'AC' + 'f'.repeat(32), token: 'paths-token' };
const BANDWIDTH = {
  accountId: '9900001',
  apiUser: 'api-user',
  apiPassword: 'api-pass',
  callbackUser: 'cb-user',
  callbackPassword: 'cb-pass',
};
const REDCLOUD = { clientId: 'rc_client', clientSecret: 'rc_secret', webhookSecret: 'rc_hook' };
const HTTP_SECRET = 'http-hook-secret';
const httpSettings = (keys: Record<string, string>) => ({
  ...keys,
  HTTP_SEND_URL: 'https://api.example/v1/sms',
  HTTP_BODY_TEMPLATE: '{"source":"{from}","destination":"{to}","message":"{body}"}',
  HTTP_MESSAGE_ID_PATH: 'data.id',
  HTTP_WEBHOOK_SECRET: HTTP_SECRET,
});

let app: TestApp;
let org: BuiltOrganization;
let twilio: TwilioMock;
let bandwidth: BandwidthMock;
let redcloud: RedCloudMock;
let http: Awaited<ReturnType<typeof startHttpProviderMock>>;
let seq = 0;

beforeAll(async () => {
  twilio = await startTwilioMock(TWILIO.sid, TWILIO.token);
  bandwidth = await startBandwidthMock(BANDWIDTH);
  redcloud = await startRedCloudMock({ ...REDCLOUD, numbers: [] });
  http = await startHttpProviderMock({ customer: 'c', apiKey: 'k', webhookSecret: HTTP_SECRET });
  app = await createTestApp({ PUBLIC_URL });
  org = await buildOrganization(app, 'Documented URLs');
}, 60_000);

afterAll(async () => {
  await Promise.all([twilio.close(), bandwidth.close(), redcloud.close(), http.close()]);
});

/** A sender number of the organization on `provider`, with the organization's settings of that provider. */
async function senderOn(provider: string, number: string, settings: Record<string, string>) {
  await app.sql(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, provider, client_id)
     VALUES ($1, $2, 'Active', 'FromPhone', 'Provider', $3, $4)`,
    [org.id, number, provider, org.clientId],
  );
  await setProviderSettings(app, org.id, provider, settings);
}

const deliver = (request: WebhookRequest) => deliverWebhook(app, request);

const optedOut = async (number: string) =>
  (
    await app.sql(`SELECT opt_out_type FROM opt_outs WHERE organization_id = $1 AND number = $2`, [org.id, number])
  ).rows.map((r: { opt_out_type: string }) => r.opt_out_type);

/** A recipient never texted before; a new one each time, so every case proves its own opt-out. */
const nextRecipient = () => `64655501${String(++seq).padStart(2, '0')}`;

interface DocumentedPath {
  provider: string;
  path: string;
  /** Gives the organization a sender number on the provider, with its settings. */
  sender(): Promise<void>;
  /** The provider's signed STOP from `from` to that number, as posted to the documented URL. */
  stop(from: string): WebhookRequest;
}

const documented: DocumentedPath[] = [
  {
    provider: 'Twilio',
    path: '/webhooks/twilio/inbound',
    sender: () => senderOn('Twilio', '2125558001', { TWILIO_ACCOUNT_SID: TWILIO.sid, TWILIO_AUTH_TOKEN: TWILIO.token }),
    stop(from) {
      return twilio.inbound(`${PUBLIC_URL}/webhooks/twilio/inbound`, `+1${from}`, '+12125558001', 'STOP');
    },
  },
  {
    // Bandwidth posts replies to the application's one callback URL, the documented status one.
    provider: 'Bandwidth',
    path: '/webhooks/bandwidth/status',
    sender: () => senderOn('Bandwidth', '2125558002', bandwidthAccount(BANDWIDTH)),
    stop(from) {
      return bandwidth.inbound(`${PUBLIC_URL}/webhooks/bandwidth/status`, `+1${from}`, '+12125558002', 'STOP');
    },
  },
  {
    provider: 'RedCloud',
    path: '/webhooks/redcloud/inbound',
    sender: () =>
      senderOn('RedCloud', '2125558003', {
        REDCLOUD_API_KEY: REDCLOUD.clientId,
        REDCLOUD_SECRET: REDCLOUD.clientSecret,
        REDCLOUD_PRIVATE_KEY: REDCLOUD.webhookSecret,
      }),
    stop(from) {
      return redcloud.inboundEvent(`${PUBLIC_URL}/webhooks/redcloud/inbound`, `+1${from}`, '+12125558003', 'STOP');
    },
  },
  ...(
    [
      ['Telucom', '2125558004', { TELUCOM_API_KEY: 'k', TELUCOM_CUSTOMER_ID: 'c' }],
      ['Decantr', '2125558005', { DECANTR_CLIENT_ID: 'c', DECANTR_TOKEN: 't' }],
    ] as const
  ).map(([provider, number, keys]) => ({
    provider,
    path: `/webhooks/${provider.toLowerCase()}/inbound`,
    sender: () => senderOn(provider, number, httpSettings(keys)),
    stop: (from: string) =>
      http.signed(`${PUBLIC_URL}/webhooks/${provider.toLowerCase()}/inbound`, {
        eventId: `http-${from}`,
        messageId: `msg-${from}`,
        from: `+1${from}`,
        to: `+1${number}`,
        text: 'STOP',
      }),
  })),
  {
    provider: 'Simulator',
    path: '/webhooks/simulator/inbound',
    sender: () => senderOn('Simulator', '2125558006', { SIMULATOR_LATENCY_MS: '3600000' }),
    stop(from) {
      const { raw, headers } = signedBody(app, org.id, {
        type: 'inbound',
        eventId: `sim-${from}`,
        messageId: `SIM-${from}`,
        from: `+1${from}`,
        to: '+12125558006',
        body: 'STOP',
        mediaUrls: [],
        timestamp: new Date().toISOString(),
      });
      return { url: `${PUBLIC_URL}/webhooks/simulator/inbound`, method: 'POST', headers, rawBody: Buffer.from(raw) };
    },
  },
];

beforeAll(async () => {
  for (const { sender } of documented) await sender();
});

describe('the documented webhook URLs', () => {
  it.each(documented)("a $provider recipient's signed STOP to $path opts them out", async ({ path, stop }) => {
    const from = nextRecipient();
    const request = stop(from);
    expect(new URL(request.url).pathname).toBe(path);
    expect(await deliver(request)).toBeLessThan(300);
    await processWebhookEvents(app.platform, org.id);
    expect(await optedOut(from)).toEqual(['Recipient']);
  });

  it('takes the provider name in any case, checking the signature over the URL as it was called', async () => {
    const from = nextRecipient();
    // Twilio signs the URL it was configured with, in that case: a number bought before the URLs were lower case.
    const url = `${PUBLIC_URL}/webhooks/TWILIO/inbound`;
    const request = twilio.inbound(url, `+1${from}`, '+12125558001', 'STOP');
    // The same request to the lower-case path is not what Twilio signed: refused, stored nowhere.
    expect(await deliver({ ...request, url: `${PUBLIC_URL}/webhooks/twilio/inbound` })).toBe(403);
    expect(await deliver(request)).toBe(200);
    await processWebhookEvents(app.platform, org.id);
    expect(await optedOut(from)).toEqual(['Recipient']);
  });

  it('refuses a name that is no provider, in any case', async () => {
    const request = twilio.inbound(`${PUBLIC_URL}/webhooks/twilio/inbound`, '+16465550199', '+12125558001', 'STOP');
    for (const name of ['nowhere', 'twilio2', 'constructor', '__proto__'])
      expect(await deliver({ ...request, url: `${PUBLIC_URL}/webhooks/${name}/inbound` })).toBe(403);
  });

  it('are written one way in the docs: every provider in lower case, on a route that exists', () => {
    const docs = ['../providers/PROVIDERS.md', '../../../../../../README.md'].map((p) =>
      readFileSync(new URL(p, import.meta.url), 'utf8'),
    );
    const urls = docs.flatMap((text) => [...text.matchAll(/\/webhooks\/([^/\s`)]+)\/([a-z{}…]+)/g)]);
    expect(urls.length).toBeGreaterThan(8);
    const names = new Set(Provider.values.map((p) => p.toLowerCase()));
    for (const [url, name, kind] of urls) {
      expect(name === '{provider}' || names.has(name), url).toBe(true);
      expect(['status', 'inbound', '…', '{kind}'], url).toContain(kind);
    }
  });
});
