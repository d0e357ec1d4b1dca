import { listMessages, messages } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../test/harness';
import { createProject, UPDATE_PROJECT, userIdOf } from '../../../test/projects-helpers';

/**
 * Issue 35 §2: a list belongs to the client it was loaded for, and a Client-role user sees only its own client's
 * lists on every path (the list, its rows, its preview, the projects' list picker). The demo's Client-role user
 * opened another client's "Franklin County voters" with every name and phone.
 */

let app: TestApp;
let org: BuiltOrganization;
let admin: string;
let client: string;
let franklinId: number;

const CSV = ['Phone,First Name,Last Name,Precinct', '6145550141,Dana,Whitfield,25-B', '6145550142,Marcus,Oy,25-C'].join(
  '\r\n',
);

async function upload(token: string): Promise<string> {
  const boundary = '----list-clients';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="voters.csv"\r\nContent-Type: text/csv\r\n\r\n${CSV}\r\n--${boundary}--\r\n`,
  );
  const res = await app.api.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().uploadId;
}

const CREATE = `mutation($a: ListAttributes!) { createList(attributes: $a) {
  list { id clientId client { id name } sheets { id } } errors { field messages } } }`;
const SET_COLUMNS = `mutation($l: ID!, $s: ID!) { setListColumns(listId: $l, sheetId: $s, headerRowIndex: 0,
  columnRoles: [Phone, FirstName, LastName, Column]) { errors { field messages } } }`;
const LOAD = `mutation($l: ID!) { loadList(listId: $l, async: false) { errors { field messages } } }`;
const LISTS = `{ lists(first: 50) { totalCount nodes { id name } } }`;
const LIST = `query($id: ID!) { list(id: $id) { id name } }`;
const ROWS = `query($l: String!) { rows(first: 20, filters: [{ field: "listId", operation: Equal, value: $l }]) {
  totalCount nodes { id firstName toPhoneNumber } } }`;
const PREVIEW = `query($l: ID!, $s: ID!) { listPreview(listId: $l, sheetId: $s) }`;

/** A list uploaded, its columns chosen and loaded by `token`'s user, for `clientId` when given; its id and sheet. */
async function loadedList(token: string, name: string, clientId?: number) {
  const created = await gql(
    app,
    CREATE,
    { a: { name, uploadId: await upload(token), ...(clientId ? { clientId: String(clientId) } : {}) } },
    { token },
  );
  expect(created.data?.createList.errors).toEqual([]);
  const list = created.data?.createList.list;
  const set = await gql(app, SET_COLUMNS, { l: list.id, s: list.sheets[0].id }, { token });
  expect(set.data?.setListColumns.errors).toEqual([]);
  const loaded = await gql(app, LOAD, { l: list.id }, { token });
  expect(loaded.data?.loadList.errors).toEqual([]);
  return { id: Number(list.id), sheetId: list.sheets[0].id as string, clientId: list.clientId as string | null };
}

let franklinSheet: string;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'List clients');
  admin = await org.tokenFor('Admin');
  client = await org.tokenFor('Client');
  const { rows } = await app.sql(
    `INSERT INTO clients (organization_id, name, client_type, client_status)
     VALUES ($1, 'Franklin County Democrats', 'Campaign', 'Active') RETURNING id`,
    [org.id],
  );
  const franklin = await loadedList(admin, 'Franklin County voters', Number(rows[0].id));
  franklinId = franklin.id;
  franklinSheet = franklin.sheetId;
}, 60_000);

describe("another client's list", () => {
  it('is not among the lists of a Client-role user, nor opened by its id', async () => {
    const listed = await gql(app, LISTS, {}, { token: client });
    expect(listed.data?.lists.nodes.map((l: { name: string }) => l.name)).not.toContain('Franklin County voters');
    expect((await gql(app, LIST, { id: String(franklinId) }, { token: client })).data?.list).toBeNull();
    // Staff see it.
    expect((await gql(app, LIST, { id: String(franklinId) }, { token: admin })).data?.list.name).toBe(
      'Franklin County voters',
    );
  });

  it('shows none of its rows, and its sheet is not previewed', async () => {
    const rows = await gql(app, ROWS, { l: String(franklinId) }, { token: client });
    expect(rows.data?.rows).toEqual({ totalCount: 0, nodes: [] });
    const staff = await gql(app, ROWS, { l: String(franklinId) }, { token: admin });
    expect(staff.data?.rows.nodes.map((r: { firstName: string }) => r.firstName)).toEqual(['Dana', 'Marcus']);
    const rowId = staff.data?.rows.nodes[0].id;
    expect(
      (await gql(app, 'query($id: ID!) { row(id: $id) { id } }', { id: rowId }, { token: client })).data?.row,
    ).toBe(null);
    const preview = await gql(app, PREVIEW, { l: String(franklinId), s: franklinSheet }, { token: client });
    expect(preview.errors?.[0].message).toBe(messages.notFound);
  });

  it('cannot be picked for a project, as a missing list cannot', async () => {
    const project = await createProject(app, org, admin);
    const picked = await gql(
      app,
      UPDATE_PROJECT,
      { id: project, a: { listId: String(franklinId) } },
      { token: client },
    );
    expect(picked.data?.updateProject.errors).toEqual([{ field: 'listId', messages: ['List not found'] }]);
    expect((await app.sql('SELECT list_id FROM projects WHERE id = $1', [project])).rows[0].list_id).toBeNull();
  });

  it("cannot be made again from another user's upload", async () => {
    const uploadId = await upload(admin);
    const made = await gql(app, CREATE, { a: { name: 'Copy', uploadId } }, { token: client });
    expect(made.data?.createList.errors).toEqual([{ field: 'uploadId', messages: [listMessages.uploadNotFound] }]);
  });
});

describe("a Client-role user's own lists", () => {
  it("are its client's, seen by it and by staff with the client named", async () => {
    const own = await loadedList(client, 'Our supporters');
    expect(own.clientId).toBe(String(org.clientId));
    const listed = await gql(app, LISTS, {}, { token: client });
    expect(listed.data?.lists.nodes.map((l: { name: string }) => l.name)).toEqual(['Our supporters']);
    const rows = await gql(app, ROWS, { l: String(own.id) }, { token: client });
    expect(rows.data?.rows.totalCount).toBe(2);
    const staff = await gql(
      app,
      `query($id: ID!) { list(id: $id) { client { name } } }`,
      { id: String(own.id) },
      {
        token: admin,
      },
    );
    expect(staff.data?.list.client.name).toBe('List clients Client');
  });

  it('still save a project whose list staff loaded for the organization, without picking that list anew', async () => {
    const orgWide = await loadedList(admin, 'Whole organization');
    const project = await createProject(app, org, admin, { listId: String(orgWide.id) });
    // The Texters step saves the project with the list it already has: that is no new pick.
    const saved = await gql(
      app,
      UPDATE_PROJECT,
      { id: project, a: { listId: String(orgWide.id), deliveryType: 'Blast' } },
      { token: client },
    );
    expect(saved.data?.updateProject.errors).toEqual([]);
    expect(saved.data?.updateProject.project.deliveryType).toBe('Blast');
    const managerId = await userIdOf(app, org.emailFor('Manager'));
    // A new pick of it is refused: the organization's lists are staff's.
    const other = await createProject(app, org, admin, { managerId });
    const picked = await gql(app, UPDATE_PROJECT, { id: other, a: { listId: String(orgWide.id) } }, { token: client });
    expect(picked.data?.updateProject.errors).toEqual([{ field: 'listId', messages: ['List not found'] }]);
  });
});
