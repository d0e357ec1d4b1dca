import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTwilioMock, type TwilioMock } from '../../../../../test/mocks/twilio-mock';
import type { MessagingProvider, OutboundMessage, WebhookRequest } from '../messaging-provider';
import { createTwilioProvider } from './twilio';

const accountSid = 'AC00000000000000000000000000000001';
const authToken = 'twilio-auth-token';
const ref = { organizationId: 7, textId: 42, createdAtMs: Date.now() - 1000 };
const message: OutboundMessage = {
  ref,
  from: '+15550001111',
  to: '+15557654321',
  body: 'Polls open at 7am tomorrow. Reply STOP to opt out',
  mediaUrls: [],
  statusCallbackUrl: 'https://canvass.example.org/webhooks/twilio/status',
};

let mock: TwilioMock;
let twilio: MessagingProvider;

beforeAll(async () => {
  mock = await startTwilioMock(accountSid, authToken);
});
afterAll(() => mock.close());
beforeEach(() => {
  twilio = createTwilioProvider(
    { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken },
    { baseUrl: mock.url },
  );
});

describe('Twilio send', () => {
  it('sends To, From, Body, MediaUrl and a StatusCallback carrying the text, and keeps the message SID', async () => {
    const outcome = await twilio.send({ ...message, mediaUrls: ['https://cdn.example.org/a.jpg'] });
    const stored = mock.messages.at(-1)!;
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: stored.sid });
    expect(stored).toMatchObject({ to: message.to, from: message.from, body: message.body });
    expect(stored.media).toEqual(['https://cdn.example.org/a.jpg']);
    expect(stored.status_callback).toBe(`${message.statusCallbackUrl}?o=7&t=42&c=${ref.createdAtMs}`);
  });

  it('sends through the messaging service instead of a From number when one is configured', async () => {
    const viaService = createTwilioProvider(
      { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_MESSAGING_SERVICE_SID: 'MG123' },
      { baseUrl: mock.url },
    );
    expect((await viaService.send(message)).kind).toBe('accepted');
    expect(mock.messages.at(-1)).toMatchObject({ from: null, messaging_service_sid: 'MG123' });
  });

  it('refuses an invalid recipient as NumberFormat, with words a staffer can act on', async () => {
    const outcome = await twilio.send({ ...message, to: '555-CALL-NOW' });
    expect(outcome).toMatchObject({ kind: 'failed', status: 'NumberFormat', providerCode: '21211' });
    expect(outcome.kind === 'failed' && outcome.errorMessage).toMatch(/not a valid mobile number/);
  });

  it.each([
    [21610, 'Rejected', false, /replied STOP/],
    [30007, 'Spam', true, /filtered this text as spam/],
    [30003, 'Undelivered', false, /could not be reached/],
    [21620, 'MediaSize', false, /too large/],
    [21614, 'NumberFormat', false, /not a valid mobile number/],
    [12345, 'Failed', false, /error 12345: Something odd/],
  ])('maps error %i to %s', async (code, status, senderBlocked, words) => {
    mock.replyNext(mock.twilioError(400, code, 'Something odd'));
    const outcome = await twilio.send(message);
    expect(outcome).toMatchObject({ kind: 'failed', status, providerCode: String(code) });
    expect(outcome.kind === 'failed' && Boolean(outcome.senderBlocked)).toBe(senderBlocked);
    // 21610: the recipient texted STOP to Twilio, which keeps its own opt-out; Canvass imports it.
    expect(outcome.kind === 'failed' && Boolean(outcome.recipientOptedOut)).toBe(code === 21610);
    expect(outcome.kind === 'failed' && outcome.errorMessage).toMatch(words);
  });

  it('retries after the time Twilio asks for when it rate limits', async () => {
    mock.replyNext(mock.twilioError(429, 20429, 'Too Many Requests', { 'retry-after': '3' }));
    expect(await twilio.send(message)).toEqual({
      kind: 'retry',
      reason: 'Twilio is rate limiting our sends',
      retryAfterMs: 3000,
    });
  });

  it('retries when Twilio fails with a 5xx', async () => {
    mock.replyNext(mock.twilioError(503, 20500, 'Service Unavailable'));
    expect(await twilio.send(message)).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/503/) });
  });

  it('retries when the send is abandoned without an answer', async () => {
    mock.replyNext('hang');
    const abort = new AbortController();
    const sending = twilio.send(message, abort.signal);
    await expect.poll(() => mock.requests.at(-1)?.method).toBe('POST');
    abort.abort(new Error('dispatch timed out'));
    expect(await sending).toMatchObject({ kind: 'retry', reason: expect.stringMatching(/dispatch timed out/) });
  });

  it('retries when Twilio cannot be reached at all', async () => {
    const unreachable = createTwilioProvider(
      { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken },
      { baseUrl: 'http://127.0.0.1:9' },
    );
    expect(await unreachable.send(message)).toMatchObject({ kind: 'retry', reason: /No answer from Twilio/ });
  });

  it('reports wrong credentials as a failure naming the settings to fix', async () => {
    const wrong = createTwilioProvider(
      { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: 'stale' },
      { baseUrl: mock.url },
    );
    const outcome = await wrong.send(message);
    expect(outcome).toMatchObject({ kind: 'failed', status: 'Failed', providerCode: '20003' });
    expect(outcome.kind === 'failed' && outcome.errorMessage).toMatch(/TWILIO_AUTH_TOKEN/);
  });
});

