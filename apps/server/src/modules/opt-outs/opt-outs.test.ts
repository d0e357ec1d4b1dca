import { optOutMessages, WEB_CLIENT_HEADER } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../test/harness';

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let admin: string;
let otherAdmin: string;

const OPT_OUT = 'id number clientId optOutType body createdByName';
const ADD = `mutation($number: String, $phoneId: ID, $clientId: ID, $body: String) {
  addOptOut(number: $number, phoneId: $phoneId, clientId: $clientId, body: $body) {
    optOut { ${OPT_OUT} } errors { field messages } message } }`;
const REMOVE = `mutation($id: ID!, $reason: String!) {
  removeOptOut(id: $id, reason: $reason) { optOut { id } errors { field messages } message } }`;
const LIST = `query($filters: [FilterInput!]) { optOuts(filters: $filters, first: 100) { totalCount nodes { ${OPT_OUT} } } }`;
const GET = `query($id: ID!) { optOut(id: $id) { ${OPT_OUT}
  history { action source optOutType reason ipAddress userName createdAt } } }`;

async function add(vars: Record<string, unknown>, token = admin) {
  const res = await gql(app, ADD, vars, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.addOptOut;
}

async function remove(id: string, reason: string, token = admin) {
  const res = await gql(app, REMOVE, { id, reason }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.removeOptOut;
}

/** A mutation as the web app sends it: its header marks the change as made in the UI. */
async function fromWeb(query: string, variables: Record<string, unknown>, token = admin) {
  const res = await app.api.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, [WEB_CLIENT_HEADER]: 'web' },
    payload: { query, variables },
    remoteAddress: '203.0.113.7',
  });
  return res.json().data;
}

const auditOf = async (orgId: number, number: string) =>
  (
    await app.sql(
      `SELECT c.subject, c.action, c.client_id, c.opt_out_type, c.source, c.reason, c.ip_address, u.email
         FROM opt_out_changes c LEFT JOIN users u ON u.id = c.user_id
        WHERE c.organization_id = $1 AND c.number = $2 ORDER BY c.id`,
      [orgId, number],
    )
  ).rows;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Opting');
  other = await buildOrganization(app, 'Elsewhere');
  admin = await org.tokenFor('Admin');
  otherAdmin = await other.tokenFor('Admin');
}, 60_000);

