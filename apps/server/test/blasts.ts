import type { BuiltOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { startTwilioMock, type TwilioMock } from './mocks/twilio-mock';
import { runProjectLoad } from '../src/modules/projects/load/run-project-load';
import { addSender, loadedList, makeProject } from './project-factories';
import { setProviderSettings } from './webhooks';

/** Factories for the dispatch tests: a loaded Blast project sending through one provider. */

/** The Twilio account of a dispatch test, as a brand's settings (loadedBlast's `settings`). */
export const twilioAccount = (token: string) => ({
  TWILIO_ACCOUNT_SID: 'AC' + 'd'.repeat(32),
  TWILIO_AUTH_TOKEN: token,
});

/** A test app whose Twilio is a local mock of it that knows `account`, with the test file's own settings. */
export async function twilioTestApp(
  account: ReturnType<typeof twilioAccount>,
  env: Record<string, string> = {},
): Promise<{ app: TestApp; twilio: TwilioMock }> {
  const twilio = await startTwilioMock(account.TWILIO_ACCOUNT_SID, account.TWILIO_AUTH_TOKEN);
  const app = await createTestApp({ PROVIDER_BASE_URLS: JSON.stringify({ Twilio: twilio.url }), ...env });
  return { app, twilio };
}

export interface Blast {
  projectId: number;
  senderIds: number[];
  textIds: number[];
}

/** Recipients 2125550001 … in a loaded Blast project, released to send (Queued), its senders on `provider`. */
export async function loadedBlast(
  app: TestApp,
  org: BuiltOrganization,
  o: {
    recipients: number;
    provider: string;
    settings: Record<string, string>;
    senders?: string[];
    message?: string;
  },
): Promise<Blast> {
  const people = Array.from({ length: o.recipients }, (_, i) => [
    `21255${String(i + 1).padStart(5, '0')}`,
    `P${i + 1}`,
    'Voter',
    '',
    '',
  ]);
  const listId = await loadedList(app, org.id, people);
  const projectId = await makeProject(app, org.id, {
    clientId: org.clientId,
    listId,
    message: o.message ?? 'Hi {firstName}, polls close at 8',
  });
  const senderIds: number[] = [];
  for (const [i, number] of (o.senders ?? ['3125559001']).entries()) {
    const id = await addSender(app, org.id, projectId, number, { primary: i === 0 });
    await app.sql(`UPDATE phones SET provider = $3 WHERE organization_id = $1 AND id = $2`, [org.id, id, o.provider]);
    senderIds.push(id);
  }
  await setProviderSettings(app, org.id, o.provider, o.settings);
  await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, projectId);
  await app.sql(
    `UPDATE projects SET delivery_type = 'Blast', project_status = 'Queued' WHERE organization_id = $1 AND id = $2`,
    [org.id, projectId],
  );
  const { rows } = await app.sql(`SELECT id FROM texts WHERE organization_id = $1 AND project_id = $2 ORDER BY id`, [
    org.id,
    projectId,
  ]);
  return { projectId, senderIds, textIds: rows.map((r: { id: string }) => Number(r.id)) };
}

/**
 * A Twilio brand of `throughput` segments a second (and `dailyCap` segments a number a day, when given), with a
 * campaign of `campaignType` holding the sender numbers `phoneIds`. Returns the brand's id.
 */
export async function brandWithCampaign(
  app: TestApp,
  orgId: number,
  phoneIds: number[],
  o: { throughput: number; campaignType?: 'Registered' | 'Unregistered'; dailyCap?: number },
): Promise<number> {
  const { rows: brand } = await app.sql(
    `INSERT INTO brands (organization_id, name, provider, throughput, daily_cap_per_number)
     VALUES ($1, 'Shaped', 'Twilio', $2, $3) RETURNING id`,
    [orgId, o.throughput, o.dailyCap ?? null],
  );
  const { rows: campaign } = await app.sql(
    `INSERT INTO campaigns (organization_id, name, code, brand_id, campaign_type) VALUES ($1, 'C', $4, $2, $3)
     RETURNING id`,
    [orgId, brand[0].id, o.campaignType ?? 'Registered', `C${brand[0].id}`],
  );
  await app.sql(`UPDATE phones SET campaign_id = $2 WHERE organization_id = $1 AND id = ANY($3::bigint[])`, [
    orgId,
    campaign[0].id,
    phoneIds,
  ]);
  return Number(brand[0].id);
}

