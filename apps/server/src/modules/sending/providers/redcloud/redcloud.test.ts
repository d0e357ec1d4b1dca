import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedCloudMock, type RedCloudMock } from '../../../../../test/mocks/redcloud-mock';
import { idempotencyKeyOf, type MessagingProvider, type OutboundMessage } from '../messaging-provider';
import { createRedCloudProvider } from './redcloud';

const opts = {
  clientId: 'rc_client',
  clientSecret: 'rc_secret',
  webhookSecret: 'rc_webhook_secret',
  numbers: [{ numberId: 'num_abc123', e164: '+15550003333' }],
};
const settings = {
  REDCLOUD_API_KEY: 'rc_client',
  REDCLOUD_SECRET: 'rc_secret',
  REDCLOUD_PRIVATE_KEY: 'rc_webhook_secret',
};
const ref = { organizationId: 5, textId: 1234, createdAtMs: 1_764_100_000_000 };
const message: OutboundMessage = {
  ref,
  from: '+15550003333',
  to: '+15556660000',
  body: 'Canvass this Saturday at 10am',
  mediaUrls: [],
  statusCallbackUrl: 'https://canvass.example.org/webhooks/redcloud/status',
};
const statusUrl = 'https://canvass.example.org/webhooks/redcloud/status';

let mock: RedCloudMock;
let redcloud: MessagingProvider;

beforeAll(async () => {
  mock = await startRedCloudMock(opts);
  redcloud = createRedCloudProvider(settings, { baseUrl: mock.url });
});
afterAll(() => mock.close());

describe('RedCloud send', () => {
  it('sends from the number id with our idempotency key, so a resend of the same text is sent once', async () => {
    const first = await redcloud.send(message);
    const again = await redcloud.send(message);
    expect(first.kind).toBe('accepted');
    expect(again).toEqual(first);
    const sent = mock.messages().filter((m) => m.externalReference === idempotencyKeyOf(ref));
    expect(sent).toEqual([expect.objectContaining({ to: message.to, text: message.body })]);
    const send = mock.requests.find((r) => r.url.pathname === '/api/core/messages/send')!;
    expect(send.headers['idempotency-key']).toBe(idempotencyKeyOf(ref));
    expect(JSON.parse(send.rawBody.toString())).toMatchObject({ sendFrom: 'num_abc123', messageType: 'SMS' });
  });

  it('reuses its token until RedCloud refuses it, then gets a new one', async () => {
    const issued = mock.tokensIssued();
    await redcloud.send({ ...message, ref: { ...ref, textId: 2 } });
    expect(mock.tokensIssued()).toBe(issued);
    mock.revokeTokens();
    expect((await redcloud.send({ ...message, ref: { ...ref, textId: 3 } })).kind).toBe('accepted');
    expect(mock.tokensIssued()).toBe(issued + 1);
  });

  it('asks for one token however many sends start at once', async () => {
    const fresh = createRedCloudProvider(settings, { baseUrl: mock.url });
    const issued = mock.tokensIssued();
    const outcomes = await Promise.all(
      [10, 11, 12].map((textId) => fresh.send({ ...message, ref: { ...ref, textId } })),
    );
    expect(outcomes.map((o) => o.kind)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(mock.tokensIssued()).toBe(issued + 1);
  });

  it('sends media as an MMS', async () => {
    await redcloud.send({ ...message, ref: { ...ref, textId: 4 }, mediaUrls: ['https://cdn.example.org/m.jpg'] });
    expect(mock.messages().at(-1)).toMatchObject({ mediaUrls: ['https://cdn.example.org/m.jpg'] });
  });

  it('refuses a sending number RedCloud does not hold for us, and stops using it', async () => {
    expect(await redcloud.send({ ...message, from: '+15559990000' })).toMatchObject({
      kind: 'failed',
      senderBlocked: true,
      errorMessage: expect.stringMatching(/not assigned to this RedCloud API client/),
    });
  });

  it('refuses an invalid recipient as NumberFormat', async () => {
    expect(await redcloud.send({ ...message, ref: { ...ref, textId: 5 }, to: '5551234' })).toMatchObject({
      kind: 'failed',
      status: 'NumberFormat',
    });
  });

  it('reports wrong credentials naming the settings to fix', async () => {
    const wrong = createRedCloudProvider({ ...settings, REDCLOUD_SECRET: 'nope' }, { baseUrl: mock.url });
    expect(await wrong.send(message)).toMatchObject({
      kind: 'failed',
      status: 'Failed',
      errorMessage: expect.stringMatching(/REDCLOUD_SECRET/),
    });
  });

  it('retries on an upstream error and says how long to wait when told', async () => {
    mock.replyNext(mock.coreError(502, 'UPSTREAM_ERROR', 'Provider unavailable'));
    expect(await redcloud.send(message)).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/502/) });
    mock.replyNext({ ...mock.coreError(429, 'RATE_LIMITED', 'Slow down'), headers: { 'retry-after': '7' } });
    expect(await redcloud.send(message)).toMatchObject({ kind: 'retry', retryAfterMs: 7000 });
  });

  it('retries when RedCloud cannot be reached', async () => {
    const offline = createRedCloudProvider(settings, { baseUrl: 'http://127.0.0.1:9' });
    expect(await offline.send(message)).toMatchObject({ kind: 'retry', reason: /No answer from RedCloud/ });
  });
});

