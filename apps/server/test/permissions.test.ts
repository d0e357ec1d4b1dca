import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type TestApp } from './harness';
import { buildOrganization, PLATFORM_ADMIN, platformAdminToken, type BuiltOrganization } from './factories';

let app: TestApp;
let org: BuiltOrganization;
let rootToken: string;
let adminToken: string;
/** Clients of the organization besides its factory client, by name. */
const clientIds: Record<string, string> = {};
let brandId: string;

const CREATE_CLIENT =
  'mutation($a:ClientAttributes!){ createClient(attributes:$a){ client{ id name } errors{ field messages } message } }';
const CLIENT_NAMES = '{ clients(first: 100){ totalCount nodes{ id name } } }';

async function createClient(token: string, attrs: Record<string, unknown>): Promise<string> {
  const res = await gql(app, CREATE_CLIENT, { a: { clientType: 'Campaign', ...attrs } }, { token });
  expect(res.data?.createClient.errors).toEqual([]);
  return res.data?.createClient.client.id;
}

async function namesSeenBy(token: string): Promise<string[]> {
  const res = await gql(app, CLIENT_NAMES, {}, { token });
  expect(res.errors).toBeUndefined();
  const names = res.data?.clients.nodes.map((n: { name: string }) => n.name).sort();
  expect(res.data?.clients.totalCount).toBe(names.length);
  return names;
}

async function clientCount(): Promise<number> {
  return (await app.sql('SELECT count(*)::int AS n FROM clients WHERE organization_id = $1', [org.id])).rows[0].n;
}

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAILS: PLATFORM_ADMIN });
  org = await buildOrganization(app, 'Perm');
  rootToken = await platformAdminToken(app, org);
  adminToken = await org.tokenFor('Admin');
  // The factory client becomes an agency, with one client under it and one independent client.
  await app.sql(`UPDATE clients SET client_type = 'Agency' WHERE id = $1`, [org.clientId]);
  clientIds.underAgency = await createClient(adminToken, { name: 'Under Agency', agencyId: org.clientId });
  clientIds.independent = await createClient(adminToken, { name: 'Independent' });
  const brand = await gql(
    app,
    'mutation($a:BrandAttributes!){ createBrand(attributes:$a){ brand{ id } errors{ field messages } } }',
    { a: { name: 'Perm Brand', provider: 'Twilio', throughput: 10, providerConfigurationType: 'Organization' } },
    { token: adminToken },
  );
  brandId = brand.data?.createBrand.brand.id;
});

