import smpp from 'smpp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmppMock, type SmppMock } from '../../../../../test/mocks/smpp-mock';
import type { MessagingProvider, OutboundMessage, WebhookEvent } from '../messaging-provider';
import { createSmppProvider } from './smpp';

const settings = { SMPP_URL: 'smpp://unused:2775', SMPP_SYSTEM_ID: 'canvass', SMPP_PASSWORD: 'secret1' };
const message: OutboundMessage = {
  ref: { organizationId: 2, textId: 11, createdAtMs: 1_764_300_000_000 },
  from: '+15550005555',
  to: '+15551230000',
  body: 'Rally at noon on the courthouse steps',
  mediaUrls: [],
  statusCallbackUrl: 'https://canvass.example.org/webhooks/copaco/status',
};

let mock: SmppMock;
let copaco: MessagingProvider;
const received: WebhookEvent[] = [];

beforeAll(async () => {
  mock = await startSmppMock({ systemId: 'canvass', password: 'secret1' });
  copaco = createSmppProvider('Copaco', settings, { baseUrl: mock.url });
  copaco.onEvents!((events) => received.push(...events));
});
afterAll(async () => {
  await copaco.close!();
  await mock.close();
});
afterEach(() => {
  received.length = 0;
});

describe('SMPP send', () => {
  it('submits the text with a delivery receipt requested and keeps the SMSC message id', async () => {
    const outcome = await copaco.send(message);
    const stored = mock.submitted.at(-1)!;
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: stored.messageId });
    expect(stored).toEqual({
      messageId: stored.messageId,
      from: '15550005555',
      to: '15551230000',
      text: message.body,
      registeredDelivery: 1,
    });
  });

  it('sends a long text whole', async () => {
    const body = 'Every vote counts. '.repeat(20);
    expect((await copaco.send({ ...message, body })).kind).toBe('accepted');
    expect(mock.submitted.at(-1)!.text).toBe(body);
  });

  it('maps submit_sm_resp errors: invalid destination, throttling, anything else', async () => {
    mock.failNextSubmit(smpp.ESME_RINVDSTADR);
    expect(await copaco.send(message)).toMatchObject({ kind: 'failed', status: 'NumberFormat' });
    mock.failNextSubmit(smpp.ESME_RTHROTTLED);
    expect(await copaco.send(message)).toMatchObject({ kind: 'retry', reason: /throttling/ });
    mock.failNextSubmit(smpp.ESME_RSUBMITFAIL);
    expect(await copaco.send(message)).toMatchObject({ kind: 'failed', status: 'Failed', providerCode: '0x00000045' });
  });

  it('refuses media, which SMPP cannot carry', async () => {
    expect(await copaco.send({ ...message, mediaUrls: ['https://cdn.example.org/x.png'] })).toMatchObject({
      kind: 'failed',
      status: 'MediaSize',
    });
  });

  it('binds again after the SMSC drops the connection', async () => {
    mock.dropConnections();
    await expect.poll(async () => (await copaco.send(message)).kind).toBe('accepted');
  });

  it('reports a refused bind naming the settings to fix', async () => {
    const wrong = createSmppProvider('Copaco', { ...settings, SMPP_PASSWORD: 'wrong' }, { baseUrl: mock.url });
    expect(await wrong.send(message)).toMatchObject({ kind: 'failed', errorMessage: /SMPP_PASSWORD/ });
    await wrong.close!();
  });
});

describe('SMPP receipts and replies', () => {
  it('turns delivery receipts on the bind into status events and acknowledges them', async () => {
    const sent = await copaco.send(message);
    const id = sent.kind === 'accepted' ? sent.providerMessageId : '';
    const acks = mock.acknowledged.length;
    mock.receipt(id, 'DELIVRD');
    mock.receipt(id, 'UNDELIV', '001');
    await expect.poll(() => received.length).toBe(2);
    expect(received).toMatchObject([
      { kind: 'status', providerMessageId: id, eventId: `${id}:DELIVRD`, status: 'Delivered', errorMessage: null },
      { kind: 'status', providerMessageId: id, status: 'Undelivered', providerCode: '001' },
    ]);
    await expect.poll(() => mock.acknowledged.length).toBe(acks + 2);
  });

  it.each([
    ['REJECTD', 'Rejected'],
    ['EXPIRED', 'Expired'],
  ])('reads stat:%s as %s', async (stat, status) => {
    mock.receipt('smsc-1', stat);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ status });
  });

  it('leaves a receipt unacknowledged when it could not be handed over, so the SMSC sends it again', async () => {
    const stop = copaco.onEvents!(() => {
      throw new Error('database unavailable');
    });
    const refused = mock.receipt('smsc-1', 'DELIVRD');
    await expect.poll(() => received.length).toBe(1);
    stop();
    const handed = mock.receipt('smsc-1', 'DELIVRD');
    await expect.poll(() => mock.acknowledged).toContain(handed);
    // Answers arrive in order on the one connection: had the first been acknowledged, it would be here by now.
    expect(mock.acknowledged).not.toContain(refused);
  });

  it('turns a mobile-originated deliver_sm into an inbound event', async () => {
    mock.mobileOriginated('15551230000', '15550005555', 'STOP');
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ kind: 'inbound', from: '+15551230000', to: '+15550005555', body: 'STOP' });
  });

  it('refuses every HTTP webhook: its events come over the bind', () => {
    expect(
      copaco.verifyWebhook({
        url: 'https://x/webhooks/copaco/status',
        method: 'POST',
        headers: {},
        rawBody: Buffer.from('[]'),
      }),
    ).toBe(false);
  });
});
