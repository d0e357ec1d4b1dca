import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type TestApp } from './harness';
import { buildOrganization, type BuiltOrganization } from './factories';

/** Spec §5's rules as a user meets them through the API, and deletes that would orphan records (issue 9). */

let app: TestApp;
let org: BuiltOrganization;
let token: string;
let brandId: string;

const payloadOf = (name: string) => `{ ${name} { id } errors { field messages } message }`;

async function save(type: string, attrs: Record<string, unknown>, id?: string, as = token) {
  const name = type.charAt(0).toLowerCase() + type.slice(1);
  const op = id ? `update${type}` : `create${type}`;
  const doc = id
    ? `mutation($id: ID!, $a: ${type}Attributes!) { ${op}(id: $id, attributes: $a) ${payloadOf(name)} }`
    : `mutation($a: ${type}Attributes!) { ${op}(attributes: $a) ${payloadOf(name)} }`;
  const res = await gql(app, doc, { a: attrs, ...(id ? { id } : {}) }, { token: as });
  expect(res.errors).toBeUndefined();
  return res.data?.[op] as { errors: { field: string; messages: string[] }[]; [k: string]: unknown };
}

async function mustCreate(type: string, attrs: Record<string, unknown>, as = token): Promise<string> {
  const name = type.charAt(0).toLowerCase() + type.slice(1);
  const r = await save(type, attrs, undefined, as);
  expect(r.errors).toEqual([]);
  return (r[name] as { id: string }).id;
}

async function destroy(type: string, id: string) {
  const res = await gql(
    app,
    `mutation($id: ID!) { destroy${type}(id: $id) { errors { field messages } message } }`,
    {
      id,
    },
    { token },
  );
  return res.data?.[`destroy${type}`] as { errors: { field: string; messages: string[] }[]; message: string | null };
}

const count = async (table: string, where = 'true', params: unknown[] = []) =>
  (await app.sql(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params)).rows[0].n as number;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Rules');
  token = await org.tokenFor('Manager');
  brandId = await mustCreate('Brand', {
    name: 'Rules Brand',
    provider: 'Twilio',
    throughput: 5,
    providerConfigurationType: 'Organization',
  });
});

describe('client fields (spec §5)', () => {
  it.each([
    ['slug', 'Bad Slug!!', 'Slug may contain only letters, digits and single dashes (my-campaign)'],
    ['website', 'not a url', 'Website must be a web address (https://example.org)'],
    ['state', 'zz', 'State must be a US state abbreviation (NY)'],
  ])('%s %j is refused on the field and nothing is saved', async (field, value, message) => {
    const r = await save('Client', { name: `Bad ${field}`, clientType: 'Campaign', [field]: value });
    expect(r.errors).toEqual([{ field, messages: [message] }]);
    expect(await count('clients', 'name = $1', [`Bad ${field}`])).toBe(0);
    const id = await mustCreate('Client', { name: `Good ${field}`, clientType: 'Campaign' });
    expect((await save('Client', { [field]: value }, id)).errors).toEqual([{ field, messages: [message] }]);
  });

  it('a URL-safe slug, a web address and a state the options query serves are saved', async () => {
    const r = await save('Client', {
      name: 'Good Values',
      clientType: 'Campaign',
      slug: 'good-values-2026',
      website: 'https://good.example.org',
      state: 'NY',
    });
    expect(r.errors).toEqual([]);
    const states = await gql(app, '{ states { abbreviation } }', {}, { token });
    expect(states.data?.states.map((s: { abbreviation: string }) => s.abbreviation)).toContain('NY');
  });
});