describe('adding an opt-out', () => {
  it("a typed number new to the organization becomes a recipient phone and is opted out: 'Opt-out added'", async () => {
    const added = await add({ number: '(415) 555-0101', clientId: String(org.clientId), body: 'Asked by phone' });
    expect(added.errors).toEqual([]);
    expect(added.message).toBe('Opt-out added');
    expect(added.optOut).toMatchObject({
      number: '4155550101',
      clientId: String(org.clientId),
      optOutType: 'Manual',
      body: 'Asked by phone',
      createdByName: expect.stringMatching(/^Admin /),
    });
    const { rows } = await app.sql(
      'SELECT phone_type, phone_class, phone_status, state FROM phones WHERE organization_id = $1 AND number = $2',
      [org.id, '4155550101'],
    );
    expect(rows).toEqual([{ phone_type: 'ToPhone', phone_class: 'Recipient', phone_status: 'ToPhone', state: 'CA' }]);
  });

  it("an invalid phone is refused with 'You must choose a valid phone' and adds nothing", async () => {
    for (const number of ['12', '415-555-01', 'abc', '', '1235550100']) {
      const added = await add({ number, clientId: String(org.clientId) });
      expect(added).toEqual({
        optOut: null,
        errors: [{ field: 'number', messages: [optOutMessages.invalidPhone] }],
        message: null,
      });
    }
    const { rows } = await app.sql(
      "SELECT count(*)::int AS n FROM phones WHERE organization_id = $1 AND number LIKE '123%'",
      [org.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('the same number for the same client is refused; organization-wide it is another opt-out', async () => {
    const again = await add({ number: '415-555-0101', clientId: String(org.clientId) });
    expect(again.optOut).toBeNull();
    expect(again.errors).toEqual([{ field: 'number', messages: ['This number is already opted out for this client'] }]);
    const wide = await add({ number: '4155550101' });
    expect(wide.errors).toEqual([]);
    expect(wide.optOut.clientId).toBeNull();
    const wideAgain = await add({ number: '+1 415 555 0101' });
    expect(wideAgain.errors).toEqual([
      { field: 'number', messages: ['This number is already opted out for the whole organization'] },
    ]);
  });

  it('a phone picked from the search is opted out as it is (a sender number stays a sender number)', async () => {
    const { rows } = await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type) VALUES ($1, '2125550177', 'Valid', 'FromPhone') RETURNING id`,
      [org.id],
    );
    const added = await add({ phoneId: String(rows[0].id), clientId: String(org.clientId) });
    expect(added.optOut.number).toBe('2125550177');
    const { rows: phones } = await app.sql('SELECT phone_type FROM phones WHERE organization_id = $1 AND number = $2', [
      org.id,
      '2125550177',
    ]);
    expect(phones).toEqual([{ phone_type: 'FromPhone' }]);
  });

  it('records who added it, from the app or the API, and from which address', async () => {
    const data = await fromWeb(ADD, { number: '4155550102', clientId: String(org.clientId) });
    expect(data.addOptOut.message).toBe('Opt-out added');
    await add({ number: '4155550102' });
    expect(await auditOf(org.id, '4155550102')).toEqual([
      {
        subject: 'OptOut',
        action: 'Added',
        client_id: org.clientId,
        opt_out_type: 'Manual',
        source: 'Manual',
        reason: null,
        ip_address: '203.0.113.7',
        email: org.emailFor('Admin'),
      },
      expect.objectContaining({ action: 'Added', client_id: null, source: 'Api', email: org.emailFor('Admin') }),
    ]);
  });
});

describe('removing an opt-out', () => {
  it("needs a reason; with one: 'Opt-out removed', and the record keeps who, why and from where", async () => {
    const { optOut } = await add({ number: '4155550103', clientId: String(org.clientId) });
    const blank = await remove(optOut.id, '   ');
    expect(blank).toEqual({
      optOut: null,
      errors: [{ field: 'reason', messages: ['Reason is required'] }],
      message: null,
    });
    expect((await gql(app, GET, { id: optOut.id }, { token: admin })).data!.optOut).not.toBeNull();

    const data = await fromWeb(REMOVE, { id: optOut.id, reason: 'Opted out by mistake' });
    expect(data.removeOptOut).toEqual({ optOut: { id: optOut.id }, errors: [], message: 'Opt-out removed' });
    expect((await gql(app, GET, { id: optOut.id }, { token: admin })).data!.optOut).toBeNull();
    expect((await auditOf(org.id, '4155550103')).at(-1)).toEqual({
      subject: 'OptOut',
      action: 'Removed',
      client_id: org.clientId,
      opt_out_type: 'Manual',
      source: 'Manual',
      reason: 'Opted out by mistake',
      ip_address: '203.0.113.7',
      email: org.emailFor('Admin'),
    });
  });

  it("shows the opt-out's history, earlier adds and removals of its number for its client included", async () => {
    const { optOut } = await add({ number: '4155550103', clientId: String(org.clientId), body: 'Again' });
    const history = (await gql(app, GET, { id: optOut.id }, { token: admin })).data!.optOut.history;
    expect(
      history.map((h: { action: string; source: string; reason: string | null }) => [h.action, h.source, h.reason]),
    ).toEqual([
      ['Added', 'Api', null],
      ['Removed', 'Manual', 'Opted out by mistake'],
      ['Added', 'Api', null],
    ]);
    expect(history[0].userName).toMatch(/^Admin /);
  });

  it('an opt-out that is not there answers Not found', async () => {
    expect(await remove('999999999', 'why')).toEqual({
      optOut: null,
      errors: [{ field: 'base', messages: ['Not found'] }],
      message: null,
    });
  });
});

describe('do-not-contact numbers', () => {
  const COUNT = '{ doNotContactCount }';
  const NUMBERS = `query($search: String, $after: String, $first: Int) {
    doNotContactNumbers(search: $search, after: $after, first: $first) { nodes { number } hasNextPage endCursor } }`;
  const ADD_DNC = `mutation($n: String!) { addDoNotContactNumber(number: $n) { number errors { field messages } message } }`;
  const REMOVE_DNC = `mutation($n: String!, $r: String) {
    removeDoNotContactNumber(number: $n, reason: $r) { number errors { field messages } message } }`;
  const count = async (token = admin) => (await gql(app, COUNT, {}, { token })).data!.doNotContactCount;

  it('adds a number (cleaned as list phones are), counts and lists it, refuses it twice, removes it', async () => {
    expect(await count()).toBe(0);
    const added = (await gql(app, ADD_DNC, { n: '1 (617) 555-0131' }, { token: admin })).data!.addDoNotContactNumber;
    expect(added).toEqual({ number: '6175550131', errors: [], message: 'Number saved successfully' });
    await gql(app, ADD_DNC, { n: '617.555.0132' }, { token: admin });
    expect(await count()).toBe(2);
    const twice = (await gql(app, ADD_DNC, { n: '6175550131' }, { token: admin })).data!.addDoNotContactNumber;
    expect(twice.errors).toEqual([
      { field: 'number', messages: ['This number is already on the do-not-contact list'] },
    ]);
    const invalid = (await gql(app, ADD_DNC, { n: '555-01' }, { token: admin })).data!.addDoNotContactNumber;
    expect(invalid.errors).toEqual([{ field: 'number', messages: ['Invalid number. Should be a 10 digits number'] }]);

    const first = (await gql(app, NUMBERS, { first: 1 }, { token: admin })).data!.doNotContactNumbers;
    expect(first).toEqual({ nodes: [{ number: '6175550131' }], hasNextPage: true, endCursor: '6175550131' });
    const next = (await gql(app, NUMBERS, { first: 1, after: first.endCursor }, { token: admin })).data!
      .doNotContactNumbers;
    expect(next.nodes).toEqual([{ number: '6175550132' }]);
    expect(next.hasNextPage).toBe(false);
    const searched = (await gql(app, NUMBERS, { search: '(617) 555-0132' }, { token: admin })).data!
      .doNotContactNumbers;
    expect(searched.nodes).toEqual([{ number: '6175550132' }]);

    const removed = (await gql(app, REMOVE_DNC, { n: '6175550131', r: 'Asked to be called' }, { token: admin })).data!
      .removeDoNotContactNumber;
    expect(removed).toEqual({ number: '6175550131', errors: [], message: 'Number deleted successfully' });
    expect(await count()).toBe(1);
    const gone = (await gql(app, REMOVE_DNC, { n: '6175550131' }, { token: admin })).data!.removeDoNotContactNumber;
    expect(gone.errors).toEqual([{ field: 'number', messages: ['This number is not on the do-not-contact list'] }]);

    expect(
      (await auditOf(org.id, '6175550131')).map((a) => [a.subject, a.action, a.source, a.reason, a.email]),
    ).toEqual([
      ['DoNotContact', 'Added', 'Api', null, org.emailFor('Admin')],
      ['DoNotContact', 'Removed', 'Api', 'Asked to be called', org.emailFor('Admin')],
    ]);
  });

  it('marks the recipient phone of a number the organization already has', async () => {
    await add({ number: '6175550133' });
    await gql(app, ADD_DNC, { n: '6175550133' }, { token: admin });
    const { rows } = await app.sql(
      'SELECT phone_type, do_not_contact FROM phones WHERE organization_id = $1 AND number = $2',
      [org.id, '6175550133'],
    );
    expect(rows).toEqual([{ phone_type: 'ToPhone', do_not_contact: true }]);
  });

  it("are the organization's: a Manager limited by user views to some clients reads none of them", async () => {
    const manager = await org.tokenFor('Manager');
    expect((await gql(app, COUNT, {}, { token: manager })).data?.doNotContactCount).toBeGreaterThan(0);
    const { rows } = await app.sql('SELECT id FROM users WHERE email = $1', [org.emailFor('Manager')]);
    await app.sql('INSERT INTO user_views (organization_id, user_id, client_id) VALUES ($1, $2, $3)', [
      org.id,
      rows[0].id,
      org.clientId,
    ]);
    try {
      for (const query of [COUNT, NUMBERS]) {
        const res = await gql(app, query, {}, { token: manager });
        expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
        expect(res.data ?? null).toBeNull();
      }
    } finally {
      await app.sql('DELETE FROM user_views WHERE user_id = $1', [rows[0].id]);
    }
  });

  it('are managed by those who may update the organization only', async () => {
    const client = await org.tokenFor('Client');
    const res = await gql(app, ADD_DNC, { n: '6175550134' }, { token: client });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('tenancy', () => {
  it('another organization cannot list, read, add to or remove opt-outs and do-not-contact numbers', async () => {
    const { optOut } = await add({ number: '5035550141', clientId: String(org.clientId) });
    await gql(app, 'mutation { addDoNotContactNumber(number: "5035550142") { number } }', {}, { token: admin });

    const list = (await gql(app, LIST, {}, { token: otherAdmin })).data!.optOuts;
    expect(list.nodes.map((n: { number: string }) => n.number)).not.toContain('5035550141');
    expect((await gql(app, GET, { id: optOut.id }, { token: otherAdmin })).data!.optOut).toBeNull();
    expect((await remove(optOut.id, 'hijack', otherAdmin)).errors).toEqual([
      { field: 'base', messages: ['Not found'] },
    ]);
    const foreign = await add({ number: '5035550143', clientId: String(org.clientId) }, otherAdmin);
    expect(foreign.errors).toEqual([{ field: 'clientId', messages: ['Client not found'] }]);

    const theirs = await gql(
      app,
      '{ doNotContactNumbers(first: 500) { nodes { number } } doNotContactCount }',
      {},
      {
        token: otherAdmin,
      },
    );
    expect(theirs.data).toEqual({ doNotContactNumbers: { nodes: [] }, doNotContactCount: 0 });
    const unmark = await gql(
      app,
      'mutation { removeDoNotContactNumber(number: "5035550142") { errors { messages } } }',
      {},
      {
        token: otherAdmin,
      },
    );
    expect(unmark.data!.removeDoNotContactNumber.errors).toEqual([
      { messages: ['This number is not on the do-not-contact list'] },
    ]);

    const { rows } = await app.sql(
      `SELECT (SELECT count(*) FROM opt_outs WHERE organization_id = $1 AND number = '5035550141')::int AS opt_outs,
              (SELECT count(*) FROM phones WHERE organization_id = $1 AND number = '5035550142' AND do_not_contact)::int AS dnc`,
      [org.id],
    );
    expect(rows).toEqual([{ opt_outs: 1, dnc: 1 }]);
  });

  it('as the app role in another organization, raw SQL sees and writes none of them', async () => {
    const client = await app.platform.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE canvass_app');
      await client.query(`SET LOCAL app.organization_ids = '${other.id}'`);
      for (const table of ['opt_outs', 'opt_out_changes']) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [
          org.id,
        ]);
        expect(rows[0].n, table).toBe(0);
      }
      const { rows } = await client.query('SELECT count(*)::int AS n FROM phones WHERE do_not_contact');
      expect(rows[0].n).toBe(0);
      await expect(
        client.query(
          `INSERT INTO opt_out_changes (organization_id, subject, action, number, source) VALUES ($1, 'OptOut', 'Added', '5035550144', 'Api')`,
          [org.id],
        ),
      ).rejects.toThrow(/row-level security/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('who sees which opt-outs (spec §6)', () => {
  it("a Client-role user sees its own client's opt-outs only, and may not add or remove them", async () => {
    const { rows } = await app.sql(
      `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, 'Another', 'Campaign', 'Active') RETURNING id`,
      [org.id],
    );
    const theirs = await add({ number: '7185550151', clientId: String(rows[0].id) });
    const own = await add({ number: '7185550152', clientId: String(org.clientId) });
    const wide = await add({ number: '7185550153' });
    const token = await org.tokenFor('Client');
    const listed = (await gql(app, LIST, {}, { token })).data!.optOuts.nodes.map((n: { number: string }) => n.number);
    expect(listed).toContain('7185550152');
    expect(listed).not.toContain('7185550151');
    expect(listed).not.toContain('7185550153');
    expect((await gql(app, GET, { id: own.optOut.id }, { token })).data!.optOut.number).toBe('7185550152');
    for (const hidden of [theirs, wide])
      expect((await gql(app, GET, { id: hidden.optOut.id }, { token })).data!.optOut).toBeNull();
    const denied = await gql(app, ADD, { number: '7185550154', clientId: String(org.clientId) }, { token });
    expect(denied.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const notRemoved = await gql(app, REMOVE, { id: own.optOut.id, reason: 'x' }, { token });
    expect(notRemoved.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('an Agency user adds opt-outs for its clients, never organization-wide ones', async () => {
    const token = await org.tokenFor('Agency');
    const mine = await add({ number: '7185550161', clientId: String(org.clientId) }, token);
    expect(mine.errors).toEqual([]);
    const wide = await add({ number: '7185550162' }, token);
    expect(wide).toEqual({
      optOut: null,
      errors: [{ field: 'clientId', messages: ['Client is required'] }],
      message: null,
    });
    const { rows } = await app.sql(
      "SELECT count(*)::int AS n FROM phones WHERE organization_id = $1 AND number = '7185550162'",
      [org.id],
    );
    expect(rows[0].n).toBe(0);
  });
});
