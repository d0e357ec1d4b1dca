import { MAX_CAMPAIGN_PHONES } from '@canvass/domain';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../test/harness';
import { startBandwidthMock, type BandwidthMock } from '../../../test/mocks/bandwidth-mock';
import { startTwilioMock, type TwilioMock } from '../../../test/mocks/twilio-mock';
import { createWorker } from '../../app';
import { addSender, loadedList, makeClient, makeProject } from '../../../test/project-factories';
import { SIMULATOR_EMPTY_AREA_CODE } from '../sending/providers/simulator/simulator-numbers';
import { setProviderSettings, setSimulatorSettings } from '../../../test/webhooks';

const SID = 'AC00000000000000000000000000000003';
const TOKEN = 'numbers-auth-token';
const BANDWIDTH = {
  accountId: '9900002',
  apiUser: 'bw-user',
  apiPassword: 'bw-password',
  callbackUser: 'cb-user',
  callbackPassword: 'cb-password',
};

const SEARCH = 'query($c:ID!,$a:String!){ searchPhoneNumbers(campaignId:$c, areaCode:$a) }';
const BUY = `mutation($n:[String!]!,$c:ID!,$cl:ID){ buyNumbers(phoneNumbers:$n, campaignId:$c, clientId:$cl){
  message boughtNumbers failedNumbers phoneIds } }`;
const BUY_ONE = `mutation($n:String!,$c:ID!){ buyNumber(phoneNumber:$n, campaignId:$c){ message boughtNumbers } }`;
const SEARCH_AND_BUY = `mutation($c:ID!,$a:String!){ searchAndBuyUnregisteredNumber(campaignId:$c, areaCode:$a){
  message boughtNumbers phoneIds } }`;
const RELEASE = 'mutation($id:ID!){ releaseNumber(phoneId:$id){ message } }';
const VALIDATE = 'mutation($id:ID!){ validatePhone(phoneId:$id){ message } }';

let app: TestApp;
let twilio: TwilioMock;
let bandwidth: BandwidthMock;
let worker: Runner;
let org: BuiltOrganization;
let other: BuiltOrganization;
let token: string;
let otherToken: string;
/** org's Registered campaign on a Twilio brand, for its client. */
let twilioCampaign: string;
/** org's Unregistered campaign on a simulator brand, no client. */
let simCampaign: string;
let otherCampaign: string;

async function campaign(orgId: number, provider: string, type: string, clientId: number | null) {
  const { rows: brand } = await app.sql(
    `INSERT INTO brands (organization_id, name, provider, throughput) VALUES ($1, $2, $3, 10) RETURNING id`,
    [orgId, `${provider} brand`, provider],
  );
  const { rows } = await app.sql(
    `INSERT INTO campaigns (organization_id, name, code, brand_id, campaign_type, client_id)
     VALUES ($1, $2, $2, $3, $4, $5) RETURNING id`,
    [orgId, `${provider} ${type}`, brand[0].id, type, clientId],
  );
  return String(rows[0].id);
}

const phoneRow = async (orgId: number, number: string) =>
  (
    await app.sql(
      `SELECT id, phone_status, phone_type, phone_class, provider, campaign_id, client_id, validated_at
         FROM phones WHERE organization_id = $1 AND number = $2 AND phone_type = 'FromPhone'`,
      [orgId, number],
    )
  ).rows[0] as Record<string, unknown> | undefined;

