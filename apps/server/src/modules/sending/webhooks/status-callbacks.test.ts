import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { startBandwidthMock, type BandwidthMock } from '../../../../test/mocks/bandwidth-mock';
import { dispatchOrganization } from '../dispatch/dispatch';
import { bandwidthAccount, countsByStatus, loadedBlast, type Blast } from '../../../../test/blasts';
import { processWebhookEvents } from './process-webhook-events';
import { signedBody, statusBody } from '../../../../test/webhooks';

/**
 * Status callbacks only move texts a provider was handed (issue 34): a signed callback naming a text that was never
 * handed over (no provider message id, never sent) changes nothing, however it came to name it; one that arrives
 * before dispatch has recorded the provider's acceptance (a fast provider) still counts.
 */

let app: TestApp;
let org: BuiltOrganization;
let bandwidth: BandwidthMock;

const BANDWIDTH = {
  accountId: '9900002',
  apiUser: 'api-user',
  apiPassword: 'api-pass',
  callbackUser: 'cb-user',
  callbackPassword: 'cb-pass',
};

/** A simulator that never calls back by itself: each callback here is posted by the test. */
const QUIET_SIMULATOR = {
  SIMULATOR_LATENCY_MS: '3600000',
  SIMULATOR_DELIVERY_RATE: '1',
  SIMULATOR_FAILURE_RATE: '0',
  SIMULATOR_REPLY_RATE: '0',
  SIMULATOR_STOP_RATE: '0',
};

beforeAll(async () => {
  bandwidth = await startBandwidthMock(BANDWIDTH);
  app = await createTestApp({ PROVIDER_BASE_URLS: JSON.stringify({ Bandwidth: bandwidth.url }) });
  org = await buildOrganization(app, 'Status callbacks');
}, 60_000);

afterAll(() => bandwidth.close());

const textRow = async (orgId: number, id: number) =>
  (
    await app.sql(
      `SELECT text_status, provider_message_id, sent_at IS NOT NULL AS sent, created_at FROM texts
        WHERE organization_id = $1 AND id = $2`,
      [orgId, id],
    )
  ).rows[0] as { text_status: string; provider_message_id: string | null; sent: boolean; created_at: Date };

/** The simulator's signed status callback for a text, as if it held it under `messageId`; answers the status code. */
async function callback(orgId: number, textId: number, status: string, messageId: string) {
  const { created_at } = await textRow(orgId, textId);
  const body = statusBody({ id: textId, createdAt: created_at, providerMessageId: messageId }, orgId, status);
  const { raw, headers } = signedBody(app, orgId, body);
  const res = await app.api.inject({ method: 'POST', url: '/webhooks/simulator/status', payload: raw, headers });
  return res.statusCode;
}

const optOuts = async () =>
  Number((await app.sql(`SELECT count(*) FROM opt_outs WHERE organization_id = $1`, [org.id])).rows[0].count);

describe('a status callback for a text never handed to a provider', () => {
  let blast: Blast;
  beforeAll(async () => {
    blast = await loadedBlast(app, org, { recipients: 3, provider: 'Simulator', settings: QUIET_SIMULATOR });
  });

  it('leaves a Ready text Ready, unsent, its project’s counts as they were', async () => {
    const [textId] = blast.textIds;
    const before = await countsByStatus(app, org.id, blast.projectId);
    for (const status of ['sent', 'delivered', 'failed']) await callback(org.id, textId, status, 'SIM-misrouted-1');
    await processWebhookEvents(app.platform, org.id);

    expect(await textRow(org.id, textId)).toMatchObject({
      text_status: 'Ready',
      provider_message_id: null,
      sent: false,
    });
    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual(before);
    expect(await optOuts()).toBe(0);
  });

  it('leaves a claimed text (Queued, not yet sent) Queued, so it is still sent once', async () => {
    const [, textId] = blast.textIds;
    // Claimed as dispatch claims a batch: Queued, with its claim time, before any of it is handed over.
    await app.sql(
      `UPDATE texts SET text_status = 'Queued', claimed_at = now(), send_attempts = send_attempts + 1
        WHERE organization_id = $1 AND id = $2`,
      [org.id, textId],
    );
    const before = await countsByStatus(app, org.id, blast.projectId);
    for (const status of ['delivered', 'undelivered']) await callback(org.id, textId, status, 'SIM-misrouted-2');
    await processWebhookEvents(app.platform, org.id);

    expect(await textRow(org.id, textId)).toMatchObject({
      text_status: 'Queued',
      provider_message_id: null,
      sent: false,
    });
    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual(before);
  });
});

