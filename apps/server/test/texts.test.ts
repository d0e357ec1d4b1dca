import { textMessages } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { createProject, insertPhone, userIdOf } from './projects-helpers';

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let admin: string;
let from: string;
let to: string;
let project: string;
let otherClientProject: string;

const FIELDS = `id body textStatus textType isSendText fromPhoneId toPhoneId projectId texterId texter { id name }
  provider providerColor`;
const CREATE = `mutation($a: TextAttributes!) { createText(attributes: $a) {
  text { ${FIELDS} } errors { field messages } message } }`;
const UPDATE = `mutation($id: ID!, $a: TextAttributes!) { updateText(id: $id, attributes: $a) {
  text { ${FIELDS} } errors { field messages } } }`;
const LIST = `query($f: [FilterInput!], $sortBy: String, $after: String) {
  texts(filters: $f, sortBy: $sortBy, first: 2, after: $after) { nodes { id body } pageInfo { hasNextPage endCursor } } }`;
const GET = `query($id: ID!) { text(id: $id) { ${FIELDS} } }`;

/** A text straight into the table, as the load, sending or a webhook make them; its id. */
async function insertText(values: {
  body: string;
  status?: string;
  type?: string;
  projectId?: string | null;
  fromId?: string | null;
  toId?: string | null;
  texterId?: string | null;
  org?: number;
}): Promise<string> {
  const { rows } = await app.sql(
    `INSERT INTO texts (organization_id, body, text_status, text_type, project_id, from_phone_id, to_phone_id, texter_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      values.org ?? orgA.id,
      values.body,
      values.status ?? 'Ready',
      values.type ?? 'List',
      values.projectId ?? null,
      values.fromId === undefined ? from : values.fromId,
      values.toId === undefined ? to : values.toId,
      values.texterId ?? null,
    ],
  );
  return String(rows[0].id);
}

async function stored(id: string) {
  const { rows } = await app.sql('SELECT body, text_status, text_type, is_send_text FROM texts WHERE id = $1', [id]);
  return rows[0];
}

beforeAll(async () => {
  app = await createTestApp();
  orgA = await buildOrganization(app, 'Texts screens A');
  orgB = await buildOrganization(app, 'Texts screens B');
  admin = await orgA.tokenFor('Admin');
  from = await insertPhone(app, orgA.id, '2125550101');
  await app.sql(`UPDATE phones SET provider = 'Twilio' WHERE id = $1`, [from]);
  to = (
    await app.sql(
      `INSERT INTO phones (organization_id, number, phone_type, phone_status) VALUES ($1, '2125550199', 'ToPhone', 'Active') RETURNING id`,
      [orgA.id],
    )
  ).rows[0].id.toString();
  await app.sql(`INSERT INTO provider_colors (organization_id, provider, color) VALUES ($1, 'Twilio', '#e03131')`, [
    orgA.id,
  ]);
  project = await createProject(app, orgA, admin);
  const { rows } = await app.sql(
    `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, 'Other client', 'Campaign', 'Active') RETURNING id`,
    [orgA.id],
  );
  otherClientProject = await createProject(app, orgA, admin, { clientId: String(rows[0].id) });
});

describe('a text made by hand', () => {
  it('is a Manual text in Ready, with the product words, whatever status and type the call names', async () => {
    const texter = await userIdOf(app, orgA.emailFor('Texter'));
    const res = await gql(
      app,
      CREATE,
      {
        a: { body: 'Hello', fromPhoneId: from, toPhoneId: to, texterId: texter, textStatus: 'Sent', textType: 'List' },
      },
      { token: admin },
    );
    expect(res.data?.createText.errors).toEqual([]);
    expect(res.data?.createText.message).toBe(textMessages.created);
    expect(res.data?.createText.text).toMatchObject({
      body: 'Hello',
      textStatus: 'Ready',
      textType: 'Manual',
      isSendText: false,
      projectId: null,
      texterId: texter,
      texter: { id: texter, name: expect.stringContaining('Texter') },
      // Not sent yet: the provider its from phone goes through, in the organization's colour for it.
      provider: 'Twilio',
      providerColor: '#e03131',
    });
  });

  it("'Save and send' marks it for the dispatch engine", async () => {
    const res = await gql(
      app,
      CREATE,
      { a: { body: 'Go', fromPhoneId: from, toPhoneId: to, isSendText: true } },
      {
        token: admin,
      },
    );
    expect(res.data?.createText.text).toMatchObject({ isSendText: true, textStatus: 'Ready' });
  });

  it('needs a body, a from phone and a to phone, and creates nothing without them', async () => {
    const before = (await app.sql('SELECT count(*)::int AS n FROM texts WHERE organization_id = $1', [orgA.id])).rows[0]
      .n;
    const res = await gql(app, CREATE, { a: { body: ' ' } }, { token: admin });
    const fields = res.data?.createText.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['body', 'fromPhoneId', 'toPhoneId']);
    expect(res.data?.createText.text).toBeNull();
    const after = (await app.sql('SELECT count(*)::int AS n FROM texts WHERE organization_id = $1', [orgA.id])).rows[0]
      .n;
    expect(after).toBe(before);
  });

  it("refuses a texter who is not one of the organization's users", async () => {
    const outsider = await userIdOf(app, orgB.emailFor('Texter'));
    const res = await gql(
      app,
      CREATE,
      { a: { body: 'Hi', fromPhoneId: from, toPhoneId: to, texterId: outsider } },
      {
        token: admin,
      },
    );
    expect(res.data?.createText.errors).toEqual([{ field: 'texterId', messages: ['Texter not found'] }]);
  });
});

describe('editing a text', () => {
  it('while Late, Ready or Sending: saves it, makes it Ready and keeps its type', async () => {
    for (const status of ['Late', 'Ready', 'Sending']) {
      const id = await insertText({ body: 'Before', status, type: 'List', projectId: project });
      const res = await gql(
        app,
        UPDATE,
        { id, a: { body: 'After', textStatus: 'Delivered', textType: 'Manual' } },
        {
          token: admin,
        },
      );
      expect(res.data?.updateText.errors).toEqual([]);
      expect(await stored(id)).toEqual({ body: 'After', text_status: 'Ready', text_type: 'List', is_send_text: false });
    }
  });

  it("'Save and send' on an edit sets the flag", async () => {
    const id = await insertText({ body: 'Before', status: 'Late' });
    await gql(app, UPDATE, { id, a: { body: 'Now', isSendText: true } }, { token: admin });
    expect(await stored(id)).toMatchObject({ body: 'Now', text_status: 'Ready', is_send_text: true });
  });

  it('in any other status is refused with a clear error and changes nothing', async () => {
    for (const status of ['Sent', 'Delivered', 'Received', 'Failed', 'Queued']) {
      const id = await insertText({ body: 'Gone out', status });
      const res = await gql(app, UPDATE, { id, a: { body: 'Changed', isSendText: true } }, { token: admin });
      expect(res.data?.updateText.errors).toEqual([{ field: 'base', messages: [textMessages.notEditable(status)] }]);
      expect(await stored(id)).toEqual({
        body: 'Gone out',
        text_status: status,
        text_type: 'List',
        is_send_text: false,
      });
    }
  });
});

describe('lists of texts', () => {
  let sentFrom: string;
  let other: string;
  beforeAll(async () => {
    sentFrom = await insertPhone(app, orgA.id, '2125550150');
    other = await insertPhone(app, orgA.id, '2125550160');
  });

  it("the organization's texts come newest first, a page at a time", async () => {
    const ids = [];
    for (const body of ['first', 'second', 'third']) ids.push(await insertText({ body, fromId: other, toId: to }));
    const f = [{ field: 'fromPhoneId', operation: 'Equal', value: other }];
    const page1 = await gql(app, LIST, { f }, { token: admin });
    expect(page1.data?.texts.nodes.map((n: { body: string }) => n.body)).toEqual(['third', 'second']);
    const page2 = await gql(app, LIST, { f, after: page1.data?.texts.pageInfo.endCursor }, { token: admin });
    expect(page2.data?.texts.nodes.map((n: { body: string }) => n.body)).toEqual(['first']);
    expect(page2.data?.texts.pageInfo.hasNextPage).toBe(false);
  });

  it("a phone's sent texts are those from it, its received texts those to it, a user's those it texted", async () => {
    const texter = await userIdOf(app, orgA.emailFor('TeamLead'));
    await insertText({ body: 'sent by it', fromId: sentFrom, toId: to, texterId: texter });
    await insertText({ body: 'reply to it', fromId: to, toId: sentFrom, type: 'Reply', status: 'Received' });
    const bodies = async (field: string, value: string) =>
      (await gql(app, LIST, { f: [{ field, operation: 'Equal', value }] }, { token: admin })).data?.texts.nodes.map(
        (n: { body: string }) => n.body,
      );
    expect(await bodies('fromPhoneId', sentFrom)).toEqual(['sent by it']);
    expect(await bodies('toPhoneId', sentFrom)).toEqual(['reply to it']);
    expect(await bodies('texterId', texter)).toEqual(['sent by it']);
  });

  it('sort by status only inside one project, the order its index serves', async () => {
    const everywhere = await gql(app, LIST, { sortBy: 'textStatus' }, { token: admin });
    expect(everywhere.errors?.[0].message).toBe('Cannot sort by textStatus');
    const inProject = await gql(
      app,
      LIST,
      { sortBy: 'textStatus', f: [{ field: 'projectId', operation: 'Equal', value: project }] },
      { token: admin },
    );
    expect(inProject.errors).toBeUndefined();
  });

  it("show a phone's provider in the organization's colour for it", async () => {
    const res = await gql(
      app,
      `query($id: ID!) { phone(id: $id) { provider providerColor } }`,
      { id: from },
      {
        token: admin,
      },
    );
    expect(res.data?.phone).toEqual({ provider: 'Twilio', providerColor: '#e03131' });
  });
});

describe('texts read as texts', () => {
  const READ = `query($f: [FilterInput!]) { texts(filters: $f) { nodes { body message fromPhone { name } toPhone { name } } } }`;

  it('a page shows the message the recipient read: the rendered message, else the body', async () => {
    const rendered = await insertText({ body: 'Hi {firstName}' });
    await app.sql(`UPDATE texts SET rendered_message = 'Hi Ada' WHERE id = $1`, [rendered]);
    const plain = await insertText({ body: 'Typed by hand', type: 'Manual' });
    const f = [{ field: 'id', operation: 'In', arrayValues: [rendered, plain] }];
    const res = await gql(app, READ, { f }, { token: admin });
    expect(res.data?.texts.nodes.map((n: { message: string }) => n.message)).toEqual(['Typed by hand', 'Hi Ada']);
  });

  it('names its numbers to whoever sees the text, even one who may not open the phones themselves', async () => {
    const id = await insertText({ body: 'Numbers' });
    const f = [{ field: 'id', operation: 'Equal', value: id }];
    // A team lead reads texts but has no View on Phone.
    const res = await gql(app, READ, { f }, { token: await orgA.tokenFor('TeamLead') });
    expect(res.data?.texts.nodes).toEqual([
      { body: 'Numbers', message: 'Numbers', fromPhone: { name: '2125550101' }, toPhone: { name: '2125550199' } },
    ]);
    // Its own number still does not open to it.
    const phone = await gql(
      app,
      `query($id: ID!) { phone(id: $id) { id } }`,
      { id: from },
      {
        token: await orgA.tokenFor('TeamLead'),
      },
    );
    expect(phone.data?.phone ?? null).toBeNull();
  });
});

describe('texts are seen and changed only by who may', () => {
  let own: string;
  let otherClients: string;
  let noProject: string;
  beforeAll(async () => {
    own = await insertText({ body: 'own client', projectId: project });
    otherClients = await insertText({ body: 'other client', projectId: otherClientProject });
    noProject = await insertText({ body: 'no project', type: 'Manual' });
  });

  it('a user of another organization can neither list, read nor change them', async () => {
    const tokenB = await orgB.tokenFor('Admin');
    await insertText({ body: 'of B', org: orgB.id, fromId: null, toId: null });
    const listed = await gql(app, LIST, {}, { token: tokenB });
    expect(listed.data?.texts.nodes.map((n: { body: string }) => n.body)).toEqual(['of B']);
    expect((await gql(app, GET, { id: own }, { token: tokenB })).data?.text).toBeNull();
    const res = await gql(app, UPDATE, { id: own, a: { body: 'Taken over' } }, { token: tokenB });
    expect(res.data?.updateText.text).toBeNull();
    expect(res.data?.updateText.errors).toEqual([{ field: 'base', messages: ['Not found'] }]);
    expect(await stored(own)).toMatchObject({ body: 'own client' });
  });

  it("a Client-role user sees only the texts of its own client's projects, and cannot change them", async () => {
    const client = await orgA.tokenFor('Client');
    const f = [{ field: 'id', operation: 'In', arrayValues: [own, otherClients, noProject] }];
    const listed = await gql(app, LIST, { f }, { token: client });
    expect(listed.data?.texts.nodes.map((n: { body: string }) => n.body)).toEqual(['own client']);
    expect((await gql(app, GET, { id: otherClients }, { token: client })).data?.text).toBeNull();
    expect((await gql(app, GET, { id: own }, { token: client })).data?.text.body).toBe('own client');
    const res = await gql(app, UPDATE, { id: own, a: { body: 'Changed' } }, { token: client });
    expect(res.data?.updateText ?? null).toBeNull();
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await stored(own)).toMatchObject({ body: 'own client' });
  });

  it("a texter sees the texts of its own projects, not the organization's replies; a manager sees them all", async () => {
    const texterId = await userIdOf(app, orgA.emailFor('Texter'));
    await app.sql(`INSERT INTO project_texters (organization_id, project_id, user_id) VALUES ($1, $2, $3)`, [
      orgA.id,
      project,
      texterId,
    ]);
    const reply = await insertText({ body: 'a reply', type: 'Reply', status: 'Received' });
    const f = [{ field: 'id', operation: 'In', arrayValues: [own, otherClients, noProject, reply] }];
    const page = `query($f: [FilterInput!]) { texts(filters: $f, first: 10) { nodes { body } } }`;
    const bodiesFor = async (token: string) =>
      (await gql(app, page, { f }, { token })).data?.texts.nodes.map((n: { body: string }) => n.body);
    const texter = await orgA.tokenFor('Texter');
    expect(await bodiesFor(texter)).toEqual(['own client']);
    expect((await gql(app, GET, { id: reply }, { token: texter })).data?.text).toBeNull();
    const manager = await orgA.tokenFor('Manager');
    expect((await bodiesFor(manager)).sort()).toEqual(['a reply', 'no project', 'other client', 'own client']);
  });
});