async function statusBecomes(orgId: number, number: string, status: string) {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const row = await phoneRow(orgId, number);
    if (row?.phone_status === status) return row;
    if (Date.now() > deadline) throw new Error(`${number} is ${String(row?.phone_status)}, not ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const errorOf = (res: { errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }) => ({
  title: res.errors?.[0]?.extensions?.title,
  message: res.errors?.[0]?.message,
});

const campaignPhoneCount = async (campaignId: string) =>
  Number(
    (await app.sql(`SELECT count(*) FROM phones WHERE campaign_id = $1 AND phone_status <> 'Released'`, [campaignId]))
      .rows[0].count,
  );

beforeAll(async () => {
  twilio = await startTwilioMock(SID, TOKEN);
  bandwidth = await startBandwidthMock(BANDWIDTH);
  app = await createTestApp({
    PROVIDER_BASE_URLS: JSON.stringify({ Twilio: twilio.url, Bandwidth: bandwidth.url }),
    WORKER_CONCURRENCY: '1',
  });
  worker = await createWorker(app.platform);
  org = await buildOrganization(app, 'Buyer');
  other = await buildOrganization(app, 'Neighbour');
  token = await org.tokenFor('Admin');
  otherToken = await other.tokenFor('Admin');
  await setProviderSettings(app, org.id, 'Twilio', { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN });
  await setSimulatorSettings(app, org.id, {});
  await setSimulatorSettings(app, other.id, {});
  twilioCampaign = await campaign(org.id, 'Twilio', 'Registered', org.clientId);
  simCampaign = await campaign(org.id, 'Simulator', 'Unregistered', null);
  otherCampaign = await campaign(other.id, 'Simulator', 'Unregistered', null);
  twilio.numbers.offer('+12125550101', '+12125550102', '+12125550103');
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await twilio?.close();
  await bandwidth?.close();
});

describe('area code search', () => {
  it("answers a bad area code with the spec's words and asks no provider", async () => {
    const asked = twilio.requests.length;
    const cases: [string, { title: string; message: string }][] = [
      ['2125', { title: "Can't search phones", message: 'Area code' }],
      ['21', { title: "Can't search phones", message: 'Area code' }],
      ['999', { title: 'Invalid Area Code', message: 'Please, use a valid US area code' }],
    ];
    for (const [areaCode, expected] of cases)
      expect(errorOf(await gql(app, SEARCH, { c: twilioCampaign, a: areaCode }, { token }))).toEqual(expected);
    expect(twilio.requests.length).toBe(asked);
  });

  it("finds the numbers for sale through the campaign's Twilio, brackets and dashes stripped", async () => {
    const res = await gql(app, SEARCH, { c: twilioCampaign, a: '(212)-' }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.searchPhoneNumbers).toEqual(['2125550101', '2125550102', '2125550103']);
  });

  it('finds nothing where the simulator has no numbers', async () => {
    const res = await gql(app, SEARCH, { c: simCampaign, a: SIMULATOR_EMPTY_AREA_CODE }, { token });
    expect(res.data?.searchPhoneNumbers).toEqual([]);
    const buy = await gql(app, SEARCH_AND_BUY, { c: simCampaign, a: SIMULATOR_EMPTY_AREA_CODE }, { token });
    expect(errorOf(buy).message).toBe('No phones available for that area code');
  });
});

describe('buying', () => {
  it('buys what Twilio sells, reports what it would not, and the job verifies the bought number', async () => {
    const res = await gql(app, BUY, { n: ['(212)-555-0101', '2125550199'], c: twilioCampaign }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.buyNumbers).toMatchObject({
      message: 'Could not buy: 2125550199.',
      boughtNumbers: ['2125550101'],
      failedNumbers: ['2125550199'],
    });
    expect(twilio.numbers.owned().map((n) => n.number)).toEqual(['+12125550101']);
    expect(await phoneRow(org.id, '2125550199')).toBeUndefined();
    const verified = await statusBecomes(org.id, '2125550101', 'Active');
    expect(verified).toMatchObject({
      phone_type: 'FromPhone',
      phone_class: 'Provider',
      provider: 'Twilio',
      campaign_id: Number(twilioCampaign),
      client_id: org.clientId,
    });
    expect(verified.validated_at).not.toBeNull();
    // Held now, it is no longer offered.
    const search = await gql(app, SEARCH, { c: twilioCampaign, a: '212' }, { token });
    expect(search.data?.searchPhoneNumbers).toEqual(['2125550102', '2125550103']);
  });

  it('buys one number (buyNumber) with its own message', async () => {
    const res = await gql(app, BUY_ONE, { n: '2125550102', c: twilioCampaign }, { token });
    expect(res.data?.buyNumber).toEqual({ message: 'Number bought successfully', boughtNumbers: ['2125550102'] });
  });

  it("refuses an empty or invalid selection, and a campaign it cannot find, with the spec's words", async () => {
    expect(errorOf(await gql(app, BUY, { n: [], c: twilioCampaign }, { token }))).toEqual({
      title: 'No phones selected',
      message: 'Select a phone number first',
    });
    expect(errorOf(await gql(app, BUY, { n: ['12345'], c: twilioCampaign }, { token })).message).toBe(
      'Invalid phone number',
    );
    expect(errorOf(await gql(app, BUY, { n: ['2125550103'], c: '999999' }, { token })).message).toBe(
      'Campaign not found',
    );
    expect(await phoneRow(org.id, '2125550103')).toBeUndefined();
  });

  it('searches and buys one number for an Unregistered campaign, and refuses a Registered one', async () => {
    const res = await gql(app, SEARCH_AND_BUY, { c: simCampaign, a: '415' }, { token });
    expect(res.errors).toBeUndefined();
    const [number] = res.data?.searchAndBuyUnregisteredNumber.boughtNumbers as string[];
    expect(number).toMatch(/^415\d{7}$/);
    expect(res.data?.searchAndBuyUnregisteredNumber.message).toBe('Number bought successfully');
    expect(await statusBecomes(org.id, number, 'Active')).toMatchObject({ provider: 'Simulator', client_id: null });
    const registered = await gql(app, SEARCH_AND_BUY, { c: twilioCampaign, a: '212' }, { token });
    expect(errorOf(registered).message).toBe('Select a phone number first');
  });

  it(`holds at most ${MAX_CAMPAIGN_PHONES} unreleased numbers per campaign`, async () => {
    const held = await campaignPhoneCount(simCampaign);
    await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type, campaign_id, provider)
       SELECT $1, '41555' || lpad(i::text, 5, '0'), 'Active', 'FromPhone', $2, 'Simulator'
         FROM generate_series(1, $3) i`,
      [org.id, simCampaign, MAX_CAMPAIGN_PHONES - 1 - held],
    );
    const found = (await gql(app, SEARCH, { c: simCampaign, a: '310' }, { token })).data?.searchPhoneNumbers;
    const tooMany = await gql(app, BUY, { n: found.slice(0, 2), c: simCampaign }, { token });
    expect(errorOf(tooMany).message).toBe('This campaign has room for 1 more number (at most 49)');
    expect(await campaignPhoneCount(simCampaign)).toBe(MAX_CAMPAIGN_PHONES - 1);

    expect((await gql(app, BUY, { n: [found[0]], c: simCampaign }, { token })).data?.buyNumbers.boughtNumbers).toEqual([
      found[0],
    ]);
    const full = await gql(app, BUY, { n: [found[1]], c: simCampaign }, { token });
    expect(errorOf(full).message).toBe('This campaign already holds 49 purchased numbers, the most it can');

    // A released number no longer counts.
    const released = await phoneRow(org.id, '4155500001');
    expect((await gql(app, RELEASE, { id: String(released!.id) }, { token })).data?.releaseNumber.message).toBe(
      'Number released successfully',
    );
    expect((await gql(app, BUY, { n: [found[1]], c: simCampaign }, { token })).data?.buyNumbers.boughtNumbers).toEqual([
      found[1],
    ]);
    expect(await campaignPhoneCount(simCampaign)).toBe(MAX_CAMPAIGN_PHONES);
  });
});

