import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBandwidthMock, type BandwidthMock } from '../../../../../test/mocks/bandwidth-mock';
import { createBandwidthProvider } from './bandwidth';
import type { MessagingProvider, OutboundMessage } from '../messaging-provider';

const credentials = {
  accountId: '9900000',
  apiUser: 'api-user',
  apiPassword: 'api-password',
  callbackUser: 'callback-user',
  callbackPassword: 'callback-password',
};
const settings = {
  BANDWIDTH_ACCOUNT_ID: credentials.accountId,
  BANDWIDTH_APPLICATION_ID: 'app-1',
  BANDWIDTH_API_USER: credentials.apiUser,
  BANDWIDTH_API_PASSWORD: credentials.apiPassword,
  BANDWIDTH_MESSAGING_USER: credentials.callbackUser,
  BANDWIDTH_MESSAGING_PASSWORD: credentials.callbackPassword,
};
const ref = { organizationId: 3, textId: 99, createdAtMs: 1_764_000_000_000 };
const message: OutboundMessage = {
  ref,
  from: '+15550002222',
  to: '+15558887777',
  body: 'Your polling place moved to the library',
  mediaUrls: [],
  statusCallbackUrl: 'https://canvass.example.org/webhooks/bandwidth/status',
};
const statusUrl = 'https://canvass.example.org/webhooks/bandwidth/status';

let mock: BandwidthMock;
let bandwidth: MessagingProvider;

beforeAll(async () => {
  mock = await startBandwidthMock(credentials);
  bandwidth = createBandwidthProvider(settings, { baseUrl: mock.url });
});
afterAll(() => mock.close());

describe('Bandwidth send', () => {
  it('creates the message for the account and application with our reference as its tag', async () => {
    const outcome = await bandwidth.send({ ...message, mediaUrls: ['https://cdn.example.org/flyer.png'] });
    const stored = mock.messages.at(-1)!;
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: stored.id });
    expect(stored).toMatchObject({
      applicationId: 'app-1',
      to: [message.to],
      from: message.from,
      text: message.body,
      media: ['https://cdn.example.org/flyer.png'],
    });
    expect(JSON.parse(stored.tag!)).toEqual(ref);
  });

  it('refuses an invalid recipient as NumberFormat', async () => {
    expect(await bandwidth.send({ ...message, to: '12' })).toMatchObject({
      kind: 'failed',
      status: 'NumberFormat',
      errorMessage: expect.stringMatching(/invalid or no longer in service/),
    });
  });

  it('reports wrong API credentials naming the settings to fix', async () => {
    const wrong = createBandwidthProvider({ ...settings, BANDWIDTH_API_PASSWORD: 'old' }, { baseUrl: mock.url });
    const outcome = await wrong.send(message);
    expect(outcome).toMatchObject({ kind: 'failed', status: 'Failed', providerCode: '401' });
    expect(outcome.kind === 'failed' && outcome.errorMessage).toMatch(/BANDWIDTH_API_PASSWORD/);
  });

  it('retries after the time Bandwidth asks for when it rate limits, and on a 5xx', async () => {
    mock.replyNext({ ...mock.bandwidthError(429, 'too-many-requests', 'Slow down'), headers: { 'retry-after': '2' } });
    expect(await bandwidth.send(message)).toMatchObject({ kind: 'retry', retryAfterMs: 2000 });
    mock.replyNext(mock.bandwidthError(502, 'bad-gateway', 'Upstream'));
    expect(await bandwidth.send(message)).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/502/) });
  });

  it('retries when the send is abandoned without an answer', async () => {
    mock.replyNext('hang');
    const abort = new AbortController();
    const sending = bandwidth.send(message, abort.signal);
    const before = mock.requests.length;
    await expect.poll(() => mock.requests.length).toBe(before + 1);
    abort.abort();
    expect(await sending).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/No answer from Bandwidth/) });
  });
});

describe('Bandwidth callbacks', () => {
  it('accepts callbacks with the callback credentials and refuses others', async () => {
    await bandwidth.send(message);
    const callback = mock.statusCallbacks(statusUrl, [mock.messages.at(-1)!.id, 'message-delivered']);
    expect(bandwidth.verifyWebhook(callback)).toBe(true);
    const forged = `Basic ${Buffer.from('callback-user:guess').toString('base64')}`;
    expect(bandwidth.verifyWebhook({ ...callback, headers: { authorization: forged } })).toBe(false);
    expect(bandwidth.verifyWebhook({ ...callback, headers: {} })).toBe(false);
    const unconfigured = createBandwidthProvider({ ...settings, BANDWIDTH_MESSAGING_PASSWORD: '' }, {});
    expect(unconfigured.verifyWebhook(callback)).toBe(false);
  });

  it('reads every event of a batched callback, with our reference from the tag', async () => {
    await bandwidth.send(message);
    const id = mock.messages.at(-1)!.id;
    const events = bandwidth.parseWebhook(
      mock.statusCallbacks(statusUrl, [id, 'message-sending'], [id, 'message-delivered']),
    );
    expect(events).toMatchObject([
      { kind: 'status', eventId: `${id}:message-sending`, status: 'Sending', ref },
      { kind: 'status', eventId: `${id}:message-delivered`, status: 'Delivered', ref, errorMessage: null },
    ]);
  });

  it.each([
    [4470, 'Spam', true],
    [4770, 'Spam', true],
    [4720, 'NumberFormat', false],
    [4721, 'NumberFormat', false],
    [4750, 'Undelivered', false],
    [5620, 'Undelivered', false],
    [4775, 'Rejected', false],
    [4432, 'Failed', false],
  ])('reads a failure with error %i as %s', async (code, status, senderBlocked) => {
    await bandwidth.send(message);
    const id = mock.messages.at(-1)!.id;
    const [event] = bandwidth.parseWebhook(mock.statusCallbacks(statusUrl, [id, 'message-failed', code]));
    // 4775: the recipient opted out at the carrier; Canvass imports it.
    expect(event).toMatchObject({
      status,
      senderBlocked,
      recipientOptedOut: code === 4775,
      providerCode: String(code),
      ref,
    });
    expect(event.kind === 'status' && event.errorMessage).toEqual(expect.any(String));
  });

  it('reads an inbound message with its media', () => {
    const reply = mock.inbound(
      'https://canvass.example.org/webhooks/bandwidth/inbound',
      message.to,
      message.from,
      'Who is this?',
      ['https://messaging.bandwidth.com/api/v2/users/9900000/media/abc.jpg'],
    );
    expect(bandwidth.verifyWebhook(reply)).toBe(true);
    expect(bandwidth.parseWebhook(reply)).toMatchObject([
      {
        kind: 'inbound',
        from: message.to,
        to: message.from,
        body: 'Who is this?',
        mediaUrls: ['https://messaging.bandwidth.com/api/v2/users/9900000/media/abc.jpg'],
      },
    ]);
  });
});
