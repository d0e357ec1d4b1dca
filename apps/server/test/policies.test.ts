import {
  can,
  defaultRestrictions,
  entryByName,
  guardOf,
  inputFields,
  OWNER_RESOURCE,
  resourceByName,
  resources,
  validateAttributes,
  type FieldDef,
  type Operation,
  type ResourceDef,
  type RoleName,
} from '@canvass/domain';
import { parse } from 'csv-parse/sync';
import { getTableName } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../src/app';
import { tableOf } from '../src/modules/tables';
import { withSystem } from '../src/platform/db/tenant';
import { buildOrganization, signIn, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { exclusiveRefs, nextLabel, sampleValue, serviceSamples } from './registry-samples';

/**
 * Spec §6, for every registry resource × every role × every path, generated from the registry so a resource
 * added later is covered without writing a test. The fixture: two organizations, each with an agency, a client
 * under it, another client and organization-wide rows (no client), and for every other resource one row of each.
 */

type Org = 'A' | 'B';
type Owner = 'Agency' | 'Member' | 'Other' | null;
const OWNERS: Owner[] = ['Agency', 'Member', 'Other', null];

interface FixtureRow {
  resource: string;
  id: number;
  org: Org;
  owner: Owner;
  /** The value of the resource's search field: what identifies the row in a CSV. */
  label: string;
  /** Ref field → the fixture row it points at. */
  refs: Record<string, FixtureRow | null>;
}

/** A signed-in user of organization A and the clients spec §6 limits it to (null: the whole organization). */
interface FixtureUser {
  name: string;
  role: RoleName;
  limitedTo: Owner[] | null;
  token: string;
}

const ALL_RESOURCES = Object.values(resources) as ResourceDef[];
const USERS: Omit<FixtureUser, 'token'>[] = [
  { name: 'Admin', role: 'Admin', limitedTo: null },
  { name: 'Client', role: 'Client', limitedTo: ['Member'] },
  { name: 'Agency', role: 'Agency', limitedTo: ['Agency', 'Member'] },
  { name: 'TeamLead', role: 'TeamLead', limitedTo: null },
  { name: 'Texter', role: 'Texter', limitedTo: null },
  { name: 'user with user views', role: 'Manager', limitedTo: ['Other'] },
];

let app: TestApp;
let worker: Runner;
const rows: FixtureRow[] = [];
const users = new Map<string, FixtureUser>();

const permitted = (u: { role: RoleName }, op: Operation, def: ResourceDef) =>
  can(defaultRestrictions[u.role], op, guardOf(def)) && (!def.readOnly || op === 'View' || op === 'Export');
const seesOwner = (u: { limitedTo: Owner[] | null }, owner: Owner) =>
  u.limitedTo === null || (owner !== null && u.limitedTo.includes(owner));
/** What spec §6 allows: the viewer's organization, its clients (rows of a resource without owner: all), and View. */
const allowed = (u: FixtureUser, row: FixtureRow): boolean => {
  // A user (a project's manager, a texter) is not among `resources` but is named by references all the same.
  const def = entryByName(row.resource);
  if (!def) return false;
  return row.org === 'A' && seesRow(u, def, row) && permitted(u, 'View', def);
};
/**
 * Whether a reference on a row the viewer sees names its target: when the viewer may see the target itself, or,
 * for a name that is part of the record (namedWithRecord: a text's numbers), when the target is of its organization.
 */
const named = (u: FixtureUser, f: Extract<FieldDef, { kind: 'ref' }>, target: FixtureRow | null | undefined) =>
  target !== null && target !== undefined && (f.namedWithRecord ? target.org === 'A' : allowed(u, target));
/**
 * The client limit of spec §6: by the row's own client, or (ownedThrough) by its parent's, a project's texts; and
 * a texter's own projects (texterAssignedThrough).
 */
function seesRow(u: FixtureUser, def: ResourceDef, row: FixtureRow): boolean {
  // The organization's own work (a data import) is staff's, whatever a limited viewer's restrictions grant.
  if (def.staffOnly) return u.limitedTo === null;
  // A texter sees a text only through a project it texts for; the fixture makes it a texter of none.
  if (def.texterAssignedThrough && u.role === 'Texter') return false;
  if (def.ownedThrough) {
    const parent = row.refs[def.ownedThrough];
    return u.limitedTo === null || (parent != null && seesOwner(u, parent.owner));
  }
  return def.ownedBy === null || seesOwner(u, row.owner);
}
/** The client a Client or Agency user belongs to (the first it is limited to); null for the other roles. */
const ownClientOf = (u: FixtureUser): Owner =>
  u.role === 'Client' || u.role === 'Agency' ? (u.limitedTo?.[0] ?? null) : null;
const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** A row needs a client when its owner field is required (a project): no organization-wide ones. */
const ownersOf = (def: ResourceDef) =>
  def.ownedBy && def.ownedBy !== 'id' && def.fields[def.ownedBy].required ? OWNERS.filter((o) => o !== null) : OWNERS;
const rowsOf = (def: ResourceDef) => rows.filter((r) => r.resource === def.name);
const refFields = (def: ResourceDef) =>
  Object.entries(def.fields).filter((e): e is [string, Extract<FieldDef, { kind: 'ref' }>] => e[1].kind === 'ref');

/**
 * One row's values from the registry alone: required fields get a sample, the owner field its client, other
 * refs the row of the next owner (so references to rows the viewer may not see are exercised). When the
 * registry's cross-field rules refuse the result, other values of its enum fields are tried.
 */
function valuesFor(def: ResourceDef, org: Org, owner: Owner, refTo: (resource: string) => FixtureRow | null) {
  const cols = tableOf(def.name) as unknown as Record<string, unknown>;
  const label = `${org}-${def.name}-${owner ?? 'org'}-${nextLabel()}`;
  const values: Record<string, unknown> = { ...serviceSamples[def.name] };
  const refs: Record<string, FixtureRow | null> = {};
  for (const [name, f] of inputFields(def)) {
    if (!(name in cols)) continue;
    if (f.kind === 'ref') {
      const target = name === def.ownedBy ? ownerRow(org, owner) : refTo(f.resource);
      refs[name] = target;
      values[name] = target?.id ?? null;
    } else if (f.required || f.kind === 'enum' || name === def.list.search) values[name] = sampleValue(f, label);
  }
  // A read-only resource's rows are written by its own module: required columns without a default get a sample.
  for (const [name, f] of Object.entries(def.fields)) {
    const col = cols[name] as { notNull?: boolean; hasDefault?: boolean } | undefined;
    // The parent a row is seen through (a text's project) too, so the policy through it is exercised.
    if (!f.readOnly || ((!col?.notNull || col.hasDefault) && name !== def.ownedThrough)) continue;
    if (f.kind === 'ref') {
      refs[name] = refTo(f.resource);
      values[name] = refs[name]?.id ?? null;
    } else values[name] = sampleValue(f, label);
  }
  const [kept, ...others] = (exclusiveRefs[def.name] ?? []).filter((name) => values[name] != null);
  if (kept) for (const name of others) [values[name], refs[name]] = [null, null];
  const enums = inputFields(def).filter(([n, f]) => f.kind === 'enum' && n in values);
  for (const [name, f] of enums) {
    if (Object.keys(validateAttributes(def, values, { isCreate: true, isAdmin: true })).length === 0) break;
    for (const v of (f as Extract<FieldDef, { kind: 'enum' }>).enum.values) {
      values[name] = v;
      if (Object.keys(validateAttributes(def, values, { isCreate: true, isAdmin: true })).length === 0) break;
    }
  }
  expect(validateAttributes(def, values, { isCreate: true, isAdmin: true }), `${def.name} fixture`).toEqual({});
  return { values, refs, label: String(values[def.list.search]) };
}

function ownerRow(org: Org, owner: Owner): FixtureRow | null {
  return rows.find((r) => r.resource === OWNER_RESOURCE && r.org === org && r.owner === owner) ?? null;
}

async function insertRow(def: ResourceDef, orgId: number, values: Record<string, unknown>): Promise<number> {
  const table = tableOf(def.name)!;
  // A timestamp column takes a Date; the samples are the text a form or the API sends.
  const columns = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, def.fields[k]?.kind === 'datetime' && v ? new Date(String(v)) : v]),
  );
  const [row] = await withSystem(app.platform.database, 'test-fixture', (tx) =>
    tx
      .insert(table)
      .values({ ...columns, organizationId: orgId })
      .returning(),
  );
  return (row as { id: number }).id;
}

