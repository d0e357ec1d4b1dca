import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type GraphQLResult, type TestApp } from './harness';
import { buildOrganization, PLATFORM_ADMIN, platformAdminToken, type BuiltOrganization } from './factories';

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let token: string;
let rootToken: string;

type Errors = { field: string; messages: string[] }[];

const CLIENT_FIELDS =
  'id name clientType clientStatus agencyId agency{ id name } phone slug state email phones{ id number description }';
const CREATE_CLIENT = `mutation($a:ClientAttributes!){ createClient(attributes:$a){ client{ ${CLIENT_FIELDS} } errors{ field messages } message } }`;
const UPDATE_CLIENT = `mutation($id:ID!,$a:ClientAttributes!){ updateClient(id:$id, attributes:$a){ client{ ${CLIENT_FIELDS} } errors{ field messages } message } }`;
const DESTROY_CLIENT =
  'mutation($id:ID!){ destroyClient(id:$id){ client{ id name } errors{ field messages } message } }';

async function createClient(attrs: Record<string, unknown>, as = token) {
  const res = await gql(app, CREATE_CLIENT, { a: attrs }, { token: as });
  expect(res.errors).toBeUndefined();
  return res.data?.createClient as { client: Record<string, unknown> | null; errors: Errors; message: string | null };
}
async function mustCreateClient(attrs: Record<string, unknown>, as = token): Promise<string> {
  const r = await createClient({ clientType: 'Campaign', ...attrs }, as);
  expect(r.errors).toEqual([]);
  return r.client!.id as string;
}
async function updateClient(id: string | number, attrs: Record<string, unknown>) {
  const res = await gql(app, UPDATE_CLIENT, { id, a: attrs }, { token });
  expect(res.errors).toBeUndefined();
  return res.data?.updateClient as { client: Record<string, unknown> | null; errors: Errors; message: string | null };
}

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAILS: PLATFORM_ADMIN });
  org = await buildOrganization(app, 'Res');
  other = await buildOrganization(app, 'Other');
  token = await org.tokenFor('Manager');
  rootToken = await platformAdminToken(app, org);
});

describe('clients: create, update, destroy', () => {
  it("create answers 'The Client has been created successfully' and stores the client", async () => {
    const r = await createClient({ name: 'Rivera for Senate', clientType: 'Campaign', state: 'NY' });
    expect(r.errors).toEqual([]);
    expect(r.message).toBe('The Client has been created successfully');
    expect(r.client).toMatchObject({ name: 'Rivera for Senate', clientType: 'Campaign', clientStatus: 'Active' });
    const { rows } = await app.sql('SELECT name, client_status, state, organization_id FROM clients WHERE id = $1', [
      r.client!.id,
    ]);
    expect(rows[0]).toMatchObject({ name: 'Rivera for Senate', client_status: 'Active', state: 'NY' });
    expect(Number(rows[0].organization_id)).toBe(org.id);
  });

  it("update answers 'All changes saved' and changes only what was sent", async () => {
    const id = await mustCreateClient({ name: 'Before', email: 'keep@me.test' });
    const r = await updateClient(id, { name: 'After', clientStatus: 'Prospect' });
    expect(r.errors).toEqual([]);
    expect(r.message).toBe('All changes saved');
    expect(r.client).toMatchObject({ name: 'After', clientStatus: 'Prospect', email: 'keep@me.test' });
    const read = await gql(app, 'query($id:ID!){ client(id:$id){ name clientStatus } }', { id }, { token });
    expect(read.data?.client).toEqual({ name: 'After', clientStatus: 'Prospect' });
  });

  it("destroy answers 'The client has been deleted successfully' and the client is gone", async () => {
    const id = await mustCreateClient({ name: 'Doomed' });
    const res = await gql(app, DESTROY_CLIENT, { id }, { token });
    expect(res.data?.destroyClient).toMatchObject({
      message: 'The client has been deleted successfully',
      errors: [],
      client: { id, name: 'Doomed' },
    });
    expect((await app.sql('SELECT count(*)::int AS n FROM clients WHERE id = $1', [id])).rows[0].n).toBe(0);
    expect((await gql(app, 'query($id:ID!){ client(id:$id){ id } }', { id }, { token })).data?.client).toBeNull();
    const again = await gql(app, DESTROY_CLIENT, { id }, { token });
    expect(again.data?.destroyClient).toMatchObject({ client: null, message: null, errors: [{ field: 'base' }] });
  });

  it('newClient gives a blank form with the default status', async () => {
    const res = await gql(app, '{ newClient { __typename name clientStatus clientType } }', {}, { token });
    expect(res.data?.newClient).toEqual({
      __typename: 'ClientDraft',
      name: null,
      clientStatus: 'Active',
      clientType: null,
    });
  });
});

