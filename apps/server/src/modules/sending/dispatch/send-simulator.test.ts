import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import { freePort } from '../../../../test/free-port';
import { createTestApp, gql, type TestApp } from '../../../../test/harness';
import { processWebhookEvents } from '../webhooks/process-webhook-events';
import { dispatchOrganization } from './dispatch';
import { countsByStatus, loadedBlast, type Blast } from '../../../../test/blasts';

/** The whole path through the built-in simulator: the API releases a project, dispatch sends, the carrier answers. */

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let blast: Blast;

const DELIVERS_AND_REPLIES = {
  SIMULATOR_LATENCY_MS: '10',
  SIMULATOR_DELIVERY_RATE: '1',
  SIMULATOR_FAILURE_RATE: '0',
  SIMULATOR_REPLY_RATE: '1',
  SIMULATOR_STOP_RATE: '0',
};

const ACTION = `mutation($projectId: ID!, $option: ProjectAction!) {
  loadSendProject(projectId: $projectId, option: $option) { message errors { field messages } project { projectStatus } }
}`;
const SEND_TEXT = `mutation($projectId: ID!, $textIds: [ID!]!, $message: String) {
  sendText(projectId: $projectId, textIds: $textIds, message: $message) { message errors { field messages } }
}`;

beforeAll(async () => {
  const port = await freePort();
  app = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await app.api.listen({ port, host: '127.0.0.1' });
  org = await buildOrganization(app, 'Simulated');
  other = await buildOrganization(app, 'Other');
  blast = await loadedBlast(app, org, { recipients: 4, provider: 'Simulator', settings: DELIVERS_AND_REPLIES });
  await app.sql(`UPDATE projects SET project_status = 'Ready' WHERE id = $1`, [blast.projectId]);
}, 120_000);

describe('sending a project through the simulator', () => {
  it('releases, sends, delivers and brings the replies back as Received texts', async () => {
    const token = await org.tokenFor('Admin');
    const released = await gql(app, ACTION, { projectId: blast.projectId, option: 'SendTexts' }, { token });
    expect(released.data?.loadSendProject).toMatchObject({
      message: 'The texts have been queued for sending',
      project: { projectStatus: 'Queued' },
    });
    const { rows: jobs } = await app.sql(
      `SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'dispatchTexts'`,
    );
    expect(jobs.map((j: { key: string }) => j.key)).toContain(`dispatch:${org.id}`);

    // What the dispatchTexts job runs.
    expect((await dispatchOrganization(app.platform, org.id)).claimed).toBe(4);
    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual({ Sending: 4 });

    // Sent, Delivered and a reply for each text, posted signed to this app's webhook routes.
    await vi.waitFor(
      async () =>
        expect(Number((await app.sql(`SELECT count(*) FROM webhook_events`)).rows[0].count)).toBeGreaterThanOrEqual(12),
      { timeout: 15_000, interval: 50 },
    );
    await processWebhookEvents(app.platform, org.id);

    expect(await countsByStatus(app, org.id, blast.projectId)).toEqual({ Delivered: 4, Received: 4 });
    const { rows: replies } = await app.sql(
      `SELECT text_type, project_id, to_phone_id FROM texts WHERE organization_id = $1 AND text_status = 'Received'`,
      [org.id],
    );
    expect(replies).toHaveLength(4);
    expect(replies.every((r: { text_type: string }) => r.text_type === 'Reply')).toBe(true);
    expect(new Set(replies.map((r: { to_phone_id: string }) => Number(r.to_phone_id)))).toEqual(
      new Set(blast.senderIds),
    );
    const { rows: project } = await app.sql(`SELECT project_status FROM projects WHERE id = $1`, [blast.projectId]);
    expect(project[0].project_status).toBe('Complete');
  }, 60_000);

  it('sendText refuses a text that is not Ready, and another organization cannot reach the project', async () => {
    const token = await org.tokenFor('Admin');
    const refused = await gql(app, SEND_TEXT, { projectId: blast.projectId, textIds: [blast.textIds[0]] }, { token });
    expect(refused.data?.sendText.errors).toEqual([{ field: 'base', messages: ['Error, text not sent'] }]);

    const outsider = await other.tokenFor('Admin');
    const foreign = await gql(
      app,
      SEND_TEXT,
      { projectId: blast.projectId, textIds: [blast.textIds[0]] },
      { token: outsider },
    );
    expect(foreign.data?.sendText.errors).toEqual([{ field: 'base', messages: ['Error, project not loaded'] }]);
    const tooMany = await gql(
      app,
      SEND_TEXT,
      { projectId: blast.projectId, textIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      { token },
    );
    expect(tooMany.data?.sendText.errors[0].field).toBe('textIds');
  });
});