/** Builds one row of `def` owned by `owner` in `org` and records it in the fixture. */
async function buildRow(def: ResourceDef, org: Org, orgId: number, owner: Owner): Promise<FixtureRow> {
  const next = OWNERS[(OWNERS.indexOf(owner) + 1) % OWNERS.length];
  const refTo = (resource: string) =>
    rows.find((r) => r.resource === resource && r.org === org && r.owner === next) ??
    rows.find((r) => r.resource === resource && r.org === org) ??
    null;
  const { values, refs, label } = valuesFor(def, org, owner, refTo);
  const row: FixtureRow = { resource: def.name, id: await insertRow(def, orgId, values), org, owner, label, refs };
  rows.push(row);
  return row;
}

/** Registry order with every resource after the resources its required refs point at. */
function buildOrder(): ResourceDef[] {
  const order: ResourceDef[] = [];
  while (order.length < ALL_RESOURCES.length) {
    const ready = ALL_RESOURCES.find(
      (d) =>
        !order.includes(d) &&
        refFields(d).every(
          ([, f]) =>
            !f.required ||
            f.resource === d.name ||
            !resourceByName(f.resource) ||
            order.some((o) => o.name === f.resource),
        ),
    );
    if (!ready) throw new Error('registry refs form a cycle of required fields');
    order.push(ready);
  }
  return order;
}