describe('clients: validation', () => {
  it('name and type are required', async () => {
    const r = await createClient({});
    expect(r.client).toBeNull();
    expect(r.message).toBeNull();
    expect(r.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', messages: ['Name is required'] },
        { field: 'clientType', messages: ['Type is required'] },
      ]),
    );
    expect(r.errors).toHaveLength(2);
  });

  it('a blank name is refused on update too, and nothing changes', async () => {
    const id = await mustCreateClient({ name: 'Still Named' });
    const r = await updateClient(id, { name: '   ' });
    expect(r.errors).toEqual([{ field: 'name', messages: ['Name is required'] }]);
    expect(r.message).toBeNull();
    expect((await app.sql('SELECT name FROM clients WHERE id = $1', [id])).rows[0].name).toBe('Still Named');
  });

  it('clientType must be one of the enumeration', async () => {
    const before = (await app.sql('SELECT count(*)::int AS n FROM clients')).rows[0].n;
    const res = await gql(app, CREATE_CLIENT, { a: { name: 'Bad Type', clientType: 'Bogus' } }, { token });
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0].message).toMatch(/ClientType/);
    expect((await app.sql('SELECT count(*)::int AS n FROM clients')).rows[0].n).toBe(before);
    const ok = await createClient({ name: 'PAC', clientType: 'PoliticalActionCommittee' });
    expect(ok.client?.clientType).toBe('PoliticalActionCommittee');
  });

  it('agencyId must be a client of type Agency', async () => {
    const notAgency = await mustCreateClient({ name: 'Plain Campaign' });
    const r = await createClient({ name: 'Wants Agency', clientType: 'Campaign', agencyId: notAgency });
    expect(r.client).toBeNull();
    expect(r.errors).toEqual([{ field: 'agencyId', messages: ['Agency must be a client of type Agency'] }]);

    const agency = await mustCreateClient({ name: 'Real Agency', clientType: 'Agency' });
    const ok = await createClient({ name: 'Has Agency', clientType: 'Campaign', agencyId: agency });
    expect(ok.errors).toEqual([]);
    expect(ok.client).toMatchObject({ agencyId: agency, agency: { id: agency, name: 'Real Agency' } });
  });

  it("an agency of another organization can't be chosen", async () => {
    const { rows } = await app.sql(
      `INSERT INTO clients (organization_id, name, client_type) VALUES ($1, 'Foreign Agency', 'Agency') RETURNING id`,
      [other.id],
    );
    const r = await createClient({ name: 'Cross', clientType: 'Campaign', agencyId: rows[0].id });
    expect(r.errors).toEqual([{ field: 'agencyId', messages: ['Agency not found'] }]);
  });

  it('a client cannot be its own agency', async () => {
    const id = await mustCreateClient({ name: 'Self Agency', clientType: 'Agency' });
    const r = await updateClient(id, { agencyId: id });
    expect(r.errors).toEqual([{ field: 'agencyId', messages: ['A client cannot be its own agency'] }]);
  });

  it("phone: punctuation is stripped, fewer than 10 digits gives 'Number should be 10 digits'", async () => {
    const bad = await createClient({ name: 'Short Phone', clientType: 'Campaign', phone: '212-555' });
    expect(bad.errors).toEqual([{ field: 'phone', messages: ['Number should be 10 digits'] }]);
    const good = await createClient({ name: 'Good Phone', clientType: 'Campaign', phone: '(212) 555-0100' });
    expect(good.errors).toEqual([]);
    expect(good.client?.phone).toBe('2125550100');
  });

  it('email and length rules', async () => {
    const r = await createClient({ name: 'Rules', clientType: 'Campaign', email: 'not-an-email', state: 'NYC' });
    expect(r.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', messages: ['Email is invalid'] },
        { field: 'state', messages: ['State must be at most 2 characters'] },
      ]),
    );
  });

  it('slug is unique (whatever its case): error on slug', async () => {
    await mustCreateClient({ name: 'Slug One', slug: 'rivera-2026' });
    const r = await createClient({ name: 'Slug Two', clientType: 'Campaign', slug: 'Rivera-2026' });
    expect(r.client).toBeNull();
    expect(r.errors).toEqual([{ field: 'slug', messages: ['Slug has already been taken'] }]);
    expect((await app.sql(`SELECT count(*)::int AS n FROM clients WHERE name = 'Slug Two'`)).rows[0].n).toBe(0);
    // The request's transaction is still usable afterwards: an update of another client succeeds.
    const id = await mustCreateClient({ name: 'Slug Three' });
    const taken = await updateClient(id, { slug: 'RIVERA-2026' });
    expect(taken.errors).toEqual([{ field: 'slug', messages: ['Slug has already been taken'] }]);
    expect((await updateClient(id, { slug: 'slug-three' })).client?.slug).toBe('slug-three');
  });
});

describe('clients: Phone Numbers section', () => {
  let id: string;
  beforeAll(async () => {
    id = await mustCreateClient({ name: 'With Phones' });
  });
  const numbers = (c: Record<string, unknown> | null) =>
    (c?.phones as { number: string; description: string | null }[]).map((p) => [p.number, p.description]);

  it('adds two numbers (punctuation stripped, empty rows dropped)', async () => {
    const r = await updateClient(id, {
      phones: [
        { number: '(212) 555-0100', description: 'Main' },
        { number: '212_555_0101', description: 'Cell' },
        { number: '', description: '' },
      ],
    });
    expect(r.errors).toEqual([]);
    expect(numbers(r.client)).toEqual([
      ['2125550100', 'Main'],
      ['2125550101', 'Cell'],
    ]);
  });

  it('updates one and destroys the other', async () => {
    const current = (await updateClient(id, {})).client?.phones as { id: string; number: string }[];
    const [main, cell] = current;
    const r = await updateClient(id, {
      phones: [
        { id: main.id, number: '212-555-0199', description: 'Office' },
        { id: cell.id, number: cell.number, _destroy: true },
      ],
    });
    expect(r.errors).toEqual([]);
    expect(numbers(r.client)).toEqual([['2125550199', 'Office']]);
    const { rows } = await app.sql(`SELECT number FROM phones WHERE client_id = $1 AND phone_type = 'ClientPhone'`, [
      id,
    ]);
    expect(rows.map((p) => p.number)).toEqual(['2125550199']);
  });

  it('a saved row emptied is deleted', async () => {
    const [row] = (await updateClient(id, {})).client?.phones as { id: string }[];
    const r = await updateClient(id, { phones: [{ id: row.id, number: '' }] });
    expect(r.client?.phones).toEqual([]);
  });

  it('refuses a number that is not 10 digits, and saves nothing', async () => {
    const r = await updateClient(id, { name: 'Renamed Phones', phones: [{ number: '212-555-01001' }] });
    expect(r.errors).toEqual([{ field: 'phones', messages: ['Invalid number. Should be a 10 digits number'] }]);
    expect((await app.sql('SELECT name FROM clients WHERE id = $1', [id])).rows[0].name).toBe('With Phones');
  });
});

