import { messages, organizationMessages, priceMessages, ProjectType } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

/**
 * Prices at the three levels (spec §3 Price, §5, §7 price, issue 13 §6): one path for the organization's, a
 * client's and a project's rows, exact decimal text end to end, the price that applies to a project, and who may
 * see and change which level.
 */

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let admin: string;
let otherAdmin: string;
let clientUser: string;
let otherClientId: number;
let projectId: number;
let otherProjectId: number;

type Errors = { field: string; messages: string[] }[];
interface Price {
  id: string;
  price: string;
  isSent: boolean;
  campaignType: string;
  messagingServiceType: string;
  startAt: string;
  clientId: string | null;
  projectId: string | null;
  level: string;
}
interface Applicable {
  messagingServiceType: string;
  campaignType: string;
  isSent: boolean;
  price: string | null;
  level: string | null;
  headerPrice: string;
}

const PRICE = 'id price isSent campaignType messagingServiceType startAt clientId projectId level';
const UPDATE = `mutation($c: ID, $p: ID, $rows: [PriceInput!]!) {
  updatePrices(clientId: $c, projectId: $p, prices: $rows) { prices { ${PRICE} } errors { field messages } message }
}`;
const LIST = `query($c: ID, $p: ID) { prices(clientId: $c, projectId: $p) { ${PRICE} } }`;
const APPLICABLE = `query($c: ID, $p: ID, $at: DateTime) {
  applicablePrices(clientId: $c, projectId: $p, at: $at) { messagingServiceType campaignType isSent price level headerPrice }
}`;

type Scope = { c?: number; p?: number };
const vars = (scope: Scope) => ({
  c: scope.c == null ? null : String(scope.c),
  p: scope.p == null ? null : String(scope.p),
});

async function update(scope: Scope, rows: Record<string, unknown>[], token = admin) {
  const res = await gql(app, UPDATE, { ...vars(scope), rows }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.updatePrices as { prices: Price[] | null; errors: Errors; message: string | null };
}
async function mustUpdate(scope: Scope, rows: Record<string, unknown>[], token = admin): Promise<Price[]> {
  const r = await update(scope, rows, token);
  expect(r.errors).toEqual([]);
  expect(r.message).toBe(priceMessages.updated);
  return r.prices!;
}
async function list(scope: Scope, token = admin): Promise<Price[]> {
  const res = await gql(app, LIST, vars(scope), { token });
  expect(res.errors).toBeUndefined();
  return res.data!.prices as Price[];
}
async function applicable(scope: Scope, at: string | null, token = admin): Promise<Applicable[] | null> {
  const res = await gql(app, APPLICABLE, { ...vars(scope), at }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.applicablePrices as Applicable[] | null;
}
const kind = (rows: Applicable[], service: string, type: string, isSent: boolean) =>
  rows.find((r) => r.messagingServiceType === service && r.campaignType === type && r.isSent === isSent)!;

const errorMap = (errors: Errors) => Object.fromEntries(errors.map((e) => [e.field, e.messages]));
const row = (price: string, startAt: string, extra: Record<string, unknown> = {}) => ({
  price,
  startAt,
  messagingServiceType: 'SMS',
  campaignType: 'Registered',
  isSent: true,
  ...extra,
});
const stored = async (where = 'TRUE') =>
  (
    await app.sql(`SELECT price::text AS price FROM prices WHERE organization_id = $1 AND ${where} ORDER BY id`, [
      org.id,
    ])
  ).rows as { price: string }[];

async function insertProject(clientId: number, status = 'Submitted'): Promise<number> {
  const { rows: manager } = await app.sql('SELECT id FROM users WHERE email = $1', [org.emailFor('Admin')]);
  const { rows } = await app.sql(
    `INSERT INTO projects (organization_id, name, message, project_type, client_id, manager_id, project_status)
     VALUES ($1, 'GOTV', 'Hi', $2, $3, $4, $5) RETURNING id`,
    [org.id, ProjectType.values[0], clientId, manager[0].id, status],
  );
  return rows[0].id as number;
}

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Priced');
  other = await buildOrganization(app, 'Elsewhere');
  const { rows } = await app.sql(
    `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, 'Another', 'Campaign', 'Active') RETURNING id`,
    [org.id],
  );
  otherClientId = rows[0].id as number;
  projectId = await insertProject(org.clientId);
  otherProjectId = await insertProject(otherClientId);
  // The client's edit section is the client's: its Client-role user needs Update on Client to save prices there.
  await app.sql(
    `UPDATE restrictions SET operations = array_append(operations, 'Update') WHERE organization_id = $1 AND role = 'Client' AND resource = 'Client'`,
    [org.id],
  );
  admin = await org.tokenFor('Admin');
  otherAdmin = await other.tokenFor('Admin');
  clientUser = await org.tokenFor('Client');
});

