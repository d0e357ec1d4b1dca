import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpProviderMock } from '../../../../../test/mocks/http-provider-mock';
import { httpProviderFactory } from './http-adapter';
import { idempotencyKeyOf, type MessagingProvider, type OutboundMessage } from '../messaging-provider';

const settings = {
  TELUCOM_API_KEY: 'tk-123',
  TELUCOM_CUSTOMER_ID: 'cust-9',
  HTTP_SEND_URL: 'https://api.telucom.example/v1/customers/{TELUCOM_CUSTOMER_ID}/sms',
  HTTP_AUTH_HEADER: 'X-Api-Key: {TELUCOM_API_KEY}',
  HTTP_BODY_TEMPLATE:
    '{"source":"{from}","destination":"{to}","message":"{body}","media":"{mediaUrls}","reference":"{idempotencyKey}"}',
  HTTP_MESSAGE_ID_PATH: 'data.id',
  HTTP_WEBHOOK_SECRET: 'hook-secret',
  HTTP_WEBHOOK_MESSAGE_ID_PATH: 'id',
  HTTP_WEBHOOK_STATUS_PATH: 'state',
  HTTP_WEBHOOK_REFERENCE_PATH: 'reference',
  HTTP_WEBHOOK_ERROR_PATH: 'reason',
  HTTP_WEBHOOK_TEXT_PATH: 'message',
};
const ref = { organizationId: 8, textId: 77, createdAtMs: 1_764_200_000_000 };
const message: OutboundMessage = {
  ref,
  from: '+15550004444',
  to: '+15551110000',
  body: 'She said "vote {early}", \\ and left',
  mediaUrls: ['https://cdn.example.org/1.jpg', 'https://cdn.example.org/2.jpg'],
  statusCallbackUrl: 'https://canvass.example.org/webhooks/telucom/status',
};

let mock: Awaited<ReturnType<typeof startHttpProviderMock>>;
let telucom: MessagingProvider;

beforeAll(async () => {
  mock = await startHttpProviderMock({ customer: 'cust-9', apiKey: 'tk-123', webhookSecret: 'hook-secret' });
  telucom = httpProviderFactory('Telucom')(settings, { baseUrl: mock.url });
});
afterAll(() => mock.close());

describe('configurable HTTP provider', () => {
  it('sends the body the template describes, quotes and braces in the message intact, and reads the id', async () => {
    expect(await telucom.send(message)).toEqual({ kind: 'accepted', providerMessageId: `tx-${mock.received.length}` });
    expect(mock.received.at(-1)).toEqual({
      source: message.from,
      destination: message.to,
      message: message.body,
      media: message.mediaUrls,
      reference: idempotencyKeyOf(ref),
    });
    expect(telucom.capabilities.mms).toBe(true);
  });

  it('reports refused credentials, retries on 5xx and 429, and reports other refusals with the answer', async () => {
    const wrongKey = httpProviderFactory('Telucom')({ ...settings, TELUCOM_API_KEY: 'old' }, { baseUrl: mock.url });
    expect(await wrongKey.send(message)).toMatchObject({ kind: 'failed', errorMessage: /credentials \(401\)/ });
    mock.replyNext({ status: 503, body: { message: 'maintenance' } });
    expect(await telucom.send(message)).toMatchObject({ kind: 'retry' });
    mock.replyNext({ status: 429, body: {}, headers: { 'retry-after': '4' } });
    expect(await telucom.send(message)).toMatchObject({ kind: 'retry', retryAfterMs: 4000 });
    mock.replyNext({ status: 422, body: { message: 'destination barred' } });
    expect(await telucom.send(message)).toMatchObject({ kind: 'failed', errorMessage: /destination barred/ });
  });

  it("fills a setting that names a text's field for each text, not once for the provider", async () => {
    // A contrived header that carries the recipient: the mock accepts only the one whose number is its key.
    const perText = httpProviderFactory('Telucom')(
      { ...settings, HTTP_AUTH_HEADER: 'X-Api-Key: {to}' },
      { baseUrl: mock.url },
    );
    expect(await perText.send({ ...message, to: 'tk-123' })).toMatchObject({ kind: 'accepted' });
    expect(await perText.send(message)).toMatchObject({ kind: 'failed', errorMessage: /credentials \(401\)/ });
  });

  it('accepts a webhook signed with the secret and refuses a forged one', () => {
    const hook = mock.signed('https://canvass.example.org/webhooks/telucom/status', { id: 'tx-1', state: 'DELIVRD' });
    expect(telucom.verifyWebhook(hook)).toBe(true);
    expect(telucom.verifyWebhook({ ...hook, headers: { 'x-signature': 'cd'.repeat(32) } })).toBe(false);
    const noSecret = httpProviderFactory('Telucom')({ ...settings, HTTP_WEBHOOK_SECRET: '' }, { baseUrl: mock.url });
    expect(noSecret.verifyWebhook(hook)).toBe(false);
    expect(noSecret.capabilities.deliveryReceipts).toBe(false);
  });

  it('reads status webhooks with our reference and inbound ones by their route', () => {
    const status = mock.signed('https://canvass.example.org/webhooks/telucom/status', {
      id: 'tx-1',
      state: 'undelivered',
      reason: 'absent subscriber',
      reference: idempotencyKeyOf(ref),
    });
    expect(telucom.parseWebhook(status)).toMatchObject([
      { kind: 'status', providerMessageId: 'tx-1', ref, status: 'Undelivered', providerCode: 'absent subscriber' },
    ]);
    const inbound = mock.signed('https://canvass.example.org/webhooks/telucom/inbound', {
      id: 'mo-1',
      from: message.to,
      to: message.from,
      message: 'STOP',
    });
    expect(telucom.parseWebhook(inbound)).toMatchObject([
      { kind: 'inbound', providerMessageId: 'mo-1', from: message.to, to: message.from, body: 'STOP' },
    ]);
  });
});
