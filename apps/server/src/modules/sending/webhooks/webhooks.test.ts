import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import { freePort } from '../../../../test/free-port';
import { createTestApp, gql, type TestApp } from '../../../../test/harness';
import { runProjectLoad } from '../../projects/load/run-project-load';
import { loadedList, makeProject, recipient } from '../../../../test/project-factories';
import { processWebhookEvents } from './process-webhook-events';
import {
  sendText,
  setSimulatorSettings,
  signedBody,
  simulatorSender,
  statusBody,
  type SentText,
} from '../../../../test/webhooks';

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let projectId: number;
let senderId: number;
let otherProjectId: number;
let textIds: number[];
let otherTextIds: number[];

const ALWAYS_REPLIES = {
  SIMULATOR_LATENCY_MS: '20',
  SIMULATOR_DELIVERY_RATE: '1',
  SIMULATOR_FAILURE_RATE: '0',
  SIMULATOR_REPLY_RATE: '1',
  SIMULATOR_STOP_RATE: '0',
};

const textRow = async (id: number) =>
  (await app.sql(`SELECT text_status, error_message, provider_message_id FROM texts WHERE id = $1`, [id])).rows[0] as {
    text_status: string;
    error_message: string | null;
    provider_message_id: string | null;
  };

const storedEvents = async () => Number((await app.sql(`SELECT count(*) FROM webhook_events`)).rows[0].count);

const post = (path: string, raw: string, headers: Record<string, string>) =>
  app.api.inject({ method: 'POST', url: path, payload: raw, headers });

async function projectTexts(orgId: number, project: number) {
  const { rows } = await app.sql(`SELECT id FROM texts WHERE organization_id = $1 AND project_id = $2 ORDER BY id`, [
    orgId,
    project,
  ]);
  return rows.map((r: { id: string }) => Number(r.id));
}

beforeAll(async () => {
  const port = await freePort();
  app = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  // The simulator calls back over HTTP, as a carrier does: the app listens where PUBLIC_URL says.
  await app.api.listen({ port, host: '127.0.0.1' });
  org = await buildOrganization(app, 'Webhooks');
  other = await buildOrganization(app, 'Elsewhere');
  const people = [
    ['2125550101', 'Ada', 'Lovelace', '', ''],
    ['2125550102', 'Bo', 'Diddley', '', ''],
    ['2125550103', 'Cy', 'Young', '', ''],
    ['2125550104', 'Di', 'Prince', '', ''],
  ];
  const listId = await loadedList(app, org.id, people);
  projectId = await makeProject(app, org.id, { clientId: org.clientId, listId, message: 'Hi {firstName}' });
  senderId = await simulatorSender(app, org.id, projectId, '2125559001', ALWAYS_REPLIES);
  await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, projectId);
  textIds = await projectTexts(org.id, projectId);

  // The other organization texts the same people from its own number.
  const otherList = await loadedList(app, other.id, people);
  otherProjectId = await makeProject(app, other.id, { clientId: other.clientId, listId: otherList, message: 'Yo' });
  await simulatorSender(app, other.id, otherProjectId, '3125559001', ALWAYS_REPLIES);
  await runProjectLoad(app.platform, { organizationId: other.id, userId: null }, otherProjectId);
  otherTextIds = await projectTexts(other.id, otherProjectId);
}, 120_000);

