import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../test/harness';
import { startTwilioMock, type TwilioMock } from '../../../test/mocks/twilio-mock';
import { createWorker } from '../../app';
import { setSimulatorSettings } from '../../../test/webhooks';
import { carrierOf, LOOKUP_BATCH } from './phone-lookup';

const SID = 'AC00000000000000000000000000000001';
const TOKEN = 'lookup-auth-token';
const LOOK_UP = 'mutation { lookUpPhoneCarriers { message task { id status } } }';
const TASK = 'query($id:ID!){ backgroundTask(id:$id){ status processed total errorMessage } }';
const CARRIER_DATA = 'query { listFilterCarrierDataAvailable }';
const PHONE = 'query($id:ID!){ phone(id:$id){ carrier lineType network } }';

let app: TestApp;
let twilio: TwilioMock;
let worker: Runner;
let org: BuiltOrganization;
let other: BuiltOrganization;
let token: string;
let otherToken: string;

// More recipients than one batch, so the run reads, looks up and writes more than once.
const COUNT = LOOKUP_BATCH + 15;
const numberAt = (i: number) => `212555${String(i).padStart(4, '0')}`;

async function addRecipients(orgId: number) {
  await app.sql(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type)
     SELECT $1, '212555' || lpad(i::text, 4, '0'), 'Active', 'ToPhone' FROM generate_series(0, $2 - 1) i`,
    [orgId, COUNT],
  );
}

async function setTwilioConfiguration(orgId: number) {
  const { rows } = await app.sql(
    `INSERT INTO provider_configurations (organization_id, name, provider) VALUES ($1, 'Our Twilio', 'Twilio') RETURNING id`,
    [orgId],
  );
  for (const [key, value] of Object.entries({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN }))
    await app.sql(
      `INSERT INTO provider_configuration_values (organization_id, provider_configuration_id, env_key, env_value)
       VALUES ($1, $2, $3, $4)`,
      [orgId, rows[0].id, key, app.platform.secrets.seal(value, key)],
    );
}

const phoneId = async (orgId: number, number: string, type = 'ToPhone') =>
  String(
    (
      await app.sql(`SELECT id FROM phones WHERE organization_id = $1 AND number = $2 AND phone_type = $3`, [
        orgId,
        number,
        type,
      ])
    ).rows[0].id,
  );

const lookedUpCount = async (orgId: number) =>
  Number(
    (await app.sql(`SELECT count(*) FROM phones WHERE organization_id = $1 AND line_type IS NOT NULL`, [orgId])).rows[0]
      .count,
  );

async function waitForTask(id: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await gql(app, TASK, { id }, { token });
    const task = res.data?.backgroundTask as { status: string; processed: number; total: number | null };
    if (task.status === 'Done' || task.status === 'Failed') return task;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${task.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  twilio = await startTwilioMock(SID, TOKEN);
  app = await createTestApp({ PROVIDER_BASE_URLS: JSON.stringify({ Twilio: twilio.url }), WORKER_CONCURRENCY: '1' });
  worker = await createWorker(app.platform);
  org = await buildOrganization(app, 'Looker');
  other = await buildOrganization(app, 'Elsewhere');
  token = await org.tokenFor('Admin');
  otherToken = await other.tokenFor('Admin');
  await addRecipients(org.id);
  await addRecipients(other.id);
  // A sender number of the organization: not a recipient, so not looked up.
  await app.sql(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type) VALUES ($1, $2, 'Active', 'FromPhone')`,
    [org.id, numberAt(0)],
  );
  await setTwilioConfiguration(org.id);
  // The other organization sends through the simulator, which offers no lookup.
  await setSimulatorSettings(app, other.id, {});
  twilio.setLineType(`+1${numberAt(0)}`, 'Verizon Wireless', 'mobile');
  twilio.setLineType(`+1${numberAt(1)}`, 'AT&T Local', 'landline');
  twilio.setLineType(`+1${numberAt(2)}`, 'Bandwidth/13 - Bandwidth.com - SVR', 'nonFixedVoip');
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await twilio?.close();
});

