import { inputFields, resources, validateAttributes, type ResourceDef } from '@canvass/domain';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableOf } from '../src/modules/tables';
import { withTenant } from '../src/platform/db/tenant';
import { addMember, buildOrganization, signIn, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { ruleRequiredRefs, sampleValue, serviceSamples } from './registry-samples';

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let tokenA: string;
let tokenB: string;
const ids: Record<string, string> = {};

// Every registry resource, built through the API from its entry alone: a resource added later is covered here too.
// A read-only resource (a list's rows) has no create; the lists module's own tests cover its tenancy.
const all = Object.values(resources as Record<string, ResourceDef>).filter((d) => !d.readOnly);

/** What identifies a row in these checks: its search field (a client's name, a phone's number) and its column. */
const keyOf = (def: ResourceDef) => ({
  field: def.list.search,
  column: getTableColumns(tableOf(def.name)!)[def.list.search].name,
  table: getTableName(tableOf(def.name)!),
});

/** Required fields, the search field and the owner/required refs (to rows made before), accepted by the rules. */
function attributesFor(def: ResourceDef, label: string): Record<string, unknown> {
  const attrs: Record<string, unknown> = { ...serviceSamples[def.name] };
  for (const [name, f] of inputFields(def)) {
    if (f.kind === 'ref') {
      const needed = f.required || name === def.ownedBy || ruleRequiredRefs[def.name]?.includes(name);
      if (needed && ids[f.resource]) attrs[name] = ids[f.resource];
    } else if (f.required || name === def.list.search) attrs[name] = sampleValue(f, label);
  }
  expect(validateAttributes(def, attrs, { isCreate: true, isAdmin: true }), def.name).toEqual({});
  return attrs;
}

const secrets: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  orgA = await buildOrganization(app, 'Alpha');
  orgB = await buildOrganization(app, 'Bravo');
  tokenA = await orgA.tokenFor('Admin');
  tokenB = await orgB.tokenFor('Admin');
  // People are not a registry resource: a ref to a user (a project's manager, a texter) names Alpha's admin.
  const { rows: admin } = await app.sql('SELECT id FROM users WHERE email = $1', [orgA.emailFor('Admin')]);
  ids.user = String(admin[0].id);
  for (const def of all) {
    const attrs = attributesFor(def, `A secret ${def.name}`);
    const T = def.typeName;
    const res = await gql(
      app,
      `mutation($a:${T}Attributes!){ create${T}(attributes:$a){ ${def.name}{ id ${keyOf(def).field} } errors{ field messages } } }`,
      { a: attrs },
      { token: tokenA },
    );
    const created = res.data?.[`create${T}`];
    expect(created?.errors).toEqual([]);
    ids[def.name] = created[def.name].id;
    secrets[def.name] = created[def.name][keyOf(def).field];
  }
});

describe.each(all)('$plural of another organization', (def) => {
  const T = def.typeName;
  const key = keyOf(def);

  it('are not listed', async () => {
    const list = `{ ${def.plural}(first: 100){ totalCount nodes{ id ${key.field} } } }`;
    const res = await gql(app, list, {}, { token: tokenB });
    expect(res.errors).toBeUndefined();
    expect(res.data?.[def.plural].nodes.map((n: Record<string, string>) => n[key.field])).not.toContain(
      secrets[def.name],
    );
    const own = await gql(app, list, {}, { token: tokenA });
    expect(own.data?.[def.plural].nodes.map((n: Record<string, string>) => n[key.field])).toContain(secrets[def.name]);
  });

  it('cannot be read by id', async () => {
    const res = await gql(
      app,
      `query($id:ID!){ ${def.name}(id:$id){ id ${key.field} } }`,
      { id: ids[def.name] },
      { token: tokenB },
    );
    expect(res.data?.[def.name]).toBeNull();
  });

  it('cannot be updated', async () => {
    // A value the rules accept, so only the organization can refuse it.
    const hijacked = sampleValue(def.fields[key.field], 'hijacked');
    const res = await gql(
      app,
      `mutation($id:ID!, $a:${T}Attributes!){ update${T}(id:$id, attributes:$a){ ${def.name}{ id } errors{ field messages } } }`,
      { id: ids[def.name], a: { [key.field]: hijacked } },
      { token: tokenB },
    );
    expect(res.data?.[`update${T}`][def.name]).toBeNull();
    const [row] = (await app.sql(`SELECT ${key.column} AS v FROM ${key.table} WHERE id = $1`, [ids[def.name]])).rows;
    // As text: a search field may be an id (a project's team), which the API serves as a string.
    expect(String(row.v)).toBe(String(secrets[def.name]));
  });

  it('cannot be deleted', async () => {
    const res = await gql(
      app,
      `mutation($id:ID!){ destroy${T}(id:$id){ ${def.name}{ id } errors{ field messages } } }`,
      { id: ids[def.name] },
      { token: tokenB },
    );
    expect(res.data?.[`destroy${T}`][def.name]).toBeNull();
    const { rows } = await app.sql(`SELECT count(*)::int AS n FROM ${key.table} WHERE id = $1`, [ids[def.name]]);
    expect(rows[0].n).toBe(1);
  });
});