describe('the simulator, end to end over HTTP', () => {
  it('delivers a sent text and its recipient replies into the project', async () => {
    const sent = await sendText(app, org.id, textIds[0]);
    // Sent, Delivered and the reply: three signed callbacks to this app's webhook routes.
    await vi.waitFor(async () => expect(await storedEvents()).toBe(3), { timeout: 15_000, interval: 50 });
    // Processing is asked for once per organization per enqueue window, shortly after the events commit.
    await vi.waitFor(
      async () => {
        const { rows: jobs } = await app.sql(`SELECT key FROM graphile_worker.jobs WHERE task_identifier = $1`, [
          'processWebhookEvents',
        ]);
        expect(jobs.map((j: { key: string }) => j.key)).toEqual([`webhook-events:${org.id}`]);
      },
      { timeout: 5_000, interval: 50 },
    );

    expect(await processWebhookEvents(app.platform, org.id)).toBe(3);
    expect(await textRow(sent.id)).toMatchObject({
      text_status: 'Delivered',
      provider_message_id: sent.providerMessageId,
    });
    const { rows: received } = await app.sql(
      `SELECT t.text_type, t.project_id, t.body, f.number AS from_number, t.to_phone_id
         FROM texts t JOIN phones f ON f.organization_id = t.organization_id AND f.id = t.from_phone_id
        WHERE t.organization_id = $1 AND t.text_status = 'Received'`,
      [org.id],
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      text_type: 'Reply',
      project_id: projectId,
      from_number: '2125550101',
      to_phone_id: senderId,
    });
    expect(received[0].body.length).toBeGreaterThan(0);
    const { rows: counts } = await app.sql(
      `SELECT text_status, sum(count)::int AS n FROM project_text_counts WHERE project_id = $1 GROUP BY 1`,
      [projectId],
    );
    expect(
      Object.fromEntries(counts.map((c: { text_status: string; n: number }) => [c.text_status, c.n])),
    ).toMatchObject({
      Delivered: 1,
      Received: 1,
      Ready: 3,
    });
  });

  it('answers a resend of the same text with the same message id', async () => {
    const first = await sendText(app, org.id, textIds[0]);
    const again = await sendText(app, org.id, textIds[0]);
    expect(again.providerMessageId).toBe(first.providerMessageId);
  });

  it('reports a text it could not deliver with the carrier’s error', async () => {
    await setSimulatorSettings(app, org.id, { ...ALWAYS_REPLIES, SIMULATOR_DELIVERY_RATE: '0' });
    const before = await storedEvents();
    const sent = await sendText(app, org.id, textIds[1]);
    await vi.waitFor(async () => expect(await storedEvents()).toBe(before + 2), { timeout: 15_000, interval: 50 });
    await processWebhookEvents(app.platform, org.id);
    const row = await textRow(sent.id);
    expect(row.text_status).toBe('Undelivered');
    expect(row.error_message).toMatch(/handset|carrier/);
  });
});