async function buildClients(org: Org, built: BuiltOrganization) {
  const def = resources.client;
  // The factory's client is the agency; its Agency-role user belongs to it.
  await app.sql(`UPDATE clients SET client_type = 'Agency', name = $2 WHERE id = $1`, [
    built.clientId,
    `${org}-client-Agency`,
  ]);
  rows.push({ resource: 'client', id: built.clientId, org, owner: 'Agency', label: `${org}-client-Agency`, refs: {} });
  for (const owner of ['Member', 'Other'] as const) {
    const { values, label } = valuesFor(def, org, owner, () => null);
    values.name = `${org}-client-${owner}`;
    const agency = owner === 'Member' ? ownerRow(org, 'Agency') : null;
    values.agencyId = agency?.id ?? null;
    const id = await insertRow(def, built.id, values);
    rows.push({ resource: 'client', id, org, owner, label: String(values.name ?? label), refs: { agencyId: agency } });
  }
}

async function buildFixture(org: Org, built: BuiltOrganization) {
  await buildClients(org, built);
  // People are not among the generic resources; refs to a user (a project's manager, a texter) name the org's admin.
  const { rows: admin } = await app.sql('SELECT id FROM users WHERE email = $1', [built.emailFor('Admin')]);
  rows.push({ resource: 'user', id: Number(admin[0].id), org, owner: null, label: 'admin', refs: {} });
  for (const def of buildOrder()) {
    if (def.name === OWNER_RESOURCE) continue;
    for (const owner of def.ownedBy ? ownersOf(def) : [null]) await buildRow(def, org, built.id, owner);
  }
}

let orgA: BuiltOrganization;

beforeAll(async () => {
  app = await createTestApp({ WORKER_CONCURRENCY: '1' });
  worker = await createWorker(app.platform);
  orgA = await buildOrganization(app, 'Policy A');
  const orgB = await buildOrganization(app, 'Policy B');
  await buildFixture('A', orgA);
  await buildFixture('B', orgB);
  // The Client-role user belongs to the agency's member client; the Manager is limited by user views to Other.
  await app.sql(`UPDATE organization_users SET client_id = $1 WHERE organization_id = $2 AND role = 'Client'`, [
    ownerRow('A', 'Member')!.id,
    orgA.id,
  ]);
  const { rows: manager } = await app.sql('SELECT id FROM users WHERE email = $1', [orgA.emailFor('Manager')]);
  await app.sql('INSERT INTO user_views (organization_id, user_id, client_id) VALUES ($1, $2, $3)', [
    orgA.id,
    manager[0].id,
    ownerRow('A', 'Other')!.id,
  ]);
  for (const u of USERS) users.set(u.name, { ...u, token: await signIn(app, orgA.emailFor(u.role)) });
});