describe('a person in both organizations', () => {
  const SWITCH = 'mutation($o:ID!){ switchOrganization(organizationId:$o){ accessToken } }';
  /** The search values of a resource's rows that a token lists. */
  const listed = async (def: ResourceDef, token: string) => {
    const field = keyOf(def).field;
    const res = await gql(app, `{ ${def.plural}(first: 100){ nodes{ ${field} } } }`, {}, { token });
    expect(res.errors, def.name).toBeUndefined();
    return res.data?.[def.plural].nodes.map((n: Record<string, string>) => n[field]);
  };

  it("sees each organization's records only while in it, and the other's after switching", async () => {
    // Bravo's admin is made an admin of Alpha too; its sign-in lands in Bravo, its current organization.
    const { rows } = await app.sql('SELECT id FROM users WHERE lower(email) = lower($1)', [orgB.emailFor('Admin')]);
    await addMember(app, orgA.id, rows[0].id, 'Admin');
    const inBravo = await signIn(app, orgB.emailFor('Admin'));
    for (const def of all) expect(await listed(def, inBravo), def.name).not.toContain(secrets[def.name]);
    const switched = await gql(app, SWITCH, { o: orgA.id }, { token: inBravo });
    const inAlpha = switched.data?.switchOrganization.accessToken;
    expect(inAlpha).toBeTruthy();
    for (const def of all) expect(await listed(def, inAlpha), def.name).toContain(secrets[def.name]);
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

  it('a scope of one organization sees its rows only, a scope of two sees both, and neither outlives its transaction', async () => {
    // Counted as the policy alone decides: no organization named in the queries.
    const organizationsSeen = (organizationIds: number[]) =>
      withTenant(app.platform.database, { organizationIds }, async (tx) => {
        const { rows } = await tx.execute<{ organization_id: number }>(
          sql`SELECT DISTINCT organization_id FROM clients ORDER BY 1`,
        );
        return rows.map((r) => Number(r.organization_id));
      });
    const [a, b] = [orgA.id, orgB.id].map(Number);
    expect(await organizationsSeen([a])).toEqual([a]);
    expect(await organizationsSeen([a, b])).toEqual([a, b].sort((x, y) => x - y));
    expect(await organizationsSeen([b])).toEqual([b]);
    // On one connection: the organization a transaction named is gone when the next one names several.
    const client = await app.platform.database.pool.connect();
    try {
      await client.query(`BEGIN; SET LOCAL ROLE canvass_app; SET LOCAL app.organization_id = '${a}'; COMMIT`);
      await client.query(`BEGIN; SET LOCAL ROLE canvass_app; SET LOCAL app.organization_ids = '${b}'`);
      const { rows } = await client.query('SELECT DISTINCT organization_id FROM clients');
      expect(rows.map((r) => Number(r.organization_id))).toEqual([b]);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
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
