import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

// What the composite foreign keys (migration 0003) do when a row others depend on is deleted: nothing is orphaned
// silently. A client that is another client's agency is refused, naming what depends on it (it used to be SET NULL);
// a client's own phone numbers (ClientPhone) go with it.

let app: TestApp;
let org: BuiltOrganization;
let token: string;

const CREATE = `mutation($a:ClientAttributes!){ createClient(attributes:$a){ client{ id } errors{ field messages } } }`;
const DESTROY = `mutation($id:ID!){ destroyClient(id:$id){ client{ id } errors{ field messages } } }`;

async function createClient(attrs: Record<string, unknown>): Promise<string> {
  const res = await gql(app, CREATE, { a: { clientType: 'Campaign', ...attrs } }, { token });
  expect(res.data?.createClient.errors).toEqual([]);
  return res.data?.createClient.client.id as string;
}

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Dependants');
  token = await org.tokenFor('Admin');
});

describe('deleting a client', () => {
  it('that is the agency of another client is refused, and both stay as they were', async () => {
    const agency = await createClient({ name: 'The Agency', clientType: 'Agency' });
    const managed = await createClient({ name: 'Managed', agencyId: agency });
    const res = await gql(app, DESTROY, { id: agency }, { token });
    expect(res.data?.destroyClient).toEqual({
      client: null,
      errors: [{ field: 'base', messages: ['1 client belongs to this agency'] }],
    });
    const { rows } = await app.sql('SELECT id::text, agency_id::text FROM clients WHERE id = ANY($1) ORDER BY id', [
      [agency, managed],
    ]);
    expect(rows).toEqual([
      { id: agency, agency_id: null },
      { id: managed, agency_id: agency },
    ]);
  });

  it('takes its own phone numbers with it', async () => {
    const id = await createClient({ name: 'With Numbers', phones: [{ number: '2125550142' }] });
    const numbers = `SELECT count(*)::int AS n FROM phones WHERE organization_id = $1 AND number = '2125550142'`;
    expect((await app.sql(numbers, [org.id])).rows[0].n).toBe(1);
    const res = await gql(app, DESTROY, { id }, { token });
    expect(res.data?.destroyClient).toEqual({ client: { id }, errors: [] });
    expect((await app.sql(numbers, [org.id])).rows[0].n).toBe(0);
  });
});
