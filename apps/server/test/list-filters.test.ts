import { listFilterMessages } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { carrierDataAvailable } from '../src/modules/list-filters/carrier-data';
import { listFiltersInEffect } from '../src/modules/list-filters/effective-list-filters';
import { withTenant } from '../src/platform/db/tenant';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

/** Spec §4 list filters through the API: their rules, one per level, type and value, and spec §9 precedence. */

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let token: string;

type Errors = { field: string; messages: string[] }[];
const PAYLOAD = '{ listFilter { id listFilterType carrier state clientId } errors { field messages } }';

async function create(attributes: Record<string, unknown>, as = token) {
  const res = await gql(
    app,
    `mutation($a: ListFilterAttributes!) { createListFilter(attributes: $a) ${PAYLOAD} }`,
    {
      a: attributes,
    },
    { token: as },
  );
  expect(res.errors).toBeUndefined();
  return res.data?.createListFilter as { listFilter: Record<string, string | null> | null; errors: Errors };
}

async function update(id: string, attributes: Record<string, unknown>) {
  const res = await gql(
    app,
    `mutation($id: ID!, $a: ListFilterAttributes!) { updateListFilter(id: $id, attributes: $a) ${PAYLOAD} }`,
    { id, a: attributes },
    { token },
  );
  expect(res.errors).toBeUndefined();
  return res.data?.updateListFilter as { listFilter: Record<string, string | null> | null; errors: Errors };
}

async function mustCreate(attributes: Record<string, unknown>): Promise<string> {
  const r = await create(attributes);
  expect(r.errors).toEqual([]);
  return r.listFilter!.id!;
}

const filterCount = async (orgId = org.id) =>
  (await app.sql('SELECT count(*)::int AS n FROM list_filters WHERE organization_id = $1', [orgId])).rows[0]
    .n as number;

async function newClient(name: string, orgId = org.id): Promise<number> {
  const { rows } = await app.sql(
    `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, $2, 'Campaign', 'Active') RETURNING id`,
    [orgId, name],
  );
  return Number(rows[0].id);
}

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Filters');
  other = await buildOrganization(app, 'Elsewhere');
  token = await org.tokenFor('Manager');
});