describe('a Texter', () => {
  it('cannot create a client: FORBIDDEN and no row added', async () => {
    const before = await clientCount();
    const res = await gql(
      app,
      CREATE_CLIENT,
      { a: { name: 'Sneaky', clientType: 'Campaign' } },
      {
        token: await org.tokenFor('Texter'),
      },
    );
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(res.errors?.[0].message).toBe('You are not allowed to do this');
    expect(res.data).toBeNull();
    expect(await clientCount()).toBe(before);
    expect((await app.sql(`SELECT count(*)::int AS n FROM clients WHERE name = 'Sneaky'`)).rows[0].n).toBe(0);
  });

  it('cannot list clients', async () => {
    const res = await gql(app, CLIENT_NAMES, {}, { token: await org.tokenFor('Texter') });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(res.data).toBeNull();
  });

  it('cannot read, update or delete a client by id', async () => {
    const token = await org.tokenFor('Texter');
    const read = await gql(app, 'query($id:ID!){ client(id:$id){ name } }', { id: org.clientId }, { token });
    expect(read.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const update = await gql(
      app,
      'mutation($id:ID!){ updateClient(id:$id, attributes:{ name: "Renamed" }){ client{ id } } }',
      { id: org.clientId },
      { token },
    );
    expect(update.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const destroy = await gql(
      app,
      'mutation($id:ID!){ destroyClient(id:$id){ client{ id } } }',
      { id: org.clientId },
      {
        token,
      },
    );
    expect(destroy.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const { rows } = await app.sql('SELECT name FROM clients WHERE id = $1', [org.clientId]);
    expect(rows).toEqual([{ name: 'Perm Client' }]);
  });

  it('gets restrictions without Client so the UI hides client actions', async () => {
    const res = await gql(
      app,
      '{ currentUser { role isAdmin restrictions { resource operations } } }',
      {},
      { token: await org.tokenFor('Texter') },
    );
    const me = res.data?.currentUser;
    expect(me.role).toBe('Texter');
    expect(me.isAdmin).toBe(false);
    const resources = me.restrictions.map((r: { resource: string }) => r.resource).sort();
    expect(resources).toEqual(['Project', 'Text']);
    for (const r of me.restrictions) expect(r.operations).toEqual(['View']);
  });

  it('anonymous callers are told to sign in', async () => {
    const res = await gql(app, CLIENT_NAMES);
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('client visibility', () => {
  it('a Client-role user sees only its own client', async () => {
    const token = await org.tokenFor('Client');
    expect(await namesSeenBy(token)).toEqual(['Perm Client']);
    const own = await gql(app, 'query($id:ID!){ client(id:$id){ name } }', { id: org.clientId }, { token });
    expect(own.data?.client).toEqual({ name: 'Perm Client' });
  });

  it('a Client-role user gets null for another client of the same organization', async () => {
    const token = await org.tokenFor('Client');
    for (const id of [clientIds.independent, clientIds.underAgency]) {
      const res = await gql(app, 'query($id:ID!){ client(id:$id){ id name } }', { id }, { token });
      expect(res.errors).toBeUndefined();
      expect(res.data?.client).toBeNull();
    }
  });

  it('a Client-role user cannot find other clients through a filter either', async () => {
    const res = await gql(
      app,
      '{ clients(filters:[{ field: "name", operation: Like, value: "Independent" }]){ totalCount nodes{ name } } }',
      {},
      { token: await org.tokenFor('Client') },
    );
    expect(res.data?.clients).toEqual({ totalCount: 0, nodes: [] });
  });

  it('an Agency user sees its agency client and the clients whose agencyId is it', async () => {
    const token = await org.tokenFor('Agency');
    expect(await namesSeenBy(token)).toEqual(['Perm Client', 'Under Agency']);
    const other = await gql(app, 'query($id:ID!){ client(id:$id){ id } }', { id: clientIds.independent }, { token });
    expect(other.data?.client).toBeNull();
  });

  it('a Manager without user views sees every client of the organization', async () => {
    expect(await namesSeenBy(await org.tokenFor('Manager'))).toEqual(['Independent', 'Perm Client', 'Under Agency']);
  });

  it('user views restrict a Manager to those clients', async () => {
    const { rows } = await app.sql('SELECT id FROM users WHERE email = $1', [org.emailFor('Manager')]);
    await app.sql(`INSERT INTO user_views (organization_id, user_id, client_id) VALUES ($1, $2, $3), ($1, $2, $4)`, [
      org.id,
      rows[0].id,
      clientIds.independent,
      clientIds.underAgency,
    ]);
    try {
      const token = await org.tokenFor('Manager');
      expect(await namesSeenBy(token)).toEqual(['Independent', 'Under Agency']);
      const hidden = await gql(app, 'query($id:ID!){ client(id:$id){ id } }', { id: org.clientId }, { token });
      expect(hidden.data?.client).toBeNull();
      // Nor can it change a client outside its views.
      const update = await gql(
        app,
        'mutation($id:ID!){ updateClient(id:$id, attributes:{ name: "Hijacked" }){ client{ id } errors{ field messages } } }',
        { id: org.clientId },
        { token },
      );
      expect(update.data?.updateClient.client).toBeNull();
      expect((await app.sql('SELECT name FROM clients WHERE id = $1', [org.clientId])).rows[0].name).toBe(
        'Perm Client',
      );
    } finally {
      await app.sql('DELETE FROM user_views WHERE user_id = $1', [rows[0].id]);
    }
  });
});

describe('campaign type (admins only)', () => {
  const CREATE =
    'mutation($a:CampaignAttributes!){ createCampaign(attributes:$a){ campaign{ id campaignType clientId } errors{ field messages } message } }';
  const UPDATE =
    'mutation($id:ID!,$a:CampaignAttributes!){ updateCampaign(id:$id, attributes:$a){ campaign{ id campaignType clientId } errors{ field messages } } }';
  const base = () => ({ name: 'Camp', code: 'C1', brandId, clientId: org.clientId });

  it('a non-admin cannot set campaignType: error on campaignType and no campaign', async () => {
    for (const role of ['Manager', 'Admin'] as const) {
      const res = await gql(
        app,
        CREATE,
        { a: { ...base(), name: `By ${role}`, campaignType: 'Unregistered' } },
        {
          token: await org.tokenFor(role),
        },
      );
      expect(res.data?.createCampaign.campaign).toBeNull();
      expect(res.data?.createCampaign.errors).toEqual([
        { field: 'campaignType', messages: ['Only admins can set the campaign type'] },
      ]);
      const { rows } = await app.sql('SELECT count(*)::int AS n FROM campaigns WHERE name = $1', [`By ${role}`]);
      expect(rows[0].n).toBe(0);
    }
  });

  it('a non-admin creating a campaign gets the default type Registered', async () => {
    const res = await gql(app, CREATE, { a: base() }, { token: await org.tokenFor('Manager') });
    expect(res.data?.createCampaign.errors).toEqual([]);
    expect(res.data?.createCampaign.campaign.campaignType).toBe('Registered');
    expect(res.data?.createCampaign.message).toBe('The Campaign has been created successfully');
  });

  it('a non-admin cannot change an existing campaign to Unregistered', async () => {
    const created = await gql(app, CREATE, { a: { ...base(), name: 'Keep Registered' } }, { token: rootToken });
    const id = created.data?.createCampaign.campaign.id;
    const res = await gql(
      app,
      UPDATE,
      { id, a: { campaignType: 'Unregistered' } },
      {
        token: await org.tokenFor('Manager'),
      },
    );
    expect(res.data?.updateCampaign.errors).toEqual([
      { field: 'campaignType', messages: ['Only admins can set the campaign type'] },
    ]);
    const { rows } = await app.sql('SELECT campaign_type, client_id FROM campaigns WHERE id = $1', [id]);
    expect([rows[0].campaign_type, Number(rows[0].client_id)]).toEqual(['Registered', org.clientId]);
  });

  it('an admin (ADMIN_EMAILS) can set campaignType', async () => {
    const res = await gql(
      app,
      CREATE,
      { a: { ...base(), name: 'Admin Unreg', campaignType: 'Unregistered' } },
      {
        token: rootToken,
      },
    );
    expect(res.data?.createCampaign.errors).toEqual([]);
    expect(res.data?.createCampaign.campaign).toMatchObject({ campaignType: 'Unregistered', clientId: null });
  });

  it('currentUser tells the UI who is an admin', async () => {
    const q = '{ currentUser { isAdmin restrictions { resource operations } } }';
    const root = (await gql(app, q, {}, { token: rootToken })).data?.currentUser;
    expect(root.isAdmin).toBe(true);
    const campaign = root.restrictions.find((r: { resource: string }) => r.resource === 'Campaign');
    expect(campaign.operations).toContain('Update');
    expect((await gql(app, q, {}, { token: await org.tokenFor('Manager') })).data?.currentUser.isAdmin).toBe(false);
  });
});

describe('exports', () => {
  const EXPORT = 'mutation{ exportCsv(query: "clients", variables: {}){ message task{ id } } }';

  it('a TeamLead cannot export clients', async () => {
    const res = await gql(app, EXPORT, {}, { token: await org.tokenFor('TeamLead') });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const { rows } = await app.sql('SELECT count(*)::int AS n FROM background_tasks WHERE organization_id = $1', [
      org.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('a Manager can', async () => {
    const res = await gql(app, EXPORT, {}, { token: await org.tokenFor('Manager') });
    expect(res.errors).toBeUndefined();
    expect(res.data?.exportCsv.task.id).toBeTruthy();
  });
});