describe('callbacks', () => {
  let text: SentText;
  beforeAll(async () => {
    await setSimulatorSettings(app, org.id, { ...ALWAYS_REPLIES, SIMULATOR_LATENCY_MS: '3600000' });
    text = await sendText(app, org.id, textIds[2]);
  });

  it('drops a redelivered event and never moves a text back on a late one', async () => {
    const before = await storedEvents();
    for (const status of ['delivered', 'sent', 'delivered']) {
      const { raw, headers } = signedBody(app, org.id, statusBody(text, org.id, status));
      const res = await post('/webhooks/Simulator/status', raw, headers);
      expect(res.statusCode).toBe(204);
    }
    expect(await storedEvents()).toBe(before + 2);
    await processWebhookEvents(app.platform, org.id);
    expect((await textRow(text.id)).text_status).toBe('Delivered');
  });

  it('refuses forged, unsigned and unroutable requests with 403 and stores nothing', async () => {
    const before = await storedEvents();
    const body = statusBody(text, org.id, 'failed', 'forged-1');
    const { raw, headers } = signedBody(app, org.id, body);
    const forged = {
      ...headers,
      'x-simulator-signature': signedBody(app, other.id, body).headers['x-simulator-signature'],
    };
    const unsigned = { 'content-type': 'application/json' };
    const unknownText = signedBody(app, org.id, { ...body, ref: { ...body.ref, textId: 999_999_999 } });
    const responses = await Promise.all([
      post('/webhooks/Simulator/status', raw, forged),
      post('/webhooks/Simulator/status', raw, unsigned),
      post('/webhooks/Simulator/status', unknownText.raw, unknownText.headers),
      post('/webhooks/Simulator/status', 'not json', headers),
      post('/webhooks/Nowhere/status', raw, headers),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(await storedEvents()).toBe(before);
    await processWebhookEvents(app.platform, org.id);
    expect((await textRow(text.id)).text_status).toBe('Delivered');
  });

  it('records an inbound MMS from someone never texted as an Inbox text, the sender a new recipient', async () => {
    const inbound = signedBody(app, org.id, {
      type: 'inbound',
      eventId: 'inbound-mms-1',
      messageId: 'SIM-MMS-1',
      from: '+16465550177',
      to: '+12125559001',
      body: 'Here is my photo',
      mediaUrls: ['https://media.example/photo.jpg'],
      timestamp: new Date().toISOString(),
    });
    const res = await post('/webhooks/Simulator/inbound', inbound.raw, inbound.headers);
    expect(res.statusCode).toBe(204);
    await processWebhookEvents(app.platform, org.id);
    const from = await recipient(app, org.id, '6465550177');
    const { rows } = await app.sql(
      `SELECT text_type, project_id, body, media_urls, messaging_service_type, to_phone_id,
              sent_at IS NOT DISTINCT FROM created_at AS shows_arrival FROM texts
        WHERE organization_id = $1 AND from_phone_id = $2`,
      [org.id, from],
    );
    expect(rows).toEqual([
      {
        text_type: 'Inbox',
        project_id: null,
        body: 'Here is my photo',
        media_urls: ['https://media.example/photo.jpg'],
        messaging_service_type: 'MMS',
        to_phone_id: senderId,
        // Its time on screen is when it arrived.
        shows_arrival: true,
      },
    ]);
  });
});

describe('tenancy', () => {
  it("routes a webhook to its own organization's number and never touches another's texts", async () => {
    await setSimulatorSettings(app, org.id, { ...ALWAYS_REPLIES, SIMULATOR_LATENCY_MS: '3600000' });
    const mine = await sendText(app, org.id, textIds[3]);
    const theirsBefore = await app.sql(`SELECT id, text_status FROM texts WHERE organization_id = $1 ORDER BY id`, [
      other.id,
    ]);

    // Signed for this organization, naming the other's text: it verifies for neither, and changes nothing.
    const theirText = { ...mine, id: otherTextIds[3] };
    const crossed = signedBody(app, org.id, statusBody(theirText, other.id, 'delivered', 'crossed-1'));
    expect((await post('/webhooks/Simulator/status', crossed.raw, crossed.headers)).statusCode).toBe(403);
    // Signed for this organization, sent to the other's number: refused too.
    const toTheirs = signedBody(app, org.id, {
      type: 'inbound',
      eventId: 'crossed-2',
      messageId: 'SIM-X',
      from: '+12125550104',
      to: '+13125559001',
      body: 'Hello?',
      mediaUrls: [],
      timestamp: new Date().toISOString(),
    });
    expect((await post('/webhooks/Simulator/inbound', toTheirs.raw, toTheirs.headers)).statusCode).toBe(403);

    // The same recipient answering this organization's number: a text here only, however the other texted them.
    const reply = signedBody(app, org.id, {
      type: 'inbound',
      eventId: 'reply-2',
      messageId: 'SIM-R2',
      from: '+12125550104',
      to: '+12125559001',
      body: 'Count me in',
      mediaUrls: [],
      timestamp: new Date().toISOString(),
    });
    expect((await post('/webhooks/Simulator/inbound', reply.raw, reply.headers)).statusCode).toBe(204);
    const delivered = signedBody(app, org.id, statusBody(mine, org.id, 'delivered'));
    expect((await post('/webhooks/Simulator/status', delivered.raw, delivered.headers)).statusCode).toBe(204);
    const { rows: routed } = await app.sql(
      `SELECT DISTINCT routed_organization_id FROM webhook_events WHERE event_id IN ('reply-2', $1)`,
      [`${mine.providerMessageId}-delivered`],
    );
    expect(routed.map((r: { routed_organization_id: string }) => Number(r.routed_organization_id))).toEqual([org.id]);

    await processWebhookEvents(app.platform, org.id);
    await processWebhookEvents(app.platform, other.id);
    expect((await textRow(mine.id)).text_status).toBe('Delivered');
    const theirsAfter = await app.sql(`SELECT id, text_status FROM texts WHERE organization_id = $1 ORDER BY id`, [
      other.id,
    ]);
    expect(theirsAfter.rows).toEqual(theirsBefore.rows);
    const { rows: replies } = await app.sql(
      `SELECT organization_id, text_type FROM texts WHERE body = 'Count me in' AND text_status = 'Received'`,
    );
    // Texted by this organization's number in the project (sent above): a Reply here.
    expect(replies).toEqual([{ organization_id: org.id, text_type: 'Reply' }]);
  });
});

describe('de-duplication', () => {
  /** A recipient's message to a sender number, signed for the organization, with the provider's event id. */
  const inbound = (orgId: number, eventId: string, to: string, body: string) =>
    signedBody(app, orgId, {
      type: 'inbound',
      eventId,
      messageId: `SIM-${eventId}-${orgId}`,
      from: '+16465550188',
      to,
      body,
      mediaUrls: [],
      timestamp: new Date().toISOString(),
    });

  it("is per organization: another organization's event with the same id never drops this one's STOP", async () => {
    // Event ids are the provider's, unique within one account: another organization's account may use the same.
    const theirs = inbound(other.id, 'evt-1001', '+13125559001', 'Hello');
    expect((await post('/webhooks/simulator/inbound', theirs.raw, theirs.headers)).statusCode).toBe(204);
    const stop = inbound(org.id, 'evt-1001', '+12125559001', 'STOP');
    expect((await post('/webhooks/simulator/inbound', stop.raw, stop.headers)).statusCode).toBe(204);
    // Redelivered, it is still harmless.
    expect((await post('/webhooks/simulator/inbound', stop.raw, stop.headers)).statusCode).toBe(204);

    await processWebhookEvents(app.platform, org.id);
    await processWebhookEvents(app.platform, other.id);
    const optOuts = async (orgId: number) =>
      (await app.sql(`SELECT body FROM opt_outs WHERE organization_id = $1 AND number = '6465550188'`, [orgId])).rows;
    expect(await optOuts(org.id)).toEqual([{ body: 'STOP' }]);
    expect(await optOuts(other.id)).toEqual([]);
    const { rows: received } = await app.sql(
      `SELECT organization_id, body FROM texts t
        WHERE text_status = 'Received' AND body IN ('Hello', 'STOP') ORDER BY organization_id`,
    );
    expect(received).toEqual([
      { organization_id: org.id, body: 'STOP' },
      { organization_id: other.id, body: 'Hello' },
    ]);
  });
});

describe('text insights', () => {
  const INSIGHTS = `query ($projectId: ID!) {
    projectTextInsights(projectId: $projectId) { provider time sentByMinute averagePerSecond }
  }`;

  it("shows the project's texts sent per provider and minute, to its own organization only", async () => {
    const res = await gql(app, INSIGHTS, { projectId: String(projectId) }, { token: await org.tokenFor('Admin') });
    const insights = res.data?.projectTextInsights as {
      provider: string;
      sentByMinute: number;
      averagePerSecond: number;
    }[];
    // The four texts sent above, whatever became of them; the replies are not sent texts.
    expect(insights.map((i) => i.provider)).toEqual(insights.map(() => 'Simulator'));
    expect(insights.reduce((n, i) => n + i.sentByMinute, 0)).toBe(4);
    expect(insights[0].averagePerSecond).toBeCloseTo(insights[0].sentByMinute / 60, 2);
    const elsewhere = await gql(
      app,
      INSIGHTS,
      { projectId: String(projectId) },
      { token: await other.tokenFor('Admin') },
    );
    expect(elsewhere.data?.projectTextInsights).toBeNull();
  });
});