describe('clients: filters', () => {
  let f: BuiltOrganization;
  let ftoken: string;
  const names = async (filters: unknown[], extra = '') => {
    const res = await gql(
      app,
      `query($f:[FilterInput!]){ clients(filters:$f, first: 100, sortBy: "name" ${extra}){ totalCount nodes{ name } } }`,
      { f: filters },
      { token: ftoken },
    );
    expect(res.errors).toBeUndefined();
    const list = res.data?.clients.nodes.map((n: { name: string }) => n.name);
    expect(res.data?.clients.totalCount).toBe(list.length);
    return list;
  };

  beforeAll(async () => {
    f = await buildOrganization(app, 'Filters');
    ftoken = await f.tokenFor('Manager');
    const agency = await mustCreateClient({ name: 'Alpha Agency', clientType: 'Agency' }, ftoken);
    await mustCreateClient({ name: 'Alpha campaign', clientStatus: 'Prospect', agencyId: agency }, ftoken);
    await mustCreateClient(
      { name: 'Bravo PAC', clientType: 'PoliticalActionCommittee', clientStatus: 'Inactive' },
      ftoken,
    );
    await mustCreateClient({ name: '100% Club', clientType: 'Other' }, ftoken);
    const dates: [string, string][] = [
      ['Filters Client', '2024-01-01T12:00:00Z'],
      ['Alpha Agency', '2024-02-01T12:00:00Z'],
      ['Alpha campaign', '2024-03-01T12:00:00Z'],
      ['Bravo PAC', '2024-04-01T12:00:00Z'],
      ['100% Club', '2024-05-01T12:00:00Z'],
    ];
    for (const [name, at] of dates)
      await app.sql('UPDATE clients SET created_at = $1 WHERE organization_id = $2 AND name = $3', [at, f.id, name]);
  });

  it('no filter: every client of the organization', async () => {
    expect(await names([])).toEqual(['100% Club', 'Alpha Agency', 'Alpha campaign', 'Bravo PAC', 'Filters Client']);
  });

  it('Equal', async () => {
    expect(await names([{ field: 'clientType', operation: 'Equal', value: 'Campaign' }])).toEqual([
      'Alpha campaign',
      'Filters Client',
    ]);
    expect(await names([{ field: 'name', operation: 'Equal', value: 'Bravo PAC' }])).toEqual(['Bravo PAC']);
  });

  it('In', async () => {
    expect(await names([{ field: 'clientStatus', operation: 'In', arrayValues: ['Prospect', 'Inactive'] }])).toEqual([
      'Alpha campaign',
      'Bravo PAC',
    ]);
    expect(await names([{ field: 'clientStatus', operation: 'In', arrayValues: [] }])).toEqual([]);
  });

  it('Like: contains, any case, with % and _ taken literally', async () => {
    expect(await names([{ field: 'name', operation: 'Like', value: 'ALPHA' }])).toEqual([
      'Alpha Agency',
      'Alpha campaign',
    ]);
    expect(await names([{ field: 'name', operation: 'Like', value: 'pac' }])).toEqual(['Bravo PAC']);
    expect(await names([{ field: 'name', operation: 'Like', value: '%' }])).toEqual(['100% Club']);
    expect(await names([{ field: 'name', operation: 'Like', value: '_' }])).toEqual([]);
  });

  it('With: has a value, or ("false") has none', async () => {
    expect(await names([{ field: 'agencyId', operation: 'With', value: 'true' }])).toEqual(['Alpha campaign']);
    expect(await names([{ field: 'agencyId', operation: 'With', value: 'false' }])).toEqual([
      '100% Club',
      'Alpha Agency',
      'Bravo PAC',
      'Filters Client',
    ]);
  });

  it('GreaterThan and LessThan on createdAt, combined (AND)', async () => {
    expect(await names([{ field: 'createdAt', operation: 'GreaterThan', value: '2024-03-15T00:00:00Z' }])).toEqual([
      '100% Club',
      'Bravo PAC',
    ]);
    expect(await names([{ field: 'createdAt', operation: 'LessThan', value: '2024-02-15T00:00:00Z' }])).toEqual([
      'Alpha Agency',
      'Filters Client',
    ]);
    expect(
      await names([
        { field: 'createdAt', operation: 'GreaterThan', value: '2024-01-15T00:00:00Z' },
        { field: 'createdAt', operation: 'LessThan', value: '2024-04-15T00:00:00Z' },
        { field: 'name', operation: 'Like', value: 'a' },
      ]),
    ).toEqual(['Alpha Agency', 'Alpha campaign', 'Bravo PAC']);
  });

  it('an unknown filter field is an error naming the field', async () => {
    const res = await gql(
      app,
      '{ clients(filters:[{ field: "passwordHash", operation: Equal, value: "x" }]){ totalCount } }',
      {},
      { token: ftoken },
    );
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({
      message: 'Unknown field: passwordHash',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('an unknown sort field is an error', async () => {
    const res = await gql(app, '{ clients(sortBy: "organizationId"){ totalCount } }', {}, { token: ftoken });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Unknown field: organizationId',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('a filter value of the wrong type is a user error, not a server failure', async () => {
    const res = await gql(
      app,
      '{ clients(filters:[{ field: "clientType", operation: Equal, value: "Bogus" }]){ totalCount } }',
      {},
      { token: ftoken },
    );
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('clients: paging and sorting', () => {
  let p: BuiltOrganization;
  let ptoken: string;
  const PAGE = `query($first:Int,$after:String,$last:Int,$before:String,$sortBy:String,$sortOrder:SortOrder){
    clients(first:$first, after:$after, last:$last, before:$before, sortBy:$sortBy, sortOrder:$sortOrder){
      totalCount nodes{ id name } edges{ cursor node{ id } }
      pageInfo{ hasNextPage hasPreviousPage startCursor endCursor } } }`;
  const page = async (vars: Record<string, unknown>) => {
    const res = await gql(app, PAGE, vars, { token: ptoken });
    expect(res.errors).toBeUndefined();
    return res.data?.clients;
  };
  const all = async (vars: Record<string, unknown> = {}) =>
    (await page({ first: 100, ...vars })).nodes.map((n: { name: string }) => n.name) as string[];

  beforeAll(async () => {
    p = await buildOrganization(app, 'Paging');
    ptoken = await p.tokenFor('Manager');
    for (const n of [4, 1, 7, 3, 6, 2, 5]) await mustCreateClient({ name: `Page ${n}` }, ptoken);
  });

  it('first/after walks every page forwards: no duplicates, no gaps', async () => {
    const expected = await all();
    expect(expected).toHaveLength(8);
    // The default order is newest first.
    expect(expected.slice(0, 7)).toEqual(['Page 5', 'Page 2', 'Page 6', 'Page 3', 'Page 7', 'Page 1', 'Page 4']);
    const seen: string[] = [];
    let after: string | null = null;
    const sizes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const c = await page({ first: 3, after });
      expect(c.totalCount).toBe(8);
      expect(c.pageInfo.hasPreviousPage).toBe(after !== null);
      seen.push(...c.nodes.map((n: { name: string }) => n.name));
      sizes.push(c.nodes.length);
      expect(c.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(c.nodes.map((n: { id: string }) => n.id));
      expect(c.pageInfo.endCursor).toBe(c.edges[c.edges.length - 1].cursor);
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(sizes).toEqual([3, 3, 2]);
    expect(seen).toEqual(expected);
  });

  it('last/before walks every page backwards', async () => {
    const expected = await all();
    const pages: string[][] = [];
    let before: string | null = null;
    for (let i = 0; i < 10; i++) {
      const c = await page({ last: 3, before });
      expect(c.totalCount).toBe(8);
      pages.push(c.nodes.map((n: { name: string }) => n.name));
      expect(c.pageInfo.hasNextPage).toBe(before !== null);
      if (!c.pageInfo.hasPreviousPage) break;
      before = c.pageInfo.startCursor;
    }
    expect(pages.map((x) => x.length)).toEqual([3, 3, 2]);
    // Each page is in list order; read from the end, they join up into the whole list.
    expect(pages.reverse().flat()).toEqual(expected);
  });

  it('limit is first', async () => {
    expect((await page({ first: undefined, limit: 2 } as Record<string, unknown>)).nodes).toBeDefined();
    const res = await gql(app, '{ clients(limit: 2){ nodes{ id } pageInfo{ hasNextPage } } }', {}, { token: ptoken });
    expect(res.data?.clients.nodes).toHaveLength(2);
    expect(res.data?.clients.pageInfo.hasNextPage).toBe(true);
  });

  it('pages rows that share a sort value exactly', async () => {
    const t = await buildOrganization(app, 'Ties');
    const tt = await t.tokenFor('Manager');
    await app.sql(
      `INSERT INTO clients (organization_id, name, client_type) SELECT $1, 'Tie ' || g, 'Campaign' FROM generate_series(1, 9) g`,
      [t.id],
    );
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res: GraphQLResult = await gql(app, PAGE, { first: 2, after }, { token: tt });
      const c = res.data?.clients as {
        nodes: { name: string }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
      seen.push(...c.nodes.map((n: { name: string }) => n.name));
      if (!c.pageInfo.hasNextPage) break;
      after = c.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
  });

  it('sortBy name Asc and Desc', async () => {
    const asc = await all({ sortBy: 'name', sortOrder: 'Asc' });
    expect(asc).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5', 'Page 6', 'Page 7', 'Paging Client']);
    expect(await all({ sortBy: 'name', sortOrder: 'Desc' })).toEqual([...asc].reverse());
    // sortBy alone sorts ascending.
    expect(await all({ sortBy: 'name' })).toEqual(asc);
  });

  it('pages by name across cursors', async () => {
    const first = await page({ first: 3, sortBy: 'name', sortOrder: 'Desc' });
    const second = await page({ first: 3, sortBy: 'name', sortOrder: 'Desc', after: first.pageInfo.endCursor });
    expect([...first.nodes, ...second.nodes].map((n: { name: string }) => n.name)).toEqual([
      'Paging Client',
      'Page 7',
      'Page 6',
      'Page 5',
      'Page 4',
      'Page 3',
    ]);
  });

  it('an invalid cursor is an error', async () => {
    const res = await gql(app, '{ clients(after: "not-a-cursor"){ totalCount } }', {}, { token: ptoken });
    expect(res.errors?.[0]).toMatchObject({ message: 'Invalid cursor', extensions: { code: 'BAD_USER_INPUT' } });
    // A well-formed cursor whose key is not a date, for a list sorted by date.
    const forged = Buffer.from(JSON.stringify({ k: 'yesterday', id: 1 })).toString('base64url');
    const typed = await gql(app, `{ clients(after: "${forged}"){ nodes{ id } } }`, {}, { token: ptoken });
    expect(typed.errors?.[0]).toMatchObject({ message: 'Invalid cursor', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('a nullable sort column pages exactly across its nulls, forwards and backwards, in both orders', async () => {
    const n = await buildOrganization(app, 'Nulls');
    const nt = await n.tokenFor('Manager');
    // Emails: two rows share a value, three have none (with the org's own client, four).
    await app.sql(
      `INSERT INTO clients (organization_id, name, client_type, email)
       SELECT $1, 'N' || g, 'Campaign', (ARRAY['b@x.test', 'a@x.test', 'b@x.test', 'c@x.test', NULL, NULL, NULL])[g]
         FROM generate_series(1, 7) g`,
      [n.id],
    );
    const Q = `query($first:Int,$after:String,$last:Int,$before:String,$o:SortOrder){
      clients(first:$first, after:$after, last:$last, before:$before, sortBy:"email", sortOrder:$o){
        nodes{ name email } pageInfo{ hasNextPage hasPreviousPage startCursor endCursor } } }`;
    type Conn = { nodes: { name: string; email: string | null }[]; pageInfo: Record<string, string & boolean> };
    const get = async (v: Record<string, unknown>) => (await gql(app, Q, v, { token: nt })).data?.clients as Conn;
    for (const o of ['Asc', 'Desc'] as const) {
      const whole = (await get({ first: 100, o })).nodes;
      const emails = whole.map((r) => r.email);
      const values = ['a@x.test', 'b@x.test', 'b@x.test', 'c@x.test'];
      expect(emails).toEqual(
        o === 'Asc' ? [...values, null, null, null, null] : [null, null, null, null, ...values.reverse()],
      );
      const forwards: string[] = [];
      for (let after: string | null = null, i = 0; i < 10; i++) {
        const c: Conn = await get({ first: 3, after, o });
        forwards.push(...c.nodes.map((r) => r.name));
        if (!c.pageInfo.hasNextPage) break;
        after = c.pageInfo.endCursor;
      }
      expect(forwards).toEqual(whole.map((r) => r.name));
      const backwards: string[][] = [];
      for (let before: string | null = null, i = 0; i < 10; i++) {
        const c: Conn = await get({ last: 3, before, o });
        backwards.unshift(c.nodes.map((r) => r.name));
        if (!c.pageInfo.hasPreviousPage) break;
        before = c.pageInfo.startCursor;
      }
      expect(backwards.flat()).toEqual(whole.map((r) => r.name));
    }
  });
});

describe('clients: totalCount', () => {
  let big: BuiltOrganization;
  let btoken: string;
  const COUNT =
    'query($f:[FilterInput!]){ clients(filters:$f, first: 2){ totalCount totalCountIsCapped nodes{ id } } }';

  beforeAll(async () => {
    big = await buildOrganization(app, 'Big');
    btoken = await big.tokenFor('Manager');
    // With the org's own client: 10,001 rows, one more than the count goes to.
    await app.sql(
      `INSERT INTO clients (organization_id, name, client_type)
       SELECT $1, 'Many ' || g, CASE WHEN g <= 9999 THEN 'Campaign' ELSE 'Other' END::client_type
         FROM generate_series(1, 10000) g`,
      [big.id],
    );
  });

  it('counts exactly up to 10,000, then says 10,000 and that there are more', async () => {
    const all = await gql(app, COUNT, { f: [] }, { token: btoken });
    expect(all.data?.clients).toMatchObject({ totalCount: 10_000, totalCountIsCapped: true });
    const campaigns = [{ field: 'clientType', operation: 'Equal', value: 'Campaign' }];
    // 9,999 seeded and the org's own client: exactly the cap, which is still exact.
    const exact = await gql(app, COUNT, { f: campaigns }, { token: btoken });
    expect(exact.data?.clients).toMatchObject({ totalCount: 10_000, totalCountIsCapped: false });
    const few = await gql(
      app,
      COUNT,
      { f: [{ field: 'clientType', operation: 'Equal', value: 'Other' }] },
      { token: btoken },
    );
    expect(few.data?.clients).toMatchObject({ totalCount: 1, totalCountIsCapped: false });
  });

  it('a page that does not ask for the count (or @include(if: false)) still pages', async () => {
    const res = await gql(
      app,
      'query($c:Boolean!){ clients(first: 2){ totalCount @include(if: $c) nodes{ id } pageInfo{ hasNextPage } } }',
      { c: false },
      { token: btoken },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.clients).toMatchObject({ pageInfo: { hasNextPage: true } });
    expect(res.data?.clients.totalCount).toBeUndefined();
  });
});

describe('clients: computed fields in a list', () => {
  it('a page that asks for sub-client counts and phone numbers gets them, directly or through a fragment', async () => {
    const o = await buildOrganization(app, 'Computed');
    const ot = await o.tokenFor('Manager');
    const agency = await mustCreateClient(
      { name: 'Comp Agency', clientType: 'Agency', phones: [{ number: '2125550142' }] },
      ot,
    );
    await mustCreateClient({ name: 'Comp Member', agencyId: agency }, ot);
    const filters = [{ field: 'name', operation: 'Equal', value: 'Comp Agency' }];
    const direct = await gql(
      app,
      'query($f:[FilterInput!]){ clients(filters:$f){ nodes{ name clientsCount phones{ number } } } }',
      { f: filters },
      { token: ot },
    );
    expect(direct.data?.clients.nodes).toEqual([
      { name: 'Comp Agency', clientsCount: 1, phones: [{ number: '2125550142' }] },
    ]);
    const viaFragment = await gql(
      app,
      'fragment C on Client { clientsCount } query($f:[FilterInput!]){ clients(filters:$f){ edges{ node{ ...C } } } }',
      { f: filters },
      { token: ot },
    );
    expect(viaFragment.data?.clients.edges).toEqual([{ node: { clientsCount: 1 } }]);
  });
});

describe('phones: the number', () => {
  it('refuses ten digits no US phone can have, as a list import does, and stores nothing', async () => {
    const o = await buildOrganization(app, 'PhoneRule');
    const ot = await o.tokenFor('Admin');
    const create = (number: string) =>
      gql(
        app,
        'mutation($a: PhoneAttributes!){ createPhone(attributes: $a){ phone{ number } errors{ field messages } } }',
        { a: { number } },
        { token: ot },
      );
    const refused = await create('(999) 000-0000');
    expect(refused.data?.createPhone).toEqual({
      phone: null,
      errors: [{ field: 'number', messages: ['Invalid phone number'] }],
    });
    expect((await app.sql('SELECT count(*)::int AS n FROM phones WHERE organization_id = $1', [o.id])).rows[0].n).toBe(
      0,
    );
    expect((await create('(212) 555-0100')).data?.createPhone.phone).toEqual({ number: '2125550100' });
  });
});

describe('phones: search', () => {
  it('finds a number however it is typed: punctuation, spaces, a leading +1', async () => {
    const o = await buildOrganization(app, 'PhoneSearch');
    const ot = await o.tokenFor('Manager');
    await app.sql(
      `INSERT INTO phones (organization_id, number, phone_type, phone_status)
       VALUES ($1, '9175550111', 'FromPhone', 'Active'), ($1, '2125550100', 'FromPhone', 'Active')`,
      [o.id],
    );
    const search = async (value: string) => {
      const res = await gql(
        app,
        'query($v:String){ phones(filters:[{ field: "number", operation: Like, value: $v }]){ nodes{ number } } }',
        { v: value },
        { token: ot },
      );
      expect(res.errors).toBeUndefined();
      return res.data?.phones.nodes.map((p: { number: string }) => p.number);
    };
    for (const typed of ['(917)-555-0111', '917.555.0111', '+1 (917) 555 0111', '555-0111', '917'])
      expect(await search(typed), typed).toEqual(['9175550111']);
    expect(await search('555')).toHaveLength(2);
    expect(await search('nothing')).toEqual([]);
  });
});

describe('brands', () => {
  const BRAND_FIELDS =
    'id name provider throughput providerConfigurationType providerConfigurationValues{ envKey isSet }';
  const CREATE = `mutation($a:BrandAttributes!){ createBrand(attributes:$a){ brand{ ${BRAND_FIELDS} } errors{ field messages } message } }`;
  const UPDATE = `mutation($id:ID!,$a:BrandAttributes!){ updateBrand(id:$id, attributes:$a){ brand{ ${BRAND_FIELDS} } errors{ field messages } message } }`;
  const DESTROY = 'mutation($id:ID!){ destroyBrand(id:$id){ brand{ id } errors{ field messages } message } }';
  const valid = { name: 'Brand', provider: 'Twilio', throughput: 10, providerConfigurationType: 'Organization' };
  const create = async (attrs: Record<string, unknown>) => {
    const res = await gql(app, CREATE, { a: attrs }, { token });
    expect(res.errors).toBeUndefined();
    return res.data?.createBrand;
  };

  it("creates a brand: 'The Brand has been created successfully'", async () => {
    const r = await create(valid);
    expect(r.errors).toEqual([]);
    expect(r.message).toBe('The Brand has been created successfully');
    expect(r.brand).toMatchObject({ name: 'Brand', provider: 'Twilio', throughput: 10 });
  });

  it('provider is required', async () => {
    const r = await create({ ...valid, provider: undefined });
    expect(r.brand).toBeNull();
    expect(r.errors).toEqual([{ field: 'provider', messages: ['Provider is required'] }]);
  });

  it('provider cannot be Copaco', async () => {
    const r = await create({ ...valid, name: 'Copaco Brand', provider: 'Copaco' });
    expect(r.brand).toBeNull();
    expect(r.errors.map((e: { field: string }) => e.field)).toEqual(['provider']);
    expect((await app.sql(`SELECT count(*)::int AS n FROM brands WHERE name = 'Copaco Brand'`)).rows[0].n).toBe(0);
  });

  it('provider is locked after creation: an update with another provider leaves it unchanged', async () => {
    const id = (await create({ ...valid, name: 'Locked' })).brand.id;
    const res = await gql(app, UPDATE, { id, a: { name: 'Locked Renamed', provider: 'Bandwidth' } }, { token });
    expect(res.data?.updateBrand.errors).toEqual([]);
    expect(res.data?.updateBrand.message).toBe('All changes saved');
    expect(res.data?.updateBrand.brand).toMatchObject({ name: 'Locked Renamed', provider: 'Twilio' });
    expect((await app.sql('SELECT provider FROM brands WHERE id = $1', [id])).rows[0].provider).toBe('Twilio');
  });

  it('throughput is required and numeric', async () => {
    expect((await create({ ...valid, throughput: undefined })).errors).toEqual([
      { field: 'throughput', messages: ['Throughput is required'] },
    ]);
    expect((await create({ ...valid, throughput: -5 })).errors).toEqual([
      { field: 'throughput', messages: ['Throughput must be a whole number'] },
    ]);
    expect((await create({ ...valid, throughput: 1234567 })).errors).toEqual([
      { field: 'throughput', messages: ['Throughput must be at most 6 characters'] },
    ]);
    const text = await gql(app, CREATE, { a: { ...valid, throughput: 'fast' } }, { token });
    expect(text.data).toBeUndefined();
    expect(text.errors?.[0].message).toMatch(/non numeric value/);
  });

  it('a fractional throughput is refused as a field error, not a server failure', async () => {
    const res = await gql(app, CREATE, { a: { ...valid, name: 'Fractional', throughput: 12.5 } }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.createBrand.errors.map((e: { field: string }) => e.field)).toEqual(['throughput']);
  });

  it("Custom configuration with a blank value: 'Every key needs a value'", async () => {
    const r = await create({
      ...valid,
      name: 'Custom Blank',
      providerConfigurationType: 'Custom',
      providerConfigurationValues: [
        { envKey: 'TWILIO_ACCOUNT_SID', envValue: 'AC123' },
        { envKey: 'TWILIO_AUTH_TOKEN', envValue: '  ' },
      ],
    });
    expect(r.brand).toBeNull();
    expect(r.errors).toEqual([{ field: 'providerConfigurationValues', messages: ['Every key needs a value'] }]);
    expect((await app.sql(`SELECT count(*)::int AS n FROM brands WHERE name = 'Custom Blank'`)).rows[0].n).toBe(0);
  });

  it('Custom configuration with every value is saved and read back', async () => {
    const values = [
      { envKey: 'TWILIO_ACCOUNT_SID', envValue: 'AC123' },
      { envKey: 'TWILIO_AUTH_TOKEN', envValue: 'secret' },
    ];
    const r = await create({
      ...valid,
      name: 'Custom Full',
      providerConfigurationType: 'Custom',
      providerConfigurationValues: values,
    });
    expect(r.errors).toEqual([]);
    // Values are write-only: the API says each is set and never sends it back (secrets.test.ts).
    expect(r.brand.providerConfigurationValues).toEqual(values.map(({ envKey }) => ({ envKey, isSet: true })));
    // Blanking a value later is refused too.
    const res = await gql(
      app,
      UPDATE,
      { id: r.brand.id, a: { providerConfigurationValues: [{ envKey: 'TWILIO_ACCOUNT_SID', envValue: '' }] } },
      { token },
    );
    expect(res.data?.updateBrand.errors).toEqual([
      { field: 'providerConfigurationValues', messages: ['Every key needs a value'] },
    ]);
  });

  it('deleting a brand that has campaigns gives a clear error and deletes nothing', async () => {
    const id = (await create({ ...valid, name: 'In Use' })).brand.id;
    const camp = await gql(
      app,
      'mutation($a:CampaignAttributes!){ createCampaign(attributes:$a){ campaign{ id } errors{ field messages } } }',
      { a: { name: 'Uses Brand', code: 'UB', brandId: id, clientId: org.clientId } },
      { token },
    );
    expect(camp.data?.createCampaign.errors).toEqual([]);
    const res = await gql(app, DESTROY, { id }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.destroyBrand).toEqual({
      brand: null,
      message: null,
      errors: [{ field: 'base', messages: ['1 campaign belongs to this brand'] }],
    });
    expect((await app.sql('SELECT count(*)::int AS n FROM brands WHERE id = $1', [id])).rows[0].n).toBe(1);
    expect(
      (await app.sql('SELECT count(*)::int AS n FROM campaigns WHERE id = $1', [camp.data?.createCampaign.campaign.id]))
        .rows[0].n,
    ).toBe(1);
  });

  it("deleting an unused brand: 'The brand has been deleted successfully'", async () => {
    const id = (await create({ ...valid, name: 'Unused' })).brand.id;
    const res = await gql(app, DESTROY, { id }, { token });
    expect(res.data?.destroyBrand).toEqual({
      brand: { id },
      message: 'The brand has been deleted successfully',
      errors: [],
    });
    expect((await app.sql('SELECT count(*)::int AS n FROM brands WHERE id = $1', [id])).rows[0].n).toBe(0);
  });
});

describe('campaigns', () => {
  const FIELDS = 'id name campaignType clientId brandId client{ name } brand{ name }';
  const CREATE = `mutation($a:CampaignAttributes!){ createCampaign(attributes:$a){ campaign{ ${FIELDS} } errors{ field messages } message } }`;
  const UPDATE = `mutation($id:ID!,$a:CampaignAttributes!){ updateCampaign(id:$id, attributes:$a){ campaign{ ${FIELDS} } errors{ field messages } message } }`;
  let brandId: string;
  beforeAll(async () => {
    const res = await gql(
      app,
      'mutation($a:BrandAttributes!){ createBrand(attributes:$a){ brand{ id } } }',
      { a: { name: 'Camp Brand', provider: 'Bandwidth', throughput: 5, providerConfigurationType: 'Organization' } },
      { token },
    );
    brandId = res.data?.createBrand.brand.id;
  });
  const create = async (attrs: Record<string, unknown>, as = token) =>
    (await gql(app, CREATE, { a: attrs }, { token: as })).data?.createCampaign;

  it("Registered without a client: 'Client is required' on clientId", async () => {
    const r = await create({ name: 'No Client', code: 'NC', brandId });
    expect(r.campaign).toBeNull();
    expect(r.errors).toEqual([{ field: 'clientId', messages: ['Client is required'] }]);
    const admin = await create({ name: 'No Client', code: 'NC', brandId, campaignType: 'Registered' }, rootToken);
    expect(admin.errors).toEqual([{ field: 'clientId', messages: ['Client is required'] }]);
  });

  it('brand, name and code are required', async () => {
    const r = await create({ clientId: org.clientId });
    expect(r.errors).toEqual(
      expect.arrayContaining([
        { field: 'brandId', messages: ['Brand is required'] },
        { field: 'name', messages: ['Name is required'] },
        { field: 'code', messages: ['Code is required'] },
      ]),
    );
  });

  it('the brand must be one of the organization', async () => {
    const { rows } = await app.sql(
      `INSERT INTO brands (organization_id, name, provider, throughput) VALUES ($1, 'Foreign', 'Twilio', 1) RETURNING id`,
      [other.id],
    );
    const r = await create({ name: 'Foreign Brand', code: 'FB', brandId: rows[0].id, clientId: org.clientId });
    expect(r.errors.map((e: { field: string }) => e.field)).toEqual(['brandId']);
  });

  it('a Registered campaign with client and brand is created with their names', async () => {
    const r = await create({ name: 'Good', code: 'G1', brandId, clientId: org.clientId });
    expect(r.errors).toEqual([]);
    expect(r.message).toBe('The Campaign has been created successfully');
    expect(r.campaign).toMatchObject({
      campaignType: 'Registered',
      clientId: String(org.clientId),
      client: { name: 'Res Client' },
      brand: { name: 'Camp Brand' },
    });
  });

  it('Unregistered clears clientId (as admin), on create and on update', async () => {
    const r = await create(
      { name: 'Unreg', code: 'U1', brandId, clientId: org.clientId, campaignType: 'Unregistered' },
      rootToken,
    );
    expect(r.errors).toEqual([]);
    expect(r.campaign).toMatchObject({ campaignType: 'Unregistered', clientId: null, client: null });

    const reg = await create({ name: 'To Unreg', code: 'U2', brandId, clientId: org.clientId }, rootToken);
    const res = await gql(
      app,
      UPDATE,
      { id: reg.campaign.id, a: { campaignType: 'Unregistered' } },
      {
        token: rootToken,
      },
    );
    expect(res.data?.updateCampaign.errors).toEqual([]);
    expect(res.data?.updateCampaign.campaign).toMatchObject({ campaignType: 'Unregistered', clientId: null });
    const { rows } = await app.sql('SELECT campaign_type, client_id FROM campaigns WHERE id = $1', [reg.campaign.id]);
    expect(rows[0]).toEqual({ campaign_type: 'Unregistered', client_id: null });

    // Back to Registered needs a client again.
    const back = await gql(
      app,
      UPDATE,
      { id: reg.campaign.id, a: { campaignType: 'Registered' } },
      {
        token: rootToken,
      },
    );
    expect(back.data?.updateCampaign.errors).toEqual([{ field: 'clientId', messages: ['Client is required'] }]);
  });
});

describe('clients created by scoped users', () => {
  it('an Agency user creating a client gets it back and keeps seeing it', async () => {
    const a = await buildOrganization(app, 'AgencyCo');
    await app.sql(`UPDATE clients SET client_type = 'Agency' WHERE id = $1`, [a.clientId]);
    const agencyToken = await a.tokenFor('Agency');
    const r = await createClient({ name: 'Agency Made', clientType: 'Campaign' }, agencyToken);
    expect(r.errors).toEqual([]);
    expect(r.message).toBe('The Client has been created successfully');
    expect(r.client?.name).toBe('Agency Made');
    const list = await gql(app, '{ clients { nodes { name } } }', {}, { token: agencyToken });
    expect(list.data?.clients.nodes.map((n: { name: string }) => n.name)).toContain('Agency Made');
  });
});