describe('prices at each level', { timeout: 60_000 }, () => {
  it('saves the organization, a client and a project their own rows, each level apart', async () => {
    const orgRows = await mustUpdate({}, [row('0.03', '2026-01-01')]);
    const clientRows = await mustUpdate({ c: org.clientId }, [row('0.025', '2026-01-01', { isSent: false })]);
    const projectRows = await mustUpdate({ p: projectId }, [
      row('0.05', '2026-01-01', { messagingServiceType: 'MMS' }),
    ]);
    expect(orgRows.map((r) => [r.price, r.level, r.clientId, r.projectId])).toEqual([
      ['0.0300', 'Organization', null, null],
    ]);
    expect(clientRows.map((r) => [r.price, r.level, r.clientId, r.isSent])).toEqual([
      ['0.0250', 'Client', String(org.clientId), false],
    ]);
    expect(projectRows.map((r) => [r.price, r.level, r.projectId, r.messagingServiceType])).toEqual([
      ['0.0500', 'Project', String(projectId), 'MMS'],
    ]);
    // Each level reads only its own rows; the organization's screen (updateOrganization's prices) sees its own.
    expect((await list({})).map((r) => r.id)).toEqual(orgRows.map((r) => r.id));
    expect((await list({ c: org.clientId })).map((r) => r.id)).toEqual(clientRows.map((r) => r.id));
    expect((await list({ p: projectId })).map((r) => r.id)).toEqual(projectRows.map((r) => r.id));
    const res = await gql(
      app,
      `query($id: ID!) { organization(id: $id) { prices { id price } } }`,
      { id: String(org.id) },
      { token: admin },
    );
    expect(res.data!.organization.prices).toEqual([{ id: orgRows[0].id, price: '0.0300' }]);
    const one = await gql(
      app,
      `query($id: ID!) { price(id: $id) { price level } }`,
      { id: clientRows[0].id },
      { token: admin },
    );
    expect(one.data!.price).toEqual({ price: '0.0250', level: 'Client' });
    // A row of one level cannot be changed through another.
    const crossed = await update({ c: org.clientId }, [{ ...row('9', '2026-01-01'), id: projectRows[0].id }]);
    expect(errorMap(crossed.errors)).toEqual({ 'prices.0.id': [priceMessages.notFound] });
    expect((await list({ p: projectId }))[0].price).toBe('0.0500');
  });

  it('removes a row without a value, ignores all-empty rows, requires a start date, changes nothing on error', async () => {
    const client = { c: otherClientId };
    const saved = await mustUpdate(client, [
      row('0.01', '2026-01-01'),
      row('0.02', '2026-01-01', { campaignType: 'Unregistered' }),
      { price: '', startAt: '', messagingServiceType: null, campaignType: null },
      {},
    ]);
    expect(saved.map((r) => r.price)).toEqual(['0.0100', '0.0200']);

    const missing = await update(client, [
      { ...row('0.05', '2026-01-01'), id: saved[0].id },
      row('0.03', ''),
      row('-0.01', '2026-01-01', { messagingServiceType: 'MMS' }),
      row('0.12345', '2026-01-01', { isSent: false }),
    ]);
    expect(errorMap(missing.errors)).toEqual({
      'prices.1.startAt': [messages.required('Start date')],
      'prices.2.price': [priceMessages.invalidPrice],
      'prices.3.price': [priceMessages.invalidPrice],
    });
    expect(missing.message).toBeNull();
    expect((await list(client)).map((r) => r.price)).toEqual(['0.0100', '0.0200']);

    const twice = await update(client, [row('0.05', '2026-02-01'), row('0.06', '2026-02-01')]);
    expect(errorMap(twice.errors)).toEqual({ 'prices.1.startAt': [priceMessages.twice] });
    // A saved row the request leaves alone counts too; one it changes does not.
    const again = await update(client, [row('0.05', '2026-01-01')]);
    expect(errorMap(again.errors)).toEqual({ 'prices.0.startAt': [priceMessages.twice] });
    const moved = await mustUpdate(client, [
      { ...row('0.01', '2026-01-15'), id: saved[0].id },
      row('0.05', '2026-01-01'),
      { id: saved[1].id, ...row('0.02', '2026-01-01', { campaignType: 'Unregistered' }) },
    ]);
    expect(moved.map((r) => [r.price, r.startAt.slice(0, 10)])).toEqual([
      ['0.0500', '2026-01-01'],
      ['0.0200', '2026-01-01'],
      ['0.0100', '2026-01-15'],
    ]);

    const kept = await mustUpdate(client, [
      { id: saved[0].id, price: '', startAt: '2026-01-01' },
      { id: saved[1].id, _destroy: true },
      { id: moved[0].id, _destroy: true },
      row('0.04', '2026-03-01'),
    ]);
    expect(kept.map((r) => [r.price, r.startAt])).toEqual([['0.0400', '2026-03-01T00:00:00.000Z']]);
  });

  it('keeps money exact: decimal text in and out, sums exact in the database', async () => {
    const client = { c: otherClientId };
    const rows = await mustUpdate(client, [
      row('0.0350', '2026-05-01'),
      row('0.1', '2026-05-01', { campaignType: 'Unregistered' }),
      row('0.2', '2026-05-01', { messagingServiceType: 'MMS' }),
      row('12345678.9999', '2026-05-01', { isSent: false }),
    ]);
    const byStart = rows.filter((r) => r.startAt.startsWith('2026-05-01'));
    expect(byStart.map((r) => r.price).sort()).toEqual(['0.0350', '0.1000', '0.2000', '12345678.9999']);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; the column's sum is what a bill must say.
    const { rows: sum } = await app.sql(
      `SELECT sum(price)::text AS total FROM prices WHERE organization_id = $1 AND client_id = $2 AND price IN (0.1, 0.2)`,
      [org.id, otherClientId],
    );
    expect(sum[0].total).toBe('0.3000');
    expect((await stored(`client_id = ${otherClientId} AND is_sent = false`)).map((r) => r.price)).toContain(
      '12345678.9999',
    );
    const tooBig = await update(client, [row('123456789', '2026-05-02')]);
    expect(errorMap(tooBig.errors)).toEqual({ 'prices.0.price': [priceMessages.invalidPrice] });
  });

  it('locks the prices of a Complete project', async () => {
    const complete = await insertProject(org.clientId, 'Complete');
    const r = await update({ p: complete }, [row('0.05', '2026-01-01')]);
    expect(errorMap(r.errors)).toEqual({ base: [priceMessages.locked] });
    expect(await list({ p: complete })).toEqual([]);
  });
});