describe('buying through Bandwidth', () => {
  it('orders the number, which becomes Active once Bandwidth has it in service, and releases it', async () => {
    await setProviderSettings(app, org.id, 'Bandwidth', {
      BANDWIDTH_ACCOUNT_ID: BANDWIDTH.accountId,
      BANDWIDTH_API_USER: BANDWIDTH.apiUser,
      BANDWIDTH_API_PASSWORD: BANDWIDTH.apiPassword,
      BANDWIDTH_APPLICATION_ID: 'app-1',
      BANDWIDTH_SITE_ID: '4410',
    });
    const bandwidthCampaign = await campaign(org.id, 'Bandwidth', 'Registered', org.clientId);
    bandwidth.numbers.offer('9195550111', '9195550112');
    const found = await gql(app, SEARCH, { c: bandwidthCampaign, a: '919' }, { token });
    expect(found.data?.searchPhoneNumbers).toEqual(['9195550111', '9195550112']);
    const res = await gql(app, BUY, { n: ['9195550111'], c: bandwidthCampaign }, { token });
    expect(res.data?.buyNumbers.message).toBe('Number bought successfully');
    expect(bandwidth.numbers.orders.map((o) => o.numbers)).toEqual([['9195550111']]);
    // The order is taken, not yet complete: the number waits for its verification.
    await new Promise((r) => setTimeout(r, 500));
    expect((await phoneRow(org.id, '9195550111'))?.phone_status).toBe('AwaitingAPIVerify');
    bandwidth.numbers.completeOrders();
    await statusBecomes(org.id, '9195550111', 'Active');

    const id = String((await phoneRow(org.id, '9195550111'))!.id);
    expect((await gql(app, RELEASE, { id }, { token })).data?.releaseNumber.message).toBe(
      'Number released successfully',
    );
    expect(bandwidth.numbers.inService()).toEqual([]);
  }, 30_000);
});

