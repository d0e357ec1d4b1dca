import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildOrganization } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { startBandwidthMock, type BandwidthMock } from '../../../../test/mocks/bandwidth-mock';
import { startSmppMock, type SmppMock } from '../../../../test/mocks/smpp-mock';
import { startTwilioMock, type TwilioMock } from '../../../../test/mocks/twilio-mock';
import type { WebhookRequest } from '../providers/messaging-provider';
import { processWebhookEvents } from '../webhooks/process-webhook-events';
import { deliverWebhook } from '../../../../test/webhooks';
import { dispatchOrganization } from './dispatch';
import { bandwidthAccount, countsByStatus, loadedBlast } from '../../../../test/blasts';

/**
 * The whole path through real adapters and their mocks: a loaded project is dispatched, the provider's delivery
 * receipts and a reply come back through this app's webhook routes, signed as the provider signs them.
 */

const PUBLIC_URL = 'https://canvass.example';
const SID = 'AC' + 'e'.repeat(32);
const TOKEN = 'paths-token';
const BANDWIDTH = {
  accountId: '9900000',
  apiUser: 'api-user',
  apiPassword: 'api-pass',
  callbackUser: 'cb-user',
  callbackPassword: 'cb-pass',
};
let app: TestApp;
let twilio: TwilioMock;
let bandwidth: BandwidthMock;
let smsc: SmppMock;

beforeAll(async () => {
  twilio = await startTwilioMock(SID, TOKEN);
  bandwidth = await startBandwidthMock(BANDWIDTH);
  smsc = await startSmppMock({ systemId: 'canvass', password: 'secret1' });
  app = await createTestApp({
    PUBLIC_URL,
    PROVIDER_BASE_URLS: JSON.stringify({ Twilio: twilio.url, Bandwidth: bandwidth.url, Copaco: smsc.url }),
  });
}, 60_000);

afterAll(async () => {
  await twilio.close();
  await bandwidth.close();
  await smsc.close();
});

const deliver = (request: WebhookRequest) => deliverWebhook(app, request);

async function repliesOf(orgId: number, projectId: number) {
  const { rows } = await app.sql(
    `SELECT body, text_type FROM texts WHERE organization_id = $1 AND project_id = $2 AND text_status = 'Received'`,
    [orgId, projectId],
  );
  return rows as { body: string; text_type: string }[];
}

describe('Twilio, whole path', () => {
  it('sends a loaded project, takes its signed delivery receipts and a reply', async () => {
    const org = await buildOrganization(app, 'Twilio path');
    const blast = await loadedBlast(app, org, {
      recipients: 3,
      provider: 'Twilio',
      settings: { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN },
    });

    await dispatchOrganization(app.platform, org.id);
    expect(twilio.messages).toHaveLength(3);
    for (const m of twilio.messages) {
      expect(await deliver(twilio.statusCallback(m.sid, 'sent'))).toBeLessThan(300);
      expect(await deliver(twilio.statusCallback(m.sid, 'delivered'))).toBeLessThan(300);
    }
    // A duplicate, and a late 'sent' after 'delivered': harmless.
    expect(await deliver(twilio.statusCallback(twilio.messages[0].sid, 'delivered'))).toBeLessThan(300);
    expect(await deliver(twilio.statusCallback(twilio.messages[0].sid, 'sent'))).toBeLessThan(300);
    const first = twilio.messages[0];
    expect(
      await deliver(twilio.inbound(`${PUBLIC_URL}/webhooks/Twilio/inbound`, first.to, first.from!, 'Count me in')),
    ).toBeLessThan(300);
    await processWebhookEvents(app.platform, org.id);

    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual({ Delivered: 3, Received: 1 });
    expect(await repliesOf(org.id, blast.projectId)).toEqual([{ body: 'Count me in', text_type: 'Reply' }]);

    // A receipt whose signature was made with another token changes nothing.
    const forged = twilio.statusCallback(first.sid, 'undelivered', 30003);
    forged.headers['x-twilio-signature'] = 'bm90IHRoZSBzaWduYXR1cmU=';
    expect(await deliver(forged)).toBe(403);
  });
});

describe('Bandwidth, whole path', () => {
  it('sends a loaded project, takes its basic-auth callbacks and a reply', async () => {
    const org = await buildOrganization(app, 'Bandwidth path');
    const blast = await loadedBlast(app, org, {
      recipients: 2,
      provider: 'Bandwidth',
      settings: bandwidthAccount(BANDWIDTH),
    });

    await dispatchOrganization(app.platform, org.id);
    expect(bandwidth.messages).toHaveLength(2);
    const [a, b] = bandwidth.messages;
    const statusUrl = `${PUBLIC_URL}/webhooks/Bandwidth/status`;
    expect(
      await deliver(bandwidth.statusCallbacks(statusUrl, [a.id, 'message-delivered'], [b.id, 'message-sending'])),
    ).toBeLessThan(300);
    expect(await deliver(bandwidth.statusCallbacks(statusUrl, [b.id, 'message-failed', 4720]))).toBeLessThan(300);
    expect(
      await deliver(
        bandwidth.inbound(`${PUBLIC_URL}/webhooks/Bandwidth/inbound`, a.to[0], a.from, 'Which polling place?'),
      ),
    ).toBeLessThan(300);
    await processWebhookEvents(app.platform, org.id);

    const counts = await countsByStatus(app, org.id, blast.projectId);
    expect(counts.Delivered).toBe(1);
    expect(counts.Received).toBe(1);
    expect(Object.keys(counts).filter((s) => !['Delivered', 'Received'].includes(s))).toHaveLength(1);
    expect(await repliesOf(org.id, blast.projectId)).toEqual([{ body: 'Which polling place?', text_type: 'Reply' }]);

    const unauthenticated = bandwidth.statusCallbacks(statusUrl, [a.id, 'message-failed', 4720]);
    delete unauthenticated.headers.authorization;
    expect(await deliver(unauthenticated)).toBe(403);
  });
});

describe('SMPP (Copaco), whole path', () => {
  it('sends over the bind, and its deliver_sm receipts and replies reach the texts of the organization that bound', async () => {
    const org = await buildOrganization(app, 'SMPP path');
    const blast = await loadedBlast(app, org, {
      recipients: 2,
      provider: 'Copaco',
      settings: { SMPP_URL: 'smpp://unused:2775', SMPP_SYSTEM_ID: 'canvass', SMPP_PASSWORD: 'secret1' },
    });

    await dispatchOrganization(app.platform, org.id);
    expect(smsc.submitted).toHaveLength(2);
    const [a] = smsc.submitted;
    smsc.receipt(a.messageId, 'DELIVRD');
    smsc.mobileOriginated(a.to, a.from, 'See you there');
    await vi.waitFor(
      async () =>
        expect(
          Number(
            (await app.sql(`SELECT count(*) FROM webhook_events WHERE routed_organization_id = $1`, [org.id])).rows[0]
              .count,
          ),
        ).toBe(2),
      { timeout: 10_000, interval: 50 },
    );
    await processWebhookEvents(app.platform, org.id);

    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual({ Delivered: 1, Received: 1, Sending: 1 });
    expect(await repliesOf(org.id, blast.projectId)).toEqual([{ body: 'See you there', text_type: 'Reply' }]);
  });
});