describe('the price that applies', { timeout: 60_000 }, () => {
  let project: number;
  let client: number;
  let bare: number;
  const newClient = async (name: string) =>
    (
      await app.sql(
        `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, $2, 'Campaign', 'Active') RETURNING id`,
        [org.id, name],
      )
    ).rows[0].id as number;
  beforeAll(async () => {
    client = await newClient('Applied');
    project = await insertProject(client);
    // A project whose client has no prices of its own.
    bare = await insertProject(await newClient('Unpriced'));
    const orgToken = await other.tokenFor('Admin');
    // Another organization's prices never apply here.
    await mustUpdate({}, [row('0.9', '2020-01-01', { isSent: false })], orgToken);
    await mustUpdate({ c: client }, [
      row('0.025', '2026-03-01'),
      row('0.011', '2026-03-01', { campaignType: 'Unregistered', isSent: false }),
    ]);
    await mustUpdate({ p: project }, [
      row('0.05', '2026-02-01', { messagingServiceType: 'MMS' }),
      row('0.001', '2099-01-01'),
    ]);
  });

  it('takes the project, else the client, else the organization; the latest start by then within a level', async () => {
    // The organization's rows (first test): SMS/Registered/sent 0.0300 from 2026-01-01; add a later one and a future one.
    const existing = await list({});
    await mustUpdate({}, [
      ...existing.map((r) => ({
        id: r.id,
        price: r.price,
        startAt: r.startAt,
        messagingServiceType: r.messagingServiceType,
        campaignType: r.campaignType,
        isSent: r.isSent,
      })),
      row('0.032', '2026-06-01'),
      row('0.099', '2099-01-01'),
      row('0.04', '2026-01-01', { messagingServiceType: 'MMS', campaignType: 'Unregistered' }),
    ]);
    const now = (await applicable({ p: project }, '2026-11-25T12:00:00Z'))!;
    expect(now).toHaveLength(8);
    // The client's row beats the organization's newer one; the project's future row does not apply yet.
    expect(kind(now, 'SMS', 'Registered', true)).toMatchObject({ price: '0.0250', level: 'Client' });
    expect(kind(now, 'MMS', 'Registered', true)).toMatchObject({ price: '0.0500', level: 'Project' });
    expect(kind(now, 'MMS', 'Unregistered', true)).toMatchObject({ price: '0.0400', level: 'Organization' });
    expect(kind(now, 'SMS', 'Unregistered', false)).toMatchObject({ price: '0.0110', level: 'Client' });
    // No row: say so, with spec §9's header price to fall back on.
    expect(kind(now, 'SMS', 'Registered', false)).toEqual({
      messagingServiceType: 'SMS',
      campaignType: 'Registered',
      isSent: false,
      price: null,
      level: null,
      headerPrice: '0.02',
    });
    expect(kind(now, 'MMS', 'Registered', false).price).toBeNull();
    expect(kind(now, 'SMS', 'Unregistered', true).headerPrice).toBe('0.035');

    // Before the client's row started, the organization's applied; after 2026-06-01 its later row.
    const february = (await applicable({ p: project }, '2026-02-15T00:00:00Z'))!;
    expect(kind(february, 'SMS', 'Registered', true)).toMatchObject({ price: '0.0300', level: 'Organization' });
    expect(kind(february, 'MMS', 'Registered', true)).toMatchObject({ price: '0.0500', level: 'Project' });
    const unpriced = (await applicable({ p: bare }, '2026-11-25T00:00:00Z'))!;
    expect(kind(unpriced, 'SMS', 'Registered', true)).toMatchObject({ price: '0.0320', level: 'Organization' });
    // In 2099 the project's own future row applies.
    const later = (await applicable({ p: project }, '2099-06-01T00:00:00Z'))!;
    expect(kind(later, 'SMS', 'Registered', true)).toMatchObject({ price: '0.0010', level: 'Project' });

    // For a client: its own rows, else the organization's.
    const forClient = (await applicable({ c: client }, '2026-11-25T00:00:00Z'))!;
    expect(kind(forClient, 'SMS', 'Registered', true)).toMatchObject({ price: '0.0250', level: 'Client' });
    expect(kind(forClient, 'MMS', 'Registered', true)).toMatchObject({ price: null, level: null });
  });
});