describe('a misrouted failure report', () => {
  it('naming a text never handed over, opts no recipient out and blocks no sender', async () => {
    const misrouted = await buildOrganization(app, 'Misrouted');
    const blast = await loadedBlast(app, misrouted, {
      recipients: 2,
      provider: 'Bandwidth',
      settings: bandwidthAccount(BANDWIDTH),
    });
    const [sentId, readyId] = blast.textIds;
    // One text is sent; the other stays Ready (only the first is marked to go).
    await app.sql(`UPDATE projects SET project_status = 'Ready' WHERE organization_id = $1 AND id = $2`, [
      misrouted.id,
      blast.projectId,
    ]);
    await app.sql(`UPDATE texts SET is_send_text = true WHERE organization_id = $1 AND id = $2`, [
      misrouted.id,
      sentId,
    ]);
    await dispatchOrganization(app.platform, misrouted.id);
    const [message] = bandwidth.messages.slice(-1);
    const ready = await textRow(misrouted.id, readyId);
    expect(ready.text_status).toBe('Ready');

    // Bandwidth's real reports for the sent message (recipient opted out; sender blocked), carrying the tag of the
    // Ready text instead: authenticated as Bandwidth authenticates, but about a text it was never given.
    const reports = bandwidth.statusCallbacks(
      'https://canvass.example/webhooks/bandwidth/status',
      [message.id, 'message-failed', 4775],
      [message.id, 'message-failed', 4470],
    );
    const tag = JSON.stringify({
      organizationId: misrouted.id,
      textId: readyId,
      createdAtMs: ready.created_at.getTime(),
    });
    const events = JSON.parse(reports.rawBody.toString()) as { message: { tag?: string } }[];
    for (const e of events) e.message.tag = tag;
    const res = await app.api.inject({
      method: 'POST',
      url: '/webhooks/bandwidth/status',
      headers: reports.headers as Record<string, string>,
      payload: JSON.stringify(events),
    });
    expect(res.statusCode).toBe(204);
    await processWebhookEvents(app.platform, misrouted.id);

    expect(await textRow(misrouted.id, readyId)).toMatchObject({ text_status: 'Ready', sent: false });
    const { rows: optOuts } = await app.sql(`SELECT number FROM opt_outs WHERE organization_id = $1`, [misrouted.id]);
    expect(optOuts).toEqual([]);
    const { rows: senders } = await app.sql(
      `SELECT phone_status FROM phones WHERE organization_id = $1 AND id = ANY($2::bigint[])`,
      [misrouted.id, blast.senderIds],
    );
    expect(senders).toEqual([{ phone_status: 'Active' }]);
  });
});

describe('a fast provider', () => {
  it('delivers a text whose callback arrives before dispatch recorded the provider’s acceptance', async () => {
    const fast = await buildOrganization(app, 'Fast provider');
    const blast = await loadedBlast(app, fast, { recipients: 1, provider: 'Simulator', settings: QUIET_SIMULATOR });
    const [textId] = blast.textIds;

    // The provider took the text, and its delivery report arrives before dispatch writes down the acceptance: the
    // run ends right there (a hook that throws records nothing), as if the report had overtaken it.
    let accepted: string | null = null;
    await expect(
      dispatchOrganization(app.platform, fast.id, {
        hooks: {
          afterSend(_text, outcome) {
            if (outcome.kind === 'accepted') accepted = outcome.providerMessageId;
            throw new Error('the callback overtakes the record');
          },
        },
      }),
    ).rejects.toThrow('the callback overtakes the record');
    expect(accepted).not.toBeNull();
    expect((await textRow(fast.id, textId)).text_status).toBe('Queued');

    expect(await callback(fast.id, textId, 'delivered', accepted!)).toBe(204);
    await processWebhookEvents(app.platform, fast.id);

    expect(await textRow(fast.id, textId)).toMatchObject({
      text_status: 'Delivered',
      provider_message_id: accepted,
      sent: true,
    });
    expect(await countsByStatus(app, fast.id, blast.projectId)).toEqual({ Delivered: 1 });
  });
});
