import { beforeAll, describe, expect, it } from 'vitest';
import { asAppRole } from './app-role';
import {
  addMember,
  buildOrganization,
  PLATFORM_ADMIN,
  platformAdminToken,
  signIn,
  type BuiltOrganization,
} from './factories';
import { createTestApp, gql, type TestApp } from './harness';

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let adminA: string;

const FIELDS = `id collectionType amount fee collectionDate`;
const CREATE = `mutation($a: CollectionAttributes!) { createCollection(attributes: $a) { collection { ${FIELDS} } errors { field messages } } }`;
const UPDATE = `mutation($id: ID!, $a: CollectionAttributes!) { updateCollection(id: $id, attributes: $a) { collection { ${FIELDS} } errors { field messages } } }`;

async function create(attrs: Record<string, unknown>, token = adminA) {
  return (await gql(app, CREATE, { a: attrs }, { token })).data?.createCollection;
}

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAILS: PLATFORM_ADMIN });
  orgA = await buildOrganization(app, 'Collections A');
  orgB = await buildOrganization(app, 'Collections B');
  adminA = await orgA.tokenFor('Admin');
});

describe('collections', () => {
  it('need a type, an amount and a date', async () => {
    const res = await create({});
    expect(res.errors).toEqual([
      { field: 'collectionType', messages: ['Type is required'] },
      { field: 'amount', messages: ['Amount is required'] },
      { field: 'collectionDate', messages: ['Date is required'] },
    ]);
  });

  it('need a fee for type Collection only, and clear it for the other types', async () => {
    const base = { amount: '100', collectionDate: '2026-03-01 10:00' };
    expect((await create({ ...base, collectionType: 'Collection' })).errors).toEqual([
      { field: 'fee', messages: ['Fee is required'] },
    ]);
    const transfer = await create({ ...base, collectionType: 'Transfer', fee: '5' });
    expect(transfer.errors).toEqual([]);
    expect(transfer.collection.fee).toBeNull();

    const collected = await create({ ...base, collectionType: 'Collection', fee: '5' });
    expect(collected.collection.fee).toBe('5.00');
    const id = collected.collection.id;
    const changed = (await gql(app, UPDATE, { id, a: { collectionType: 'Compensation' } }, { token: adminA })).data
      ?.updateCollection;
    expect(changed.collection).toMatchObject({ collectionType: 'Compensation', fee: null });
    // The type stays Compensation: a fee sent alone is still cleared, on the server.
    const feeAlone = (await gql(app, UPDATE, { id, a: { fee: '7' } }, { token: adminA })).data?.updateCollection;
    expect(feeAlone.collection.fee).toBeNull();
    const { rows } = await app.sql('SELECT fee FROM collections WHERE id = $1', [id]);
    expect(rows[0].fee).toBeNull();
  });

  it('give a date without a time 00:00:01 of that day in the organization time zone', async () => {
    const res = await create({ collectionType: 'Transfer', amount: '1', collectionDate: '2026-03-01' });
    // America/New_York, the organization's zone, is UTC-5 on March 1st.
    expect(res.collection.collectionDate).toBe('2026-03-01T05:00:01.000Z');
    const timed = await create({ collectionType: 'Transfer', amount: '1', collectionDate: '2026-07-04 18:30' });
    expect(timed.collection.collectionDate).toBe('2026-07-04T22:30:00.000Z');
    const bad = await create({ collectionType: 'Transfer', amount: '1', collectionDate: '2026-02-31' });
    expect(bad.errors[0].field).toBe('collectionDate');
  });

  it('keep money exact: 0.1 and 0.2 come back as 0.10 and 0.20 and add up to 0.30', async () => {
    const res = await create({ collectionType: 'Collection', amount: '0.1', fee: '0.2', collectionDate: '2026-05-01' });
    expect(res.collection).toMatchObject({ amount: '0.10', fee: '0.20' });
    const { rows } = await app.sql('SELECT (amount + fee)::text AS total FROM collections WHERE id = $1', [
      res.collection.id,
    ]);
    expect(rows[0].total).toBe('0.30');
    const large = await create({ collectionType: 'Transfer', amount: '999999999999.99', collectionDate: '2026-05-01' });
    expect(large.collection.amount).toBe('999999999999.99');
    const filtered = await gql(
      app,
      `{ collections(filters: [{ field: "amount", operation: Equal, value: "0.1" }]) { nodes { amount fee } } }`,
      {},
      { token: adminA },
    );
    expect(filtered.data?.collections.nodes).toEqual([{ amount: '0.10', fee: '0.20' }]);
  });

  it('refuse an amount that is not money', async () => {
    for (const amount of ['1.005', '-3', '1e3', 'ten']) {
      const res = await create({ collectionType: 'Transfer', amount, collectionDate: '2026-05-01' });
      expect(res.errors, amount).toEqual([
        { field: 'amount', messages: ['Amount must be an amount with at most 2 decimals (1234.56)'] },
      ]);
    }
    const asFloat = await gql(
      app,
      CREATE,
      {
        a: { collectionType: 'Transfer', amount: 0.1, collectionDate: '2026-05-01' },
      },
      { token: adminA },
    );
    expect(asFloat.errors?.[0].message).toMatch(/String cannot represent a non string value/);
  });

  it('are deleted with the spec message', async () => {
    const { collection } = await create({ collectionType: 'Transfer', amount: '3', collectionDate: '2026-05-01' });
    const res = await gql(
      app,
      `mutation($id: ID!) { destroyCollection(id: $id) { message } }`,
      { id: collection.id },
      { token: adminA },
    );
    expect(res.data?.destroyCollection.message).toBe('The collection has been deleted successfully');
  });

  it('of another organization are out of reach of raw SQL as the app role', async () => {
    const { collection } = await create({ collectionType: 'Transfer', amount: '42', collectionDate: '2026-05-01' });
    await asAppRole(app, orgB.id, async (c) => {
      expect(
        (await c.query('SELECT count(*)::int AS n FROM collections WHERE id = $1', [collection.id])).rows[0].n,
      ).toBe(0);
      expect((await c.query(`UPDATE collections SET amount = 0 WHERE id = $1`, [collection.id])).rowCount).toBe(0);
      await expect(
        c.query(
          `INSERT INTO collections (organization_id, collection_type, amount, collection_date) VALUES ($1, 'Transfer', 1, now())`,
          [orgA.id],
        ),
      ).rejects.toThrow(/row-level security/);
    });
  });

  describe('organization chosen on create (spec §5: for those who can choose it)', () => {
    const CREATE_IN = `mutation($a: CollectionAttributes!, $o: ID) { createCollection(attributes: $a, organizationId: $o) { collection { id amount } errors { field messages } } }`;
    const attrs = { collectionType: 'Transfer', amount: '77.70', collectionDate: '2026-06-01' };
    const organizationOf = async (id: string) =>
      (await app.sql('SELECT organization_id FROM collections WHERE id = $1', [id])).rows[0]?.organization_id;

    it('a platform admin creates in another organization it belongs to, and nowhere else', async () => {
      const orgC = await buildOrganization(app, 'Collections C');
      const root = await platformAdminToken(app, orgA);
      const { rows } = await app.sql('SELECT id FROM users WHERE email = $1', [PLATFORM_ADMIN]);
      await addMember(app, orgB.id, rows[0].id, 'Manager');
      const made = (await gql(app, CREATE_IN, { a: attrs, o: String(orgB.id) }, { token: root })).data
        ?.createCollection;
      expect(made.errors).toEqual([]);
      expect(await organizationOf(made.collection.id)).toBe(orgB.id);
      // Not a member of C: refused, and nothing is written there.
      const refused = await gql(app, CREATE_IN, { a: attrs, o: String(orgC.id) }, { token: root });
      expect(refused.errors?.[0].message).toBe('You are not a member of that organization');
      const inC = await app.sql('SELECT count(*)::int AS n FROM collections WHERE organization_id = $1', [orgC.id]);
      expect(inC.rows[0].n).toBe(0);
      // No choice, or the current organization: the usual create in the organization signed in to.
      const here = (await gql(app, CREATE_IN, { a: attrs, o: null }, { token: root })).data?.createCollection;
      expect(await organizationOf(here.collection.id)).toBe(orgA.id);
    });

    it('an organization admin cannot choose another organization, even one it belongs to', async () => {
      const { rows } = await app.sql('SELECT id FROM users WHERE email = $1', [orgA.emailFor('Admin')]);
      await addMember(app, orgB.id, rows[0].id, 'Admin');
      const token = await signIn(app, orgA.emailFor('Admin'));
      const countInB = async () =>
        (await app.sql('SELECT count(*)::int AS n FROM collections WHERE organization_id = $1', [orgB.id])).rows[0].n;
      const before = await countInB();
      const res = await gql(app, CREATE_IN, { a: attrs, o: String(orgB.id) }, { token });
      expect(res.errors?.[0].message).toBe('Only a platform admin may choose the organization');
      expect(await countInB()).toBe(before);
    });
  });
});