describe('list filter rules (spec §4)', () => {
  it.each([
    [{ listFilterType: 'Carrier' }, 'carrier', listFilterMessages.carrierRequired],
    [{ listFilterType: 'State' }, 'state', listFilterMessages.stateRequired],
    [{ listFilterType: 'State', state: 'ZZ' }, 'state', 'State must be a US state abbreviation (NY)'],
    [{ listFilterType: 'Carrier', carrier: 'Landline' }, 'carrier', 'This carrier cannot be chosen'],
    [{}, 'listFilterType', 'Type is required'],
  ])('%o is refused on %s and saves nothing', async (attributes, field, message) => {
    const before = await filterCount();
    const r = await create(attributes);
    expect(r.listFilter).toBeNull();
    expect(r.errors).toContainEqual({ field, messages: [message] });
    expect(await filterCount()).toBe(before);
  });

  it('a type that takes no value drops the carrier or state the form still held', async () => {
    const r = await create({ listFilterType: 'Invalid', carrier: 'Twilio', state: 'FL' });
    expect(r.errors).toEqual([]);
    expect(r.listFilter).toMatchObject({ listFilterType: 'Invalid', carrier: null, state: null, clientId: null });
  });

  it('an update that keeps the type refuses a value that type does not take', async () => {
    const id = await mustCreate({ listFilterType: 'State', state: 'WA' });
    const r = await update(id, { carrier: 'Twilio' });
    expect(r.errors).toEqual([{ field: 'carrier', messages: [listFilterMessages.carrierNotTaken] }]);
    const { rows } = await app.sql('SELECT carrier, state FROM list_filters WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ carrier: null, state: 'WA' });
  });
});

describe('one filter per level, type and value', () => {
  it('refuses a second organization filter of a value-less type, saying which', async () => {
    await mustCreate({ listFilterType: 'DoNotContact' });
    const before = await filterCount();
    const r = await create({ listFilterType: 'DoNotContact' });
    expect(r.errors).toEqual([
      { field: 'listFilterType', messages: ['A Do Not Contact filter already exists for the organization'] },
    ]);
    expect(await filterCount()).toBe(before);
  });

  it('refuses the same carrier or state twice for a client, and takes other values and other levels', async () => {
    const clientId = String(await newClient('Duplicates'));
    await mustCreate({ listFilterType: 'State', state: 'FL', clientId });
    await mustCreate({ listFilterType: 'Carrier', carrier: 'Twilio', clientId });
    expect((await create({ listFilterType: 'State', state: 'FL', clientId })).errors).toEqual([
      { field: 'listFilterType', messages: ['A State filter for FL already exists for this client'] },
    ]);
    expect((await create({ listFilterType: 'Carrier', carrier: 'Twilio', clientId })).errors).toEqual([
      { field: 'listFilterType', messages: ['A Carrier filter for Twilio already exists for this client'] },
    ]);
    await mustCreate({ listFilterType: 'State', state: 'OK', clientId });
    await mustCreate({ listFilterType: 'State', state: 'FL' });
    await mustCreate({ listFilterType: 'State', state: 'FL', clientId: String(await newClient('Another')) });
  });

  it('refuses an update that would repeat another filter, and lets a filter be saved unchanged', async () => {
    const clientId = String(await newClient('Updates'));
    await mustCreate({ listFilterType: 'State', state: 'TX', clientId });
    const id = await mustCreate({ listFilterType: 'State', state: 'NM', clientId });
    expect((await update(id, { state: 'TX' })).errors).toEqual([
      { field: 'listFilterType', messages: ['A State filter for TX already exists for this client'] },
    ]);
    expect((await update(id, { state: 'NM' })).errors).toEqual([]);
  });

  it('the table keeps the rule when the check is raced: NULLS NOT DISTINCT at the organization level', async () => {
    await app.sql(`INSERT INTO list_filters (organization_id, list_filter_type) VALUES ($1, 'OrganizationOptOut')`, [
      org.id,
    ]);
    await expect(
      app.sql(`INSERT INTO list_filters (organization_id, list_filter_type) VALUES ($1, 'OrganizationOptOut')`, [
        org.id,
      ]),
    ).rejects.toThrow(/list_filters_one_per_level_key/);
    await expect(
      app.sql(`INSERT INTO list_filters (organization_id, list_filter_type, state) VALUES ($1, 'Landline', 'NY')`, [
        org.id,
      ]),
    ).rejects.toThrow(/list_filters_state_iff_type/);
  });

  it("a client's filters go when the client is deleted", async () => {
    const clientId = String(await newClient('Leaving'));
    const id = await mustCreate({ listFilterType: 'Landline', clientId });
    const res = await gql(
      app,
      'mutation($id: ID!) { destroyClient(id: $id) { errors { field messages } } }',
      { id: clientId },
      { token: await org.tokenFor('Admin') },
    );
    expect(res.data?.destroyClient.errors).toEqual([]);
    expect((await app.sql('SELECT id FROM list_filters WHERE id = $1', [id])).rowCount).toBe(0);
  });
});

describe('the filters in effect (spec §9)', () => {
  it("a client's filters of a type replace the organization's of that type; another organization's never count", async () => {
    const o = await buildOrganization(app, 'Precedence');
    const a = await newClient('Precedence A', o.id);
    const b = await newClient('Precedence B', o.id);
    await app.sql(
      `INSERT INTO list_filters (organization_id, client_id, list_filter_type, carrier, state) VALUES
         ($1, NULL, 'State', NULL, 'FL'), ($1, NULL, 'State', NULL, 'OK'), ($1, NULL, 'DoNotContact', NULL, NULL),
         ($1, $2, 'State', NULL, 'TX'), ($1, $2, 'Carrier', 'Twilio', NULL), ($1, $3, 'Invalid', NULL, NULL),
         ($4, NULL, 'Landline', NULL, NULL)`,
      [o.id, a, b, other.id],
    );
    const inEffect = (clientId?: number) =>
      withTenant(app.platform.database, { organizationIds: [o.id] }, (tx) =>
        listFiltersInEffect(tx, o.id, { clientId }),
      ).then((filters) => filters.map((f) => `${f.level}:${f.listFilterType}${f.carrier ?? f.state ?? ''}`).sort());

    expect(await inEffect()).toEqual(['organization:DoNotContact', 'organization:StateFL', 'organization:StateOK']);
    expect(await inEffect(a)).toEqual(['client:CarrierTwilio', 'client:StateTX', 'organization:DoNotContact']);
    expect(await inEffect(b)).toEqual([
      'client:Invalid',
      'organization:DoNotContact',
      'organization:StateFL',
      'organization:StateOK',
    ]);
  });
});

describe('carrier data (Carrier and Landline filters act on it)', () => {
  const available = async (as: string) =>
    (await gql(app, '{ listFilterCarrierDataAvailable }', {}, { token: as })).data?.listFilterCarrierDataAvailable;

  it('is reported missing until a recipient phone of the organization has a carrier or line type', async () => {
    const o = await buildOrganization(app, 'Lookups');
    const as = await o.tokenFor('Manager');
    expect(await available(as)).toBe(false);
    // A sender number's carrier is not lookup data about recipients.
    await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type, carrier) VALUES ($1, '2125550100', 'Active', 'FromPhone', 'Twilio')`,
      [o.id],
    );
    await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type) VALUES ($1, '2125550101', 'ToPhone', 'ToPhone')`,
      [o.id],
    );
    expect(await available(as)).toBe(false);
    // Another organization's lookups say nothing about this one.
    await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type, line_type) VALUES ($1, '2125550102', 'ToPhone', 'ToPhone', 'Landline')`,
      [other.id],
    );
    expect(await available(as)).toBe(false);
    await app.sql(`UPDATE phones SET line_type = 'Mobile' WHERE organization_id = $1 AND number = '2125550101'`, [
      o.id,
    ]);
    expect(await available(as)).toBe(true);
    expect(
      await withTenant(app.platform.database, { organizationIds: [other.id] }, (tx) =>
        carrierDataAvailable(tx, other.id),
      ),
    ).toBe(true);
  });
});