describe('who sees and changes which prices', { timeout: 60_000 }, () => {
  it("limits a Client-role user to its client's prices and its projects'", async () => {
    const own = await list({ c: org.clientId }, clientUser);
    expect(own.length).toBeGreaterThan(0);
    expect(await list({ c: otherClientId }, clientUser)).toEqual([]);
    expect(await list({ p: otherProjectId }, clientUser)).toEqual([]);
    expect(await applicable({ p: otherProjectId }, null, clientUser)).toBeNull();
    expect(await applicable({ p: projectId }, null, clientUser)).toHaveLength(8);

    const before = await stored(`client_id = ${otherClientId}`);
    const refused = await update({ c: otherClientId }, [row('0.5', '2026-01-01')], clientUser);
    expect(errorMap(refused.errors)).toEqual({ base: ['Not found'] });
    expect(await stored(`client_id = ${otherClientId}`)).toEqual(before);
    const refusedProject = await update({ p: otherProjectId }, [row('0.5', '2026-01-01')], clientUser);
    expect(errorMap(refusedProject.errors)).toEqual({ base: ['Not found'] });

    const mine = await mustUpdate(
      { c: org.clientId },
      [...own.map((r) => ({ id: r.id, _destroy: true })), row('0.07', '2026-04-01')],
      clientUser,
    );
    expect(mine.map((r) => r.price)).toEqual(['0.0700']);
    expect((await mustUpdate({ p: projectId }, [row('0.06', '2026-04-01')], clientUser)).length).toBeGreaterThan(0);

    // The organization's own prices are its admins'.
    const orgLevel = await update({}, [row('0.5', '2026-01-01')], clientUser);
    expect(errorMap(orgLevel.errors)).toEqual({ base: [organizationMessages.onlyAdmins] });
  });

  it("refuses another organization's prices, whatever id it names", async () => {
    const [price] = await list({ c: org.clientId });
    expect(await list({ c: org.clientId }, otherAdmin)).toEqual([]);
    expect(await list({ p: projectId }, otherAdmin)).toEqual([]);
    expect(await applicable({ p: projectId }, null, otherAdmin)).toBeNull();
    const one = await gql(app, `query($id: ID!) { price(id: $id) { id } }`, { id: price.id }, { token: otherAdmin });
    expect(one.data!.price).toBeNull();
    const before = await stored();
    const byScope = await update({ c: org.clientId }, [row('0.5', '2026-01-01')], otherAdmin);
    expect(errorMap(byScope.errors)).toEqual({ base: ['Not found'] });
    // Its own organization level cannot take over this organization's row by id either.
    const byId = await update({}, [{ ...row('0.5', '2026-01-01'), id: price.id }], otherAdmin);
    expect(errorMap(byId.errors)).toEqual({ 'prices.0.id': [priceMessages.notFound] });
    expect(await stored()).toEqual(before);
  });

  it('asks for one level at a time', async () => {
    const res = await gql(app, LIST, vars({ c: org.clientId, p: projectId }), { token: admin });
    expect(res.errors?.[0].message).toBe('Give a client or a project, not both');
  });
});