describe('client slug (the public opt-in page finds its client by slug alone)', () => {
  it('is unique across organizations, whatever its case, and a client keeps its own slug on save', async () => {
    const other = await buildOrganization(app, 'Other Slugs');
    const otherToken = await other.tokenFor('Manager');
    const mine = await mustCreate('Client', { name: 'Slug Owner', clientType: 'Campaign', slug: 'shared-slug' });
    const r = await save(
      'Client',
      { name: 'Slug Thief', clientType: 'Campaign', slug: 'Shared-Slug' },
      undefined,
      otherToken,
    );
    expect(r.errors).toEqual([{ field: 'slug', messages: ['Slug has already been taken'] }]);
    expect(await count('clients', 'name = $1', ['Slug Thief'])).toBe(0);
    expect((await save('Client', { name: 'Slug Owner Renamed', slug: 'shared-slug' }, mine)).errors).toEqual([]);
    // The look across organizations leaves the request in its own organization.
    const list = await gql(app, '{ clients(first: 500) { nodes { name } } }', {}, { token: otherToken });
    expect(list.data?.clients.nodes.map((c: { name: string }) => c.name)).not.toContain('Slug Owner Renamed');
  });
});

describe('brand and campaign numbers and dates (spec §5)', () => {
  it('throughput 0 is refused: at least 1', async () => {
    const r = await save('Brand', {
      name: 'Zero',
      provider: 'Twilio',
      throughput: 0,
      providerConfigurationType: 'Organization',
    });
    expect(r.errors).toEqual([{ field: 'throughput', messages: ['Throughput must be at least 1'] }]);
    expect(await count('brands', `name = 'Zero'`)).toBe(0);
  });

  it('a daily cap per number is optional, at least 1 and at most 6 digits, as throughput', async () => {
    const brand = { provider: 'Twilio', throughput: 5, providerConfigurationType: 'Organization' };
    const zero = await save('Brand', { ...brand, name: 'Cap zero', dailyCapPerNumber: 0 });
    expect(zero.errors).toEqual([
      { field: 'dailyCapPerNumber', messages: ['Daily cap per number must be at least 1'] },
    ]);
    const long = await save('Brand', { ...brand, name: 'Cap long', dailyCapPerNumber: 1234567 });
    expect(long.errors.map((e) => e.field)).toEqual(['dailyCapPerNumber']);
    expect(await count('brands', `name LIKE 'Cap %'`)).toBe(0);
    await mustCreate('Brand', { ...brand, name: 'Cap none' });
    await mustCreate('Brand', { ...brand, name: 'Cap set', dailyCapPerNumber: 2000 });
    const { rows } = await app.sql(
      `SELECT name, daily_cap_per_number AS cap FROM brands WHERE name LIKE 'Cap %' ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'Cap none', cap: null },
      { name: 'Cap set', cap: 2000 },
    ]);
  });

  it('a campaign may not end before it starts; the same day is fine', async () => {
    const base = { name: 'Dates', code: 'D1', brandId, clientId: org.clientId };
    const r = await save('Campaign', { ...base, startDate: '2026-05-02', endDate: '2026-05-01' });
    expect(r.errors).toEqual([{ field: 'endDate', messages: ['Start date must not be greater than the end date'] }]);
    expect(await count('campaigns', `name = 'Dates'`)).toBe(0);
    const id = await mustCreate('Campaign', { ...base, startDate: '2026-05-02', endDate: '2026-05-02' });
    // On update the rule sees the saved start date.
    expect((await save('Campaign', { endDate: '2026-04-30' }, id)).errors).toEqual([
      { field: 'endDate', messages: ['Start date must not be greater than the end date'] },
    ]);
  });
});

describe('phones (spec §5: client when type is Client)', () => {
  it('a Client-type phone without a client is refused', async () => {
    const r = await save('Phone', { number: '2125550190', phoneType: 'ClientPhone', phoneStatus: 'Active' });
    expect(r.errors).toEqual([{ field: 'clientId', messages: ['Client is required'] }]);
    expect(await count('phones', `number = '2125550190'`)).toBe(0);
    await mustCreate('Phone', {
      number: '2125550190',
      phoneType: 'ClientPhone',
      phoneStatus: 'Active',
      clientId: org.clientId,
    });
  });

  it('an Agency user cannot save a phone outside its clients: the client is required', async () => {
    const agency = await org.tokenFor('Agency');
    const r = await save('Phone', { number: '2125550191', phoneType: 'FromPhone' }, undefined, agency);
    expect(r.errors).toEqual([{ field: 'clientId', messages: ['Client is required'] }]);
    expect(await count('phones', `number = '2125550191'`)).toBe(0);
    await mustCreate('Phone', { number: '2125550191', phoneType: 'FromPhone', clientId: org.clientId }, agency);
  });
});

describe('deleting what others depend on', () => {
  it("an agency with member clients: '2 clients belong to this agency', and nothing changes", async () => {
    const agency = await mustCreate('Client', { name: 'Big Agency', clientType: 'Agency' });
    await mustCreate('Client', { name: 'Member One', clientType: 'Campaign', agencyId: agency });
    await mustCreate('Client', { name: 'Member Two', clientType: 'Campaign', agencyId: agency });
    const r = await destroy('Client', agency);
    expect(r).toEqual({ errors: [{ field: 'base', messages: ['2 clients belong to this agency'] }], message: null });
    expect(await count('clients', 'agency_id = $1', [agency])).toBe(2);
  });

  it("a campaign with phones: '3 phones belong to this campaign', and its phones keep it", async () => {
    const campaign = await mustCreate('Campaign', { name: 'Busy', code: 'B1', brandId, clientId: org.clientId });
    for (const n of ['2125550101', '2125550102', '2125550103'])
      await mustCreate('Phone', { number: n, campaignId: campaign, clientId: org.clientId });
    const r = await destroy('Campaign', campaign);
    expect(r.errors).toEqual([{ field: 'base', messages: ['3 phones belong to this campaign'] }]);
    expect(await count('phones', 'campaign_id = $1', [campaign])).toBe(3);
  });

  it('every dependant is named: a client with a brand and a campaign', async () => {
    const client = await mustCreate('Client', { name: 'Owner', clientType: 'Campaign' });
    const brand = await mustCreate('Brand', {
      name: 'Owned Brand',
      provider: 'Twilio',
      throughput: 1,
      providerConfigurationType: 'Organization',
      clientId: client,
    });
    await mustCreate('Campaign', { name: 'Owned', code: 'O1', brandId: brand, clientId: client });
    expect((await destroy('Client', client)).errors).toEqual([
      { field: 'base', messages: ['1 brand belongs to this client', '1 campaign belongs to this client'] },
    ]);
  });

  it("a client's own contact numbers go with it", async () => {
    const res = await save('Client', {
      name: 'With Numbers',
      clientType: 'Campaign',
      phones: [{ number: '2125550177', description: 'Office' }],
    });
    const id = (res.client as { id: string }).id;
    expect(await count('phones', 'client_id = $1', [id])).toBe(1);
    expect(await destroy('Client', id)).toEqual({ errors: [], message: 'The client has been deleted successfully' });
    expect(await count('phones', `number = '2125550177'`)).toBe(0);
  });
});

describe('malformed ids are the caller mistake, not a server failure', () => {
  it.each([
    ['query($id: ID!) { client(id: $id) { id } }', 'abc'],
    ['query($id: ID!) { client(id: $id) { id } }', '1.5'],
    ['mutation($id: ID!) { updateClient(id: $id, attributes: { name: "x" }) { errors { field } } }', 'abc'],
    ['mutation($id: ID!) { destroyBrand(id: $id) { errors { field } } }', '-1'],
    ['mutation($id: ID) { toggleFavorite(clientId: $id) { isFavorite } }', 'abc'],
  ])('%s with id %j: BAD_USER_INPUT', async (doc, id) => {
    const res = await gql(app, doc, { id }, { token });
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toBe(`Invalid id: "${id}"`);
  });

  it('a malformed reference is a field error', async () => {
    const r = await save('Brand', {
      name: 'Bad Ref',
      provider: 'Twilio',
      throughput: 1,
      providerConfigurationType: 'Organization',
      clientId: 'abc',
    });
    expect(r.errors).toEqual([{ field: 'clientId', messages: ['Invalid id: "abc"'] }]);
  });
});