describe('RedCloud webhooks', () => {
  it('accepts a signed event and refuses a forged, altered, unsigned or stale one', async () => {
    const sent = await redcloud.send(message);
    const id = sent.kind === 'accepted' ? sent.providerMessageId : '';
    const event = mock.lifecycleEvent(statusUrl, id, 'message.delivery', 3);
    expect(redcloud.verifyWebhook(event)).toBe(true);
    const forged = { ...event, headers: { ...event.headers, 'x-redcloud-signature': 'ab'.repeat(32) } };
    expect(redcloud.verifyWebhook(forged)).toBe(false);
    const altered = { ...event, rawBody: Buffer.from(event.rawBody.toString().replace('delivery', 'failed')) };
    expect(redcloud.verifyWebhook(altered)).toBe(false);
    expect(redcloud.verifyWebhook({ ...event, headers: {} })).toBe(false);
    const hourAgo = String(Math.floor(Date.now() / 1000) - 3600);
    expect(redcloud.verifyWebhook(mock.lifecycleEvent(statusUrl, id, 'message.delivery', 3, undefined, hourAgo))).toBe(
      false,
    );
  });

  it('reads lifecycle events with our reference from the external reference', async () => {
    const sent = await redcloud.send(message);
    const id = sent.kind === 'accepted' ? sent.providerMessageId : '';
    expect(redcloud.parseWebhook(mock.lifecycleEvent(statusUrl, id, 'message.delivery', 3))).toMatchObject([
      { kind: 'status', eventId: `evt_${id}_3`, providerMessageId: id, ref, status: 'Delivered' },
    ]);
    const failure = mock.lifecycleEvent(statusUrl, id, 'message.failed', 2, {
      code: 'CARRIER_REJECTED',
      message: 'Carrier rejected',
    });
    expect(redcloud.parseWebhook(failure)).toMatchObject([
      { status: 'Failed', providerCode: 'CARRIER_REJECTED', errorMessage: expect.stringMatching(/Carrier rejected/) },
    ]);
  });

  it('reads an inbound message', () => {
    const inbound = mock.inboundEvent(
      'https://canvass.example.org/webhooks/redcloud/inbound',
      message.to,
      message.from,
      'YES',
    );
    expect(redcloud.verifyWebhook(inbound)).toBe(true);
    expect(redcloud.parseWebhook(inbound)).toMatchObject([
      { kind: 'inbound', from: message.to, to: message.from, body: 'YES' },
    ]);
  });
});
