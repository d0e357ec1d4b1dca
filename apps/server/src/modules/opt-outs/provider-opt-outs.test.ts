import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startBandwidthMock, type BandwidthMock } from '../../../test/mocks/bandwidth-mock';
import { startTwilioMock, type TwilioMock } from '../../../test/mocks/twilio-mock';
import { dispatchOrganization } from '../sending/dispatch/dispatch';
import { bandwidthAccount, loadedBlast } from '../../../test/blasts';
import { processWebhookEvents } from '../sending/webhooks/process-webhook-events';

/**
 * Opt-outs the provider already handled, through the real adapters and their mocks: a send Twilio refuses with
 * 21610, a Bandwidth message-failed callback with 4775. The recipient is opted out of the project's client
 * (Provider) and no confirmation is queued: the provider answered the STOP itself.
 */

const PUBLIC_URL = 'https://canvass.example';
const SID = 'AC' + 'f'.repeat(32);
const TOKEN = 'optout-token';
const BANDWIDTH = {
  accountId: '9900001',
  apiUser: 'api-user',
  apiPassword: 'api-pass',
  callbackUser: 'cb-user',
  callbackPassword: 'cb-pass',
};
let app: TestApp;
let twilio: TwilioMock;
let bandwidth: BandwidthMock;

beforeAll(async () => {
  twilio = await startTwilioMock(SID, TOKEN);
  bandwidth = await startBandwidthMock(BANDWIDTH);
  app = await createTestApp({
    PUBLIC_URL,
    PROVIDER_BASE_URLS: JSON.stringify({ Twilio: twilio.url, Bandwidth: bandwidth.url }),
  });
}, 60_000);

afterAll(async () => {
  await twilio.close();
  await bandwidth.close();
});

const optOuts = async (org: BuiltOrganization) =>
  (
    await app.sql(`SELECT number, client_id, opt_out_type FROM opt_outs WHERE organization_id = $1 ORDER BY number`, [
      org.id,
    ])
  ).rows;

const autoReplies = async (org: BuiltOrganization) =>
  Number(
    (await app.sql(`SELECT count(*) FROM texts WHERE organization_id = $1 AND auto_reply`, [org.id])).rows[0].count,
  );

describe('provider-handled opt-outs', () => {
  it('imports a Twilio 21610 refusal on send as a Provider opt-out, without a confirmation', async () => {
    const org = await buildOrganization(app, 'Twilio opt-outs');
    await loadedBlast(app, org, {
      recipients: 2,
      provider: 'Twilio',
      settings: { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN },
    });
    twilio.replyNext(twilio.twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'));
    await dispatchOrganization(app.platform, org.id);

    const { rows: refused } = await app.sql(
      `SELECT r.number, t.text_status FROM texts t JOIN phones r ON r.organization_id = t.organization_id AND r.id = t.to_phone_id
        WHERE t.organization_id = $1 AND t.text_status = 'Rejected'`,
      [org.id],
    );
    expect(refused).toHaveLength(1);
    expect(await optOuts(org)).toEqual([
      { number: refused[0].number, client_id: org.clientId, opt_out_type: 'Provider' },
    ]);
    const { rows: audit } = await app.sql(
      `SELECT action, source, opt_out_type FROM opt_out_changes WHERE organization_id = $1`,
      [org.id],
    );
    expect(audit).toEqual([{ action: 'Added', source: 'Inbound', opt_out_type: 'Provider' }]);
    expect(await autoReplies(org)).toBe(0);
  });

  it('imports a Bandwidth 4775 failure callback as a Provider opt-out, once, without a confirmation', async () => {
    const org = await buildOrganization(app, 'Bandwidth opt-outs');
    await loadedBlast(app, org, {
      recipients: 2,
      provider: 'Bandwidth',
      senders: ['3125559002'],
      settings: bandwidthAccount(BANDWIDTH),
    });
    await dispatchOrganization(app.platform, org.id);
    const sent = bandwidth.messages.slice(-2);
    const statusUrl = `${PUBLIC_URL}/webhooks/Bandwidth/status`;
    const failed = bandwidth.statusCallbacks(statusUrl, [sent[0].id, 'message-failed', 4775]);
    const url = new URL(failed.url);
    for (const attempt of [1, 2]) {
      const res = await app.api.inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: failed.headers as Record<string, string>,
        payload: failed.rawBody,
      });
      expect(res.statusCode, `delivery ${attempt}`).toBeLessThan(300);
    }
    // A delivered text's recipient is not touched.
    const delivered = bandwidth.statusCallbacks(statusUrl, [sent[1].id, 'message-delivered']);
    await app.api.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: delivered.headers as Record<string, string>,
      payload: delivered.rawBody,
    });
    await processWebhookEvents(app.platform, org.id);

    expect(await optOuts(org)).toEqual([
      { number: sent[0].to[0].replace('+1', ''), client_id: org.clientId, opt_out_type: 'Provider' },
    ]);
    expect(await autoReplies(org)).toBe(0);
  });
});