describe('number lookup', () => {
  it('an organization without a lookup provider is told so, and nothing changes', async () => {
    const res = await gql(app, LOOK_UP, {}, { token: otherToken });
    expect(res.errors?.[0].message).toBe('Number lookup needs a provider that offers it, such as Twilio');
    expect(res.data?.lookUpPhoneCarriers ?? null).toBeNull();
    expect(await lookedUpCount(other.id)).toBe(0);
    const tasks = await app.sql(`SELECT count(*) FROM background_tasks WHERE organization_id = $1`, [other.id]);
    expect(Number(tasks.rows[0].count)).toBe(0);
    expect((await gql(app, CARRIER_DATA, {}, { token: otherToken })).data?.listFilterCarrierDataAvailable).toBe(false);
  });

  it("fills every recipient's carrier and line type through the organization's Twilio, with progress", async () => {
    expect((await gql(app, CARRIER_DATA, {}, { token })).data?.listFilterCarrierDataAvailable).toBe(false);
    const res = await gql(app, LOOK_UP, {}, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.lookUpPhoneCarriers.message).toBe('Number lookup started');
    const task = await waitForTask(res.data?.lookUpPhoneCarriers.task.id);
    expect(task).toMatchObject({ status: 'Done', processed: COUNT, total: COUNT });

    const mobile = (await gql(app, PHONE, { id: await phoneId(org.id, numberAt(0)) }, { token })).data?.phone;
    expect(mobile).toEqual({ carrier: 'Unknown', lineType: 'Mobile', network: 'Verizon Wireless' });
    const landline = (await gql(app, PHONE, { id: await phoneId(org.id, numberAt(1)) }, { token })).data?.phone;
    expect(landline).toEqual({ carrier: 'Unknown', lineType: 'Landline', network: 'AT&T Local' });
    const voip = (await gql(app, PHONE, { id: await phoneId(org.id, numberAt(2)) }, { token })).data?.phone;
    expect(voip).toEqual({
      carrier: 'Bandwidth',
      lineType: 'VOIP',
      network: 'Bandwidth/13 - Bandwidth.com - SVR',
    });
    // A number Twilio knows nothing about is looked up all the same: its line type is Unknown.
    const unknown = (await gql(app, PHONE, { id: await phoneId(org.id, numberAt(99)) }, { token })).data?.phone;
    expect(unknown).toEqual({ carrier: 'Unknown', lineType: 'Unknown', network: null });
    expect(await lookedUpCount(org.id)).toBe(COUNT);
    expect((await gql(app, CARRIER_DATA, {}, { token })).data?.listFilterCarrierDataAvailable).toBe(true);

    // The sender number is not a recipient; the other organization's recipients, the same numbers, are untouched.
    const sender = (await gql(app, PHONE, { id: await phoneId(org.id, numberAt(0), 'FromPhone') }, { token })).data
      ?.phone;
    expect(sender).toEqual({ carrier: null, lineType: null, network: null });
    expect(await lookedUpCount(other.id)).toBe(0);
  });

  it('a second run has nothing left to look up', async () => {
    const calls = twilio.requests.length;
    const res = await gql(app, LOOK_UP, {}, { token });
    const task = await waitForTask(res.data?.lookUpPhoneCarriers.task.id);
    expect(task).toMatchObject({ status: 'Done', processed: 0, total: 0 });
    expect(twilio.requests.length).toBe(calls);
  });

  it("an Agency user, limited to its clients, cannot start one over the organization's recipients", async () => {
    const tasks = async () =>
      (
        await app.sql(
          `SELECT count(*)::int AS n FROM background_tasks WHERE organization_id = $1 AND kind = 'lookUpPhoneCarriers'`,
          [org.id],
        )
      ).rows[0].n;
    const [before, calls] = [await tasks(), twilio.requests.length];
    const res = await gql(app, LOOK_UP, {}, { token: await org.tokenFor('Agency') });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await tasks()).toBe(before);
    expect(twilio.requests.length).toBe(calls);
  });

  it('a user who may not change phones cannot start one', async () => {
    const res = await gql(app, LOOK_UP, {}, { token: await org.tokenFor('Texter') });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('carrierOf', () => {
  it('names the provider a carrier name contains, else Unknown', () => {
    expect(carrierOf('Twilio - SMS/MMS-SVR')).toBe('Twilio');
    expect(carrierOf('T-Mobile USA, Inc.')).toBe('Unknown');
    expect(carrierOf(null)).toBe('Unknown');
  });
});

describe('providerCapabilities', () => {
  const CAPABILITIES =
    'query($p:Provider!){ providerCapabilities(provider:$p){ sms mms maxMediaBytes deliveryReceipts inbound lookup numbers } }';

  it('tells the screens what a provider can do, and what it cannot', async () => {
    const twilioCan = await gql(app, CAPABILITIES, { p: 'Twilio' }, { token });
    expect(twilioCan.data?.providerCapabilities).toEqual({
      sms: true,
      mms: true,
      maxMediaBytes: 5 * 1024 * 1024,
      deliveryReceipts: true,
      inbound: true,
      lookup: true,
      numbers: true,
    });
    const simulatorCan = await gql(app, CAPABILITIES, { p: 'Simulator' }, { token });
    expect(simulatorCan.data?.providerCapabilities.lookup).toBe(false);
    const redCloudCan = await gql(app, CAPABILITIES, { p: 'RedCloud' }, { token });
    expect(redCloudCan.data?.providerCapabilities.numbers).toBe(false);
  });

  it('answers only a signed-in user', async () => {
    const res = await gql(app, CAPABILITIES, { p: 'Twilio' });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