describe('releasing and validating', () => {
  it('releases a Twilio number: Twilio no longer holds it and it is Released; once, and not when Twilio fails', async () => {
    const phone = await statusBecomes(org.id, '2125550102', 'Active');
    const id = String(phone.id);
    // While a project still sends from it, it stays: its texts would have no number to go from.
    const client = await makeClient(app, org.id, 'Release Client');
    const list = await loadedList(app, org.id, [['2125550901', 'A', 'B', '1', '']]);
    const project = await makeProject(app, org.id, {
      message: 'Hi',
      clientId: client,
      listId: list,
      status: 'Sending',
    });
    await addSender(app, org.id, project, '2125550102');
    expect(errorOf(await gql(app, RELEASE, { id }, { token })).message).toBe(
      'This number still sends for project Blast: remove it from that project (or let it finish) before releasing it',
    );
    expect((await phoneRow(org.id, '2125550102'))?.phone_status).toBe('Active');
    await app.sql(`UPDATE projects SET project_status = 'Complete' WHERE organization_id = $1 AND id = $2`, [
      org.id,
      project,
    ]);

    twilio.replyNext({ status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } });
    expect(errorOf(await gql(app, RELEASE, { id }, { token })).message).toBe('Error releasing number');
    expect((await phoneRow(org.id, '2125550102'))?.phone_status).toBe('Active');
    expect(twilio.numbers.owned().map((n) => n.number)).toContain('+12125550102');

    expect((await gql(app, RELEASE, { id }, { token })).data?.releaseNumber.message).toBe(
      'Number released successfully',
    );
    expect(twilio.numbers.owned().map((n) => n.number)).not.toContain('+12125550102');
    expect((await phoneRow(org.id, '2125550102'))?.phone_status).toBe('Released');
    expect(errorOf(await gql(app, RELEASE, { id }, { token })).message).toBe('This number is already released');
  });

  it("'Validate Phone' asks the provider again: Active when the account holds it, Invalid when not", async () => {
    const held = String((await phoneRow(org.id, '2125550101'))!.id);
    const res = await gql(app, VALIDATE, { id: held }, { token });
    expect(res.data?.validatePhone.message).toBe(
      'Phone Status Updated (Awaiting API Verify; verification will be processed shortly)',
    );
    await statusBecomes(org.id, '2125550101', 'Active');

    const { rows } = await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type, campaign_id, provider)
       VALUES ($1, '2125550177', 'Active', 'FromPhone', $2, 'Twilio') RETURNING id`,
      [org.id, twilioCampaign],
    );
    await gql(app, VALIDATE, { id: String(rows[0].id) }, { token });
    await statusBecomes(org.id, '2125550177', 'Invalid');
  });

  it("says at once when the number's provider cannot verify numbers, and leaves it as it was", async () => {
    const { rows } = await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type, provider)
       VALUES ($1, '2125550166', 'Active', 'FromPhone', 'RedCloud') RETURNING id`,
      [org.id],
    );
    expect(errorOf(await gql(app, VALIDATE, { id: String(rows[0].id) }, { token })).message).toBe(
      'Buying numbers is not available through RedCloud',
    );
    expect((await phoneRow(org.id, '2125550166'))?.phone_status).toBe('Active');
  });

  it('validates only sender numbers', async () => {
    const { rows } = await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type) VALUES ($1, '2125550188', 'Active', 'ToPhone') RETURNING id`,
      [org.id],
    );
    expect(errorOf(await gql(app, VALIDATE, { id: String(rows[0].id) }, { token })).message).toBe(
      'Only a purchased (provider) number can be validated',
    );
  });
});

describe('tenancy and permissions', () => {
  it("another organization can neither search through, buy into, release nor validate this organization's", async () => {
    expect(errorOf(await gql(app, SEARCH, { c: twilioCampaign, a: '212' }, { token: otherToken })).message).toBe(
      'Campaign not found',
    );
    expect(errorOf(await gql(app, BUY, { n: ['2125550103'], c: twilioCampaign }, { token: otherToken })).message).toBe(
      'Campaign not found',
    );
    expect(await phoneRow(other.id, '2125550103')).toBeUndefined();
    expect(twilio.numbers.owned().map((n) => n.number)).not.toContain('+12125550103');

    const mine = String((await phoneRow(org.id, '2125550101'))!.id);
    expect(errorOf(await gql(app, RELEASE, { id: mine }, { token: otherToken })).message).toBe(
      'Only a purchased number that is not released can be released',
    );
    expect(errorOf(await gql(app, VALIDATE, { id: mine }, { token: otherToken })).message).toBe(
      'Only a purchased (provider) number can be validated',
    );
    expect((await phoneRow(org.id, '2125550101'))?.phone_status).toBe('Active');
    expect(twilio.numbers.owned().map((n) => n.number)).toContain('+12125550101');
    // Its own campaign works.
    const own = await gql(app, SEARCH, { c: otherCampaign, a: '212' }, { token: otherToken });
    expect((own.data?.searchPhoneNumbers as string[]).length).toBeGreaterThan(0);
  });

  it('a user who may not add phones cannot search or buy', async () => {
    const texter = await org.tokenFor('Texter');
    expect(
      (await gql(app, SEARCH, { c: twilioCampaign, a: '212' }, { token: texter })).errors?.[0].extensions?.code,
    ).toBe('FORBIDDEN');
    expect((await gql(app, RELEASE, { id: '1' }, { token: texter })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