afterAll(async () => {
  await worker?.stop();
});

const idsOf = (list: FixtureRow[]) => list.map((r) => String(r.id)).sort();
const NONEXISTENT = '999999999';

function expectForbidden(res: { errors?: { extensions?: { code?: string } }[] }) {
  expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
}

async function exportCsv(def: ResourceDef, token: string) {
  const started = await gql(
    app,
    'mutation($q:String!){ exportCsv(query:$q, variables:{}){ task{ id } } }',
    { q: def.plural },
    { token },
  );
  if (started.errors) return { errors: started.errors, records: [] as Record<string, string>[] };
  const id = started.data?.exportCsv.task.id;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await gql(app, 'query($id:ID!){ backgroundTask(id:$id){ status downloadUrl } }', { id }, { token });
    const task = res.data?.backgroundTask;
    if (task?.status === 'Done') {
      const file = await app.api.inject({ method: 'GET', url: task.downloadUrl });
      const [header, ...body] = parse(file.body, { relaxColumnCount: true }) as string[][];
      // Each line as { field: cell }, by the export columns' labels.
      const fields = header.map((label) => def.list.exportColumns.find((c) => def.fields[c].label === label)!);
      const records = body.map((line) => Object.fromEntries(fields.map((f, i) => [f, line[i]])));
      return { errors: undefined, records };
    }
    if (task?.status === 'Failed' || Date.now() > deadline) throw new Error(`export ${def.plural}: ${task?.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A CSV shows numbers formatted; compare digits for phone-kind search fields. */
const comparable = (def: ResourceDef, label: string) =>
  def.fields[def.list.search].kind === 'phone' ? label.replace(/\D/g, '') : label;

/** The documents every check sends, built from the registry entry. */
function documents(def: ResourceDef) {
  const T = def.typeName;
  const refs = refFields(def);
  const refSelection = refs.map(([name, f]) => `${name} ${f.as} { id }`).join(' ');
  const payload = `{ ${def.name} { id } errors { field messages } }`;
  return {
    T,
    refs,
    LIST: `{ ${def.plural}(first: 500) { totalCount nodes { id ${refSelection} } } }`,
    GET: `query($id: ID!) { ${def.name}(id: $id) { id ${refSelection} can { update destroy export favorite } } }`,
    UPDATE: `mutation($id: ID!) { update${T}(id: $id, attributes: {}) ${payload} }`,
    DESTROY: `mutation($id: ID!) { destroy${T}(id: $id) ${payload} }`,
    FAVORITE: `mutation($id: ID) { toggleFavorite(${def.name}Id: $id) { isFavorite } }`,
    CREATE: `mutation($a: ${T}Attributes!) { create${T}(attributes: $a) ${payload} }`,
  };
}

// Read-only checks first, for every resource; the checks that change rows come after all of them.
for (const def of ALL_RESOURCES) {
  const { refs, LIST, GET, FAVORITE } = documents(def);
  describe(`${def.pluralLabel}: who sees which rows (spec §6)`, () => {
    for (const spec of USERS) {
      it(`${spec.name}: list, get and references show exactly the allowed rows`, async () => {
        const u = users.get(spec.name)!;
        const list = await gql(app, LIST, {}, { token: u.token });
        if (!permitted(u, 'View', def)) {
          expectForbidden(list);
          expectForbidden(await gql(app, GET, { id: String(rowsOf(def)[0].id) }, { token: u.token }));
          return;
        }
        expect(list.errors).toBeUndefined();
        const expected = rowsOf(def).filter((r) => allowed(u, r));
        const nodes = list.data?.[def.plural].nodes as Record<string, { id: string } | string | null>[];
        expect(nodes.map((n) => String(n.id)).sort()).toEqual(idsOf(expected));
        expect(list.data?.[def.plural].totalCount).toBe(expected.length);
        for (const row of rowsOf(def)) {
          const got = await gql(app, GET, { id: String(row.id) }, { token: u.token });
          expect(got.errors).toBeUndefined();
          const record = got.data?.[def.name];
          expect(record?.id ?? null, `${def.name} ${row.label}`).toBe(allowed(u, row) ? String(row.id) : null);
          if (!record) continue;
          expect(record.can).toEqual({
            update: permitted(u, 'Update', def),
            destroy: permitted(u, 'Delete', def),
            export: permitted(u, 'Export', def),
            favorite: def.favorite === true,
          });
          // A reference names a row only when the viewer may see that row itself (or the name is the record's).
          for (const [name, f] of refs) {
            const target = row.refs[name];
            expect(record[f.as]?.id ?? null, `${def.name} ${row.label} → ${f.as}`).toBe(
              named(u, f, target) ? String(target!.id) : null,
            );
          }
        }
      });

      it(`${spec.name}: export holds exactly the allowed rows, naming only references it may see`, async () => {
        const u = users.get(spec.name)!;
        const { errors, records } = await exportCsv(def, u.token);
        if (!permitted(u, 'Export', def)) return expectForbidden({ errors });
        expect(errors).toBeUndefined();
        const expected = rowsOf(def).filter((r) => allowed(u, r));
        // A row named by a reference (a project's team) shows the referenced name, not the id: counted only.
        if (def.fields[def.list.search].kind === 'ref') return expect(records).toHaveLength(expected.length);
        const key = (label: string) => comparable(def, label);
        expect(records.map((r) => key(r[def.list.search])).sort()).toEqual(expected.map((r) => key(r.label)).sort());
        for (const row of expected) {
          const line = records.find((r) => key(r[def.list.search]) === key(row.label))!;
          for (const [name, f] of refs.filter(([n]) => def.list.exportColumns.includes(n))) {
            const target = row.refs[name];
            const targetDef = entryByName(f.resource)!;
            expect(comparable(targetDef, line[name]), `${row.label} → ${name}`).toBe(
              named(u, f, target) ? comparable(targetDef, target!.label) : '',
            );
          }
        }
      });

      if (def.favorite)
        it(`${spec.name}: favourite only what it may see; an invisible id answers as a missing one`, async () => {
          const u = users.get(spec.name)!;
          const missing = await gql(app, FAVORITE, { id: NONEXISTENT }, { token: u.token });
          for (const row of rowsOf(def)) {
            const res = await gql(app, FAVORITE, { id: String(row.id) }, { token: u.token });
            if (!permitted(u, 'View', def)) expectForbidden(res);
            else if (allowed(u, row)) {
              expect(res.data?.toggleFavorite.isFavorite).toBe(true);
              const back = await gql(app, FAVORITE, { id: String(row.id) }, { token: u.token });
              expect(back.data?.toggleFavorite.isFavorite).toBe(false);
            } else expect(res).toEqual(missing);
          }
          if (permitted(u, 'View', def)) expect(missing.errors?.[0].message).toBe('Not found');
          const { rows: left } = await app.sql('SELECT count(*)::int AS n FROM favorites');
          expect(left[0].n).toBe(0);
        });
    }
  });
}

// A read-only resource (a list's rows) has no writes to check: the schema has none for it.
for (const def of ALL_RESOURCES.filter((d) => d.readOnly)) {
  const { T, UPDATE, DESTROY } = documents(def);
  it(`${def.pluralLabel}: no create, update or destroy in the API`, async () => {
    const { token } = users.get('Admin')!;
    for (const doc of [UPDATE, DESTROY]) {
      const res = await gql(app, doc, { id: String(rowsOf(def)[0].id) }, { token });
      expect(res.errors?.[0].message).toMatch(/Cannot query field/);
    }
    const create = await gql(app, `mutation { create${T}(attributes: {}) { id } }`, {}, { token });
    expect(create.errors?.[0].message).toMatch(/Cannot query field|Unknown type/);
  });
}

for (const def of ALL_RESOURCES.filter((d) => !d.readOnly)) {
  const { T, UPDATE, DESTROY, CREATE } = documents(def);
  describe(`${def.pluralLabel}: who changes which rows (spec §6)`, () => {
    for (const spec of USERS) {
      it(`${spec.name}: update and destroy reach exactly the allowed rows`, async () => {
        const u = users.get(spec.name)!;
        const missingUpdate = await gql(app, UPDATE, { id: NONEXISTENT }, { token: u.token });
        const missingDestroy = await gql(app, DESTROY, { id: NONEXISTENT }, { token: u.token });
        for (const row of rowsOf(def)) {
          const update = await gql(app, UPDATE, { id: String(row.id) }, { token: u.token });
          if (!permitted(u, 'Update', def)) expectForbidden(update);
          else if (allowed(u, row))
            expect(update.data?.[`update${T}`]).toEqual({ [def.name]: { id: String(row.id) }, errors: [] });
          else expect(update).toEqual(missingUpdate);

          // Rows it may delete are deleted below on throwaway rows, so the fixture stays whole.
          if (permitted(u, 'Delete', def) && allowed(u, row)) continue;
          const destroy = await gql(app, DESTROY, { id: String(row.id) }, { token: u.token });
          if (!permitted(u, 'Delete', def)) expectForbidden(destroy);
          else expect(destroy).toEqual(missingDestroy);
        }
        if (permitted(u, 'Delete', def))
          expect(missingDestroy.data?.[`destroy${T}`].errors).toEqual([{ field: 'base', messages: ['Not found'] }]);

        // A throwaway row in each of the viewer's clients: deleted when it may, and gone.
        if (!permitted(u, 'Delete', def)) return;
        for (const owner of def.ownedBy && def.name !== OWNER_RESOURCE ? ownersOf(def) : []) {
          const spare = await buildRow(def, 'A', orgA.id, owner);
          rows.splice(rows.indexOf(spare), 1);
          const res = await gql(app, DESTROY, { id: String(spare.id) }, { token: u.token });
          const gone = seesOwner(u, owner);
          expect(res.data?.[`destroy${T}`].errors).toEqual(gone ? [] : [{ field: 'base', messages: ['Not found'] }]);
          const table = getTableName(tableOf(def.name)!);
          const { rows: left } = await app.sql(`SELECT count(*)::int AS n FROM ${table} WHERE id = $1`, [spare.id]);
          expect(left[0].n).toBe(gone ? 0 : 1);
        }
      });

      // A client's own rows are its owner; the other resources are created inside or outside the viewer's clients.
      if (def.ownedBy && def.name !== OWNER_RESOURCE)
        it(`${spec.name}: creates rows only inside the clients it sees`, async () => {
          const u = users.get(spec.name)!;
          for (const owner of ownersOf(def)) {
            // Admin-only values (an Unregistered campaign) are another rule, tested elsewhere.
            if (owner === null && u.limitedTo === null) continue;
            // A user (a project's manager) has no client: any of the organization's.
            const sameOwner = (resource: string) =>
              rows.find(
                (r) => r.resource === resource && r.org === 'A' && (r.owner === owner || !resourceByName(resource)),
              ) ?? null;
            const { values } = valuesFor(def, 'A', owner, sameOwner);
            const res = await gql(app, CREATE, { a: values }, { token: u.token });
            if (!permitted(u, 'Create', def)) {
              expectForbidden(res);
              continue;
            }
            const payload = res.data?.[`create${T}`];
            const ownClient = ownClientOf(u);
            if (seesOwner(u, owner)) expect(payload.errors, `${def.name} for ${owner}`).toEqual([]);
            else if (owner === null && def.ownerDefaultsToViewer && ownClient) {
              // Named no client: a Client or Agency user's row is its own client's (a list it uploads).
              expect(payload.errors, `${def.name} for no client`).toEqual([]);
              const table = getTableName(tableOf(def.name)!);
              const column = toSnake(def.ownedBy!);
              const { rows: made } = await app.sql(`SELECT ${column} AS owner FROM ${table} WHERE id = $1`, [
                payload[def.name].id,
              ]);
              expect(Number(made[0].owner)).toBe(ownerRow('A', ownClient)!.id);
            } else {
              expect(payload[def.name]).toBeNull();
              // Another client's id is refused like a missing one; no client at all fails on the first rule it meets.
              if (owner) expect(payload.errors).toContainEqual({ field: def.ownedBy, messages: ['Client not found'] });
              else expect(payload.errors).not.toEqual([]);
            }
          }
        });
    }
  });
}
