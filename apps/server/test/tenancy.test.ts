import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type TestApp } from './harness';
import { buildOrganization, type BuiltOrganization } from './factories';

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let tokenA: string;
let tokenB: string;
const ids: Record<string, string> = {};

const resources = [
  {
    name: 'client',
    plural: 'clients',
    type: 'Client',
    attrs: { name: 'A secret client', clientType: 'Campaign', clientStatus: 'Active' },
  },
  {
    name: 'brand',
    plural: 'brands',
    type: 'Brand',
    attrs: { name: 'A secret brand', provider: 'Twilio', throughput: 5, providerConfigurationType: 'Organization' },
  },
  { name: 'campaign', plural: 'campaigns', type: 'Campaign', attrs: { name: 'A secret campaign', code: 'SEC' } },
] as const;

beforeAll(async () => {
  app = await createTestApp();
  orgA = await buildOrganization(app, 'Alpha');
  orgB = await buildOrganization(app, 'Bravo');
  tokenA = await orgA.tokenFor('Admin');
  tokenB = await orgB.tokenFor('Admin');
  for (const r of resources) {
    const attrs: Record<string, unknown> = { ...r.attrs };
    if (r.name === 'campaign') Object.assign(attrs, { brandId: ids.brand, clientId: ids.client });
    const res = await gql(
      app,
      `mutation($a:${r.type}Attributes!){ create${r.type}(attributes:$a){ ${r.name}{ id } errors{ field messages } } }`,
      { a: attrs },
      { token: tokenA },
    );
    const created = res.data?.[`create${r.type}`];
    expect(created?.errors).toEqual([]);
    ids[r.name] = created[r.name].id;
  }
});

describe.each(resources)('$plural of another organization', (r) => {
  it('are not listed', async () => {
    const res = await gql(app, `{ ${r.plural}(first: 100){ totalCount nodes{ id name } } }`, {}, { token: tokenB });
    expect(res.errors).toBeUndefined();
    expect(res.data?.[r.plural].nodes.map((n: { name: string }) => n.name)).not.toContain(r.attrs.name);
    const own = await gql(app, `{ ${r.plural}(first: 100){ nodes{ name } } }`, {}, { token: tokenA });
    expect(own.data?.[r.plural].nodes.map((n: { name: string }) => n.name)).toContain(r.attrs.name);
  });

  it('cannot be read by id', async () => {
    const res = await gql(
      app,
      `query($id:ID!){ ${r.name}(id:$id){ id name } }`,
      { id: ids[r.name] },
      { token: tokenB },
    );
    expect(res.data?.[r.name]).toBeNull();
  });

  it('cannot be updated', async () => {
    const res = await gql(
      app,
      `mutation($id:ID!){ update${r.type}(id:$id, attributes:{ name: "hijacked" }){ ${r.name}{ id } errors{ field messages } } }`,
      { id: ids[r.name] },
      { token: tokenB },
    );
    expect(res.data?.[`update${r.type}`][r.name]).toBeNull();
    const [row] = (await app.sql(`SELECT name FROM ${r.plural} WHERE id = $1`, [ids[r.name]])).rows;
    expect(row.name).toBe(r.attrs.name);
  });

  it('cannot be deleted', async () => {
    const res = await gql(
      app,
      `mutation($id:ID!){ destroy${r.type}(id:$id){ ${r.name}{ id } errors{ field messages } } }`,
      { id: ids[r.name] },
      { token: tokenB },
    );
    expect(res.data?.[`destroy${r.type}`][r.name]).toBeNull();
    expect((await app.sql(`SELECT count(*)::int AS n FROM ${r.plural} WHERE id = $1`, [ids[r.name]])).rows[0].n).toBe(
      1,
    );
  });
});

describe('row-level security as the backstop', () => {
  it('a query as the app role without an organization setting sees no tenant rows', async () => {
    const client = await app.platform.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE canvass_app');
      for (const table of ['clients', 'brands', 'campaigns', 'organizations', 'organization_users', 'users']) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
        expect(rows[0].n, table).toBe(0);
      }
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect((await app.sql('SELECT count(*)::int AS n FROM clients')).rows[0].n).toBeGreaterThan(0);
  });

  it('every table with organization_id has forced row-level security and a policy', async () => {
    // Partitioned tables (texts) count; their partitions are reached only through them (the app role is granted
    // nothing on a partition, which text-partitions.test.ts checks).
    const { rows } = await app.sql(`
      SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,
             (SELECT count(*) FROM pg_policies p WHERE p.tablename = c.relname)::int AS policies
        FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'organization_id'
        JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`);
    expect(rows.map((r) => r.relname)).toContain('texts');
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows)
      expect([r.relname, r.relrowsecurity, r.relforcerowsecurity, r.policies > 0]).toEqual([
        r.relname,
        true,
        true,
        true,
      ]);
  });

  it('a tenant transaction cannot write a row into another organization', async () => {
    const client = await app.platform.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE canvass_app');
      await client.query(`SELECT set_config('app.organization_ids', $1, true)`, [String(orgB.id)]);
      await expect(
        client.query(
          `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, 'x', 'Campaign', 'Active')`,
          [orgA.id],
        ),
      ).rejects.toThrow(/row-level security/);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