describe('Twilio webhooks', () => {
  it("accepts Twilio's published example signature and refuses a forged one", () => {
    const published = createTwilioProvider({ TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: '12345' });
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    const request = (signature: string): WebhookRequest => ({
      url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
      method: 'POST',
      headers: { 'x-twilio-signature': signature },
      rawBody: Buffer.from(new URLSearchParams(params).toString()),
    });
    expect(published.verifyWebhook(request('0/KCTR6DLpKmkAf8muzZqo1nDgQ='))).toBe(true);
    expect(published.verifyWebhook(request('RSOYDt4T1cUTdK1PDd93/VVr8B8='))).toBe(false);
    expect(published.verifyWebhook({ ...request(''), headers: {} })).toBe(false);
  });

  it('refuses a callback whose body was altered after Twilio signed it', async () => {
    await twilio.send(message);
    const callback = mock.statusCallback(mock.messages.at(-1)!.sid, 'delivered');
    expect(twilio.verifyWebhook(callback)).toBe(true);
    const altered = Buffer.from(callback.rawBody.toString().replace('delivered', 'failed'));
    expect(twilio.verifyWebhook({ ...callback, rawBody: altered })).toBe(false);
    const otherText = callback.url.replace('t=42', 't=43');
    expect(twilio.verifyWebhook({ ...callback, url: otherText })).toBe(false);
  });

  it('reads a delivery callback with our text reference from its URL', async () => {
    await twilio.send(message);
    const sid = mock.messages.at(-1)!.sid;
    const events = twilio.parseWebhook(mock.statusCallback(sid, 'delivered'));
    expect(events).toEqual([
      {
        kind: 'status',
        eventId: `${sid}:delivered`,
        providerMessageId: sid,
        ref,
        status: 'Delivered',
        errorMessage: null,
        providerCode: null,
        senderBlocked: false,
        recipientOptedOut: false,
        occurredAt: expect.any(Date),
      },
    ]);
  });

  it('reads an undelivered callback with a spam error as Spam with the sender blocked', async () => {
    await twilio.send(message);
    const sid = mock.messages.at(-1)!.sid;
    const [event] = twilio.parseWebhook(mock.statusCallback(sid, 'undelivered', 30007));
    expect(event).toMatchObject({ status: 'Spam', providerCode: '30007', senderBlocked: true, ref });
  });

  it('reads an undelivered callback with 21610 as the recipient opted out at Twilio', async () => {
    await twilio.send(message);
    const sid = mock.messages.at(-1)!.sid;
    const [event] = twilio.parseWebhook(mock.statusCallback(sid, 'undelivered', 21610));
    expect(event).toMatchObject({ status: 'Rejected', recipientOptedOut: true, senderBlocked: false, ref });
    const [sent] = twilio.parseWebhook(mock.statusCallback(sid, 'sent'));
    expect(sent).toMatchObject({ status: 'Sent', eventId: `${sid}:sent` });
  });

  it('reads an inbound reply with its media', () => {
    const reply = mock.inbound(
      'https://canvass.example.org/webhooks/twilio/inbound',
      message.to,
      message.from,
      'STOP',
      ['https://api.twilio.com/media/ME1'],
    );
    expect(twilio.verifyWebhook(reply)).toBe(true);
    const [event] = twilio.parseWebhook(reply);
    expect(event).toMatchObject({
      kind: 'inbound',
      from: message.to,
      to: message.from,
      body: 'STOP',
      mediaUrls: ['https://api.twilio.com/media/ME1'],
    });
    expect(event.eventId).toBe(event.providerMessageId);
  });
});

describe('Twilio lookup and findSent', () => {
  it.each([
    ['mobile', 'Mobile'],
    ['landline', 'Landline'],
    ['nonFixedVoip', 'VOIP'],
    ['tollFree', 'Unknown'],
  ])('reports the carrier and a %s line as %s', async (type, lineType) => {
    mock.setLineType('+15553330000', 'Verizon Wireless', type);
    expect(await twilio.lookup!('+15553330000')).toEqual({ carrier: 'Verizon Wireless', lineType });
  });

  it('finds a text Twilio accepted by recipient, sender and body, and nothing for one it never got', async () => {
    const body = `Early voting ends Friday ${Math.random()}`;
    const outcome = await twilio.send({ ...message, body });
    expect(await twilio.findSent!({ ...message, body })).toEqual({
      providerMessageId: outcome.kind === 'accepted' ? outcome.providerMessageId : 'not accepted',
    });
    expect(await twilio.findSent!({ ...message, body: 'never sent' })).toBeNull();
  });
});