/** The project's texts by status, as its counts (project_text_counts) keep them. */
export async function countsByStatus(app: TestApp, orgId: number, projectId: number) {
  const { rows } = await app.sql(
    `SELECT text_status, sum(count)::int AS n FROM project_text_counts
      WHERE organization_id = $1 AND project_id = $2 GROUP BY 1 HAVING sum(count) <> 0 ORDER BY 1`,
    [orgId, projectId],
  );
  return Object.fromEntries(rows.map((r: { text_status: string; n: number }) => [r.text_status, r.n]));
}

/** The project's texts handed to each provider, summed over its minutes (project_send_minutes, the insights' pace). */
export async function sendsPerProvider(app: TestApp, orgId: number, projectId: number) {
  const { rows } = await app.sql(
    `SELECT provider, sum(sent)::int AS n FROM project_send_minutes
      WHERE organization_id = $1 AND project_id = $2 GROUP BY 1 ORDER BY 1`,
    [orgId, projectId],
  );
  return Object.fromEntries(rows.map((r: { provider: string; n: number }) => [r.provider, r.n]));
}

/** The project's texts by status, counted from the texts themselves (what the counts must agree with). */
export async function textsByStatus(app: TestApp, orgId: number, projectId: number) {
  const { rows } = await app.sql(
    `SELECT text_status, count(*)::int AS n FROM texts
      WHERE organization_id = $1 AND project_id = $2 AND text_type = 'List' GROUP BY 1 ORDER BY 1`,
    [orgId, projectId],
  );
  return Object.fromEntries(rows.map((r: { text_status: string; n: number }) => [r.text_status, r.n]));
}

/**
 * The configurable HTTP adapter (Telucom) pointed at a local provider of its own JSON API (test/mocks/
 * http-provider-mock.ts), our idempotency key sent as `reference`, no webhooks (texts end Sent).
 */
export const httpAdapterAccount = (url: string, customer: string, apiKey: string) => ({
  TELUCOM_API_KEY: apiKey,
  TELUCOM_CUSTOMER_ID: customer,
  HTTP_SEND_URL: `${url}/v1/customers/{TELUCOM_CUSTOMER_ID}/sms`,
  HTTP_AUTH_HEADER: 'X-Api-Key: {TELUCOM_API_KEY}',
  HTTP_BODY_TEMPLATE: '{"source":"{from}","destination":"{to}","message":"{body}","reference":"{idempotencyKey}"}',
  HTTP_MESSAGE_ID_PATH: 'data.id',
});

/** The credentials of a Bandwidth account (test/mocks/bandwidth-mock.ts) as a brand's provider settings. */
export const bandwidthAccount = (b: {
  accountId: string;
  apiUser: string;
  apiPassword: string;
  callbackUser: string;
  callbackPassword: string;
}) => ({
  BANDWIDTH_ACCOUNT_ID: b.accountId,
  BANDWIDTH_API_USER: b.apiUser,
  BANDWIDTH_API_PASSWORD: b.apiPassword,
  BANDWIDTH_APPLICATION_ID: 'app-1',
  BANDWIDTH_MESSAGING_USER: b.callbackUser,
  BANDWIDTH_MESSAGING_PASSWORD: b.callbackPassword,
});

/** The text id inside our idempotency key (canvass-<organization>-<text>-<created>). */
export const textIdOfKey = (key: string): number => Number(key.split('-')[2]);
