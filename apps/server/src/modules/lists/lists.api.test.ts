import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { listErrorMessages, listMessages, messages } from '@canvass/domain';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, insertTask, type BuiltOrganization } from '../../../test/factories';
import { freePort } from '../../../test/free-port';
import { createTestApp, gql, type TestApp } from '../../../test/harness';
import { startMockGoogle, type MockGoogle } from '../../../test/mock-google';
import { createWorker } from '../../app';
import { releaseRunLock, takeRunLock } from '../../platform/jobs/run-lock';
import { saveGoogleAuthorization } from '../google/google-authorization.service';
import { ALREADY_LOADING } from './run-list-load';
import { workbookBytes } from './sources/source-testing';

let app: TestApp;
let worker: Runner;
let org: BuiltOrganization;
let other: BuiltOrganization;
let token: string;
let otherToken: string;
let google: MockGoogle;

const MAX_UPLOAD = 256 * 1024;
const CSV = [
  'Exported by the CRM,,,',
  'Mobile,First Name,Last Name,Precinct',
  '(212) 555-0101,Ada,Lovelace,12',
  '212.555.0102,Bob,Ray,13',
  '415-555-0103,Cy,Young,"14, north"',
  '(212) 555-0101,Ada,Again,12',
].join('\r\n');

function multipart(filename: string, body: string | Buffer) {
  const boundary = '----canvass-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(bearer: string | null, filename = 'voters.csv', body: string | Buffer = CSV) {
  const { payload, headers } = multipart(filename, body);
  return app.api.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
  });
}

const LIST_FIELDS = `id name listStatus loadErrorMessage rowsCount validRowsCount invalidRowsCount duplicateRowsCount
  optedOutRowsCount doNotContactRowsCount optimizedRowsCount optimizedPercent sheetId
  sheets { id name headerRow headerRowIndex columnRoles } loadTask { id status processed total }`;

async function createList(bearer: string, attributes: Record<string, unknown>) {
  return gql(
    app,
    `mutation($a: ListAttributes!) { createList(attributes: $a) { list { ${LIST_FIELDS} } errors { field messages } } }`,
    { a: attributes },
    { token: bearer },
  );
}

const SET_COLUMNS = `mutation($listId: ID!, $sheetId: ID!, $h: Int!, $roles: [ListColumnRole!]!) {
  setListColumns(listId: $listId, sheetId: $sheetId, headerRowIndex: $h, columnRoles: $roles) {
    list { ${LIST_FIELDS} } errors { field messages } message } }`;
const LOAD = `mutation($listId: ID!, $async: Boolean) { loadList(listId: $listId, async: $async) {
  list { ${LIST_FIELDS} } errors { field messages } message } }`;
const PREVIEW = `query($listId: ID!, $sheetId: ID!, $limit: Int) { listPreview(listId: $listId, sheetId: $sheetId, limit: $limit) }`;
const ROWS = `query($listId: String!) { rows(first: 20, filters: [{ field: "listId", operation: Equal, value: $listId }]) {
  totalCount nodes { position toPhoneNumber firstName lastName state rowStatus } } }`;

/** An uploaded CSV made into a list with its columns chosen: what most checks start from. */
async function readyList(bearer = token) {
  const uploaded = await upload(bearer);
  const created = await createList(bearer, { name: 'Voters', uploadId: uploaded.json().uploadId });
  const list = created.data?.createList.list;
  const set = await gql(
    app,
    SET_COLUMNS,
    { listId: list.id, sheetId: list.sheets[0].id, h: 1, roles: ['Phone', 'FirstName', 'LastName', 'Column'] },
    { token: bearer },
  );
  expect(set.data?.setListColumns.errors).toEqual([]);
  return set.data?.setListColumns.list;
}

beforeAll(async () => {
  google = await startMockGoogle('canvass-lists-test', 'lists-secret');
  app = await createTestApp({
    UPLOAD_MAX_BYTES: String(MAX_UPLOAD),
    WORKER_CONCURRENCY: '1',
    GOOGLE_CLIENT_ID: 'canvass-lists-test',
    GOOGLE_CLIENT_SECRET: 'lists-secret',
    GOOGLE_OAUTH_AUTH_URL: google.authUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    GOOGLE_SHEETS_ROOT_URL: google.url,
  });
  worker = await createWorker(app.platform);
  org = await buildOrganization(app, 'Lists');
  other = await buildOrganization(app, 'Other lists');
  token = await org.tokenFor('Admin');
  otherToken = await other.tokenFor('Admin');
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await google?.close();
});

describe('POST /api/uploads', () => {
  it('stores the file and answers its upload id', async () => {
    const res = await upload(token);
    expect(res.statusCode).toBe(200);
    const { rows } = await app.sql('SELECT organization_id, filename, size, storage_key FROM uploads WHERE id = $1', [
      res.json().uploadId,
    ]);
    expect(rows[0]).toMatchObject({ organization_id: org.id, filename: 'voters.csv', size: Buffer.byteLength(CSV) });
    const stored = await new Response(Readable.toWeb(app.platform.storage.read(rows[0].storage_key)) as never).text();
    expect(stored).toBe(CSV);
  });

  it('requires a signed-in user allowed to create lists', async () => {
    expect((await upload(null)).statusCode).toBe(401);
    expect((await upload('not-a-token')).statusCode).toBe(401);
    const texter = await upload(await org.tokenFor('Texter'));
    expect(texter.statusCode).toBe(403);
    expect(texter.json().error).toBe(messages.notAuthorized);
  });

  it('refuses a file over the size limit with a clear 413, and keeps nothing', async () => {
    const files = () => fs.readdirSync(path.join(app.platform.config.filesDir, 'uploads', String(org.id))).length;
    const filesBefore = files();
    const { rows: before } = await app.sql('SELECT count(*)::int AS n FROM uploads');
    const res = await upload(token, 'big.csv', Buffer.alloc(MAX_UPLOAD + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(listMessages.uploadTooLarge(MAX_UPLOAD));
    const { rows: after } = await app.sql('SELECT count(*)::int AS n FROM uploads');
    expect(after[0].n).toBe(before[0].n);
    expect(files()).toBe(filesBefore);
  });

  it('streams: a body many times the size of the memory it may use goes to storage without growing the heap', async () => {
    const big = await createTestApp({ UPLOAD_MAX_BYTES: String(400 * 1024 * 1024) });
    const port = await freePort();
    await big.api.listen({ port, host: '127.0.0.1' });
    const bigOrg = await buildOrganization(big, 'Big upload');
    const bearer = await bigOrg.tokenFor('Admin');
    const size = 300 * 1024 * 1024;
    const boundary = 'big-boundary';
    const chunk = Buffer.alloc(1024 * 1024, '2125550101,Ada,Lovelace\n');
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      );
      for (let sent = 0; sent < size; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/uploads',
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${bearer}` },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      Readable.from(body()).pipe(req);
    });
    clearInterval(sampler);
    expect(answer.status, answer.body).toBe(200);
    const { rows } = await big.sql('SELECT size FROM uploads WHERE id = $1', [JSON.parse(answer.body).uploadId]);
    expect(Number(rows[0].size)).toBe(size);
    // The server ran in this process: its heap grew by far less than the 300 MB that went through it.
    expect(heapPeak - heapBefore).toBeLessThan(100 * 1024 * 1024);
  }, 120_000);
});

describe('a list from an uploaded CSV', () => {
  it('createList records the sheet with its first row as header; the preview shows the first rows', async () => {
    const uploaded = await upload(token);
    const res = await createList(token, { name: 'Voters', uploadId: uploaded.json().uploadId });
    expect(res.data?.createList.errors).toEqual([]);
    const list = res.data?.createList.list;
    expect(list).toMatchObject({ name: 'Voters', listStatus: 'Setup', rowsCount: 0, optimizedPercent: 0 });
    expect(list.sheets).toEqual([
      {
        id: expect.any(String),
        name: 'voters',
        headerRow: ['Exported by the CRM', '', '', ''],
        headerRowIndex: 0,
        columnRoles: [],
      },
    ]);
    const preview = await gql(app, PREVIEW, { listId: list.id, sheetId: list.sheets[0].id, limit: 3 }, { token });
    expect(preview.data?.listPreview).toEqual([
      ['Exported by the CRM', '', '', ''],
      ['Mobile', 'First Name', 'Last Name', 'Precinct'],
      ['(212) 555-0101', 'Ada', 'Lovelace', '12'],
    ]);
  });

  it('a list needs a Google Sheet key unless a file was uploaded, and the upload must be its own', async () => {
    const none = await createList(token, { name: 'Nothing' });
    expect(none.data?.createList.errors).toEqual([
      { field: 'googleSheetKey', messages: [listMessages.sheetOrUploadRequired] },
    ]);
    const theirs = (await upload(otherToken)).json().uploadId;
    const stolen = await createList(token, { name: 'Stolen', uploadId: theirs });
    expect(stolen.data?.createList.errors).toEqual([{ field: 'uploadId', messages: [listMessages.uploadNotFound] }]);
    const { rows } = await app.sql(`SELECT 1 FROM lists WHERE name IN ('Nothing', 'Stolen')`);
    expect(rows).toEqual([]);
  });

  it('a failed list takes its file again: its sheets read afresh, its error cleared, and it loads', async () => {
    // A list whose file is gone from storage: the create leaves it in ErrorFileNotFound.
    // Sent by the admin itself: only an upload's sender may make a list of it.
    const { rows: gone } = await app.sql(
      `INSERT INTO uploads (organization_id, storage_key, filename, size, user_id)
       SELECT $1, 'uploads/gone', 'gone.csv', 9, id FROM users WHERE email = $2 RETURNING id`,
      [org.id, org.emailFor('Admin')],
    );
    const created = await createList(token, { name: 'Lost file', uploadId: String(gone[0].id) });
    const failed = created.data?.createList.list;
    expect(failed).toMatchObject({ listStatus: 'ErrorFileNotFound', sheets: [] });

    const REPLACE = `mutation($listId: ID!, $uploadId: ID!) { replaceListFile(listId: $listId, uploadId: $uploadId) {
      list { ${LIST_FIELDS} uploadFilename } errors { field messages } message } }`;
    const foreign = (await upload(otherToken)).json().uploadId;
    const stolen = await gql(app, REPLACE, { listId: failed.id, uploadId: foreign }, { token });
    expect(stolen.data?.replaceListFile.errors).toEqual([
      { field: 'uploadId', messages: [listMessages.uploadNotFound] },
    ]);

    // Nor another user's of the same organization: its file may hold another client's recipients.
    const colleagues = (await upload(await org.tokenFor('Manager'))).json().uploadId;
    const borrowed = await gql(app, REPLACE, { listId: failed.id, uploadId: colleagues }, { token });
    expect(borrowed.data?.replaceListFile.errors).toEqual([
      { field: 'uploadId', messages: [listMessages.uploadNotFound] },
    ]);

    const again = (await upload(token, 'voters-again.csv')).json().uploadId;
    const replaced = await gql(app, REPLACE, { listId: failed.id, uploadId: again }, { token });
    expect(replaced.data?.replaceListFile).toMatchObject({ errors: [], message: listMessages.fileReplaced });
    const list = replaced.data?.replaceListFile.list;
    expect(list).toMatchObject({ listStatus: 'Setup', loadErrorMessage: null, uploadFilename: 'voters-again.csv' });
    expect(list.sheets).toHaveLength(1);
    const roles = ['Phone', 'FirstName', 'LastName', 'Column'];
    await gql(app, SET_COLUMNS, { listId: list.id, sheetId: list.sheets[0].id, h: 1, roles }, { token });
    const loaded = await gql(app, LOAD, { listId: list.id, async: false }, { token });
    expect(loaded.data?.loadList.list).toMatchObject({ listStatus: 'Loaded', rowsCount: 4 });
  });

  it("a list's rows filter by their status: Valid, Invalid, Duplicate", async () => {
    const list = await readyList();
    await gql(app, LOAD, { listId: list.id, async: false }, { token });
    const BY_STATUS = `query($listId: String!, $s: String!) { rows(first: 20, filters: [
      { field: "listId", operation: Equal, value: $listId }, { field: "rowStatus", operation: Equal, value: $s }]) {
      totalCount nodes { position rowStatus } } }`;
    const of = async (s: string) => (await gql(app, BY_STATUS, { listId: list.id, s }, { token })).data?.rows;
    expect(await of('Duplicate')).toEqual({ totalCount: 1, nodes: [{ position: 4, rowStatus: 'Duplicate' }] });
    expect((await of('Valid')).totalCount).toBe(3);
    expect(await of('Invalid')).toEqual({ totalCount: 0, nodes: [] });
  });

  it('setListColumns saves the header row and roles; the kept columns are named by the header', async () => {
    const list = await readyList();
    expect(list.sheetId).toBe(list.sheets[0].id);
    expect(list.sheets[0]).toMatchObject({
      headerRowIndex: 1,
      columnRoles: ['Phone', 'FirstName', 'LastName', 'Column'],
      headerRow: ['Precinct'],
    });
  });

  it('setListColumns refuses a choice the load would refuse, in the same words, and changes nothing', async () => {
    const list = await readyList();
    const sheetId = list.sheets[0].id;
    const cases: [number, string[], string, string][] = [
      [1, ['Phone', 'Phone', 'Skip', 'Skip'], 'columnRoles', listErrorMessages.ErrorMultiplePhoneNumbersSelected],
      [1, ['Column', 'Skip', 'Skip', 'Skip'], 'columnRoles', listErrorMessages.ErrorUnableToSelectAPhoneNumber],
      [1, ['Phone', 'FirstName', 'FirstName', 'Skip'], 'columnRoles', listErrorMessages.ErrorMultipleNamesSelected],
      [1, ['Phone', 'LastName', 'LastName', 'Skip'], 'columnRoles', listErrorMessages.ErrorMultipleLastNamesSelected],
      [1, ['Phone', 'Skip'], 'columnRoles', listMessages.columnRolesCount(4)],
      [40, ['Phone', 'Skip', 'Skip', 'Skip'], 'headerRowIndex', listMessages.headerRowOutside],
    ];
    for (const [h, roles, field, message] of cases) {
      const res = await gql(app, SET_COLUMNS, { listId: list.id, sheetId, h, roles }, { token });
      expect(res.data?.setListColumns.errors, message).toEqual([{ field, messages: [message] }]);
    }
    const { rows } = await app.sql('SELECT column_roles::text[] AS roles, header_row_index FROM sheets WHERE id = $1', [
      sheetId,
    ]);
    expect(rows[0]).toEqual({ roles: ['Phone', 'FirstName', 'LastName', 'Column'], header_row_index: 1 });
  });

  it('loadList inline loads the rows: counts, optimized percent, rows page of 20', async () => {
    const list = await readyList();
    const res = await gql(app, LOAD, { listId: list.id, async: false }, { token });
    expect(res.data?.loadList).toMatchObject({ errors: [], message: listMessages.loaded });
    expect(res.data?.loadList.list).toMatchObject({
      listStatus: 'Loaded',
      rowsCount: 4,
      validRowsCount: 3,
      invalidRowsCount: 0,
      duplicateRowsCount: 1,
      optimizedRowsCount: 3,
      optimizedPercent: 25,
    });
    const rows = await gql(app, ROWS, { listId: list.id }, { token });
    expect(rows.data?.rows.nodes).toEqual([
      {
        position: 1,
        toPhoneNumber: '2125550101',
        firstName: 'Ada',
        lastName: 'Lovelace',
        state: 'NY',
        rowStatus: 'Valid',
      },
      {
        position: 2,
        toPhoneNumber: '2125550102',
        firstName: 'Bob',
        lastName: 'Ray',
        state: 'NY',
        rowStatus: 'Valid',
      },
      { position: 3, toPhoneNumber: '4155550103', firstName: 'Cy', lastName: 'Young', state: 'CA', rowStatus: 'Valid' },
      {
        position: 4,
        toPhoneNumber: '2125550101',
        firstName: 'Ada',
        lastName: 'Again',
        state: 'NY',
        rowStatus: 'Duplicate',
      },
    ]);
    const { rows: kept } = await app.sql('SELECT column_one FROM rows WHERE list_id = $1 ORDER BY position', [list.id]);
    expect(kept.map((r) => r.column_one)).toEqual(['12', '13', '14, north', '12']);
  });

  it("the rows tab reads the kept columns from the rows, named by the sheet's header; the file is named", async () => {
    const list = await readyList();
    await gql(app, LOAD, { listId: list.id, async: false }, { token });
    const res = await gql(
      app,
      `query($id: ID!, $listId: String!) { list(id: $id) { uploadFilename rowColumns { field header } }
        rows(first: 20, filters: [{ field: "listId", operation: Equal, value: $listId }]) { nodes { columnOne columnTwo } } }`,
      { id: list.id, listId: list.id },
      { token },
    );
    expect(res.data?.list.rowColumns).toEqual([{ field: 'columnOne', header: 'Precinct' }]);
    // The overview names the file the list came from.
    expect(res.data?.list.uploadFilename).toBe('voters.csv');
    expect(res.data?.rows.nodes.map((r: { columnOne: string }) => r.columnOne)).toEqual([
      '12',
      '13',
      '14, north',
      '12',
    ]);
    expect(res.data?.rows.nodes[0].columnTwo).toBeNull();

    // A new column choice names the next load's columns; the rows there keep the names they were loaded with.
    const rowColumns = async () =>
      (await gql(app, `query($id: ID!) { list(id: $id) { rowColumns { header } } }`, { id: list.id }, { token })).data
        ?.list.rowColumns;
    const chosen = await gql(
      app,
      SET_COLUMNS,
      { listId: list.id, sheetId: list.sheets[0].id, h: 1, roles: ['Phone', 'FirstName', 'Column', 'Column'] },
      { token },
    );
    expect(chosen.data?.setListColumns.errors).toEqual([]);
    expect(await rowColumns()).toEqual([{ header: 'Precinct' }]);
    await gql(app, LOAD, { listId: list.id, async: false }, { token });
    expect(await rowColumns()).toEqual([{ header: 'Last Name' }, { header: 'Precinct' }]);
  });

  it("the rows tab pages one list's rows in sheet order, where another list's rows fall among its ids too", async () => {
    const [mine, theirs] = [await readyList(), await readyList()];
    for (const list of [mine, theirs]) await gql(app, LOAD, { listId: list.id, async: false }, { token });
    // Two loads at once take their ids in turns: spread this list's ids and put the other list's rows between them,
    // as such a pair of loads leaves them. (An identity column is moved by deleting and inserting the rows again.)
    const respace = (listId: string, offset: number) =>
      app.sql(
        `WITH gone AS (DELETE FROM rows WHERE list_id = $1 RETURNING *)
         INSERT INTO rows OVERRIDING SYSTEM VALUE
         SELECT (jsonb_populate_record(NULL::rows, to_jsonb(g) || jsonb_build_object('id', g.id + 10000000 * g.position + $2))).*
           FROM gone g`,
        [listId, offset],
      );
    await respace(mine.id, 0);
    await respace(theirs.id, 5_000_000);
    await app.sql(
      `UPDATE lists SET first_row_id = r.first, last_row_id = r.last
         FROM (SELECT min(id) AS first, max(id) AS last FROM rows WHERE list_id = $1) r WHERE id = $1`,
      [mine.id],
    );
    const page = (after: string | null) =>
      gql(
        app,
        `query($listId: String!, $after: String) {
          rows(first: 3, after: $after, filters: [{ field: "listId", operation: Equal, value: $listId }]) {
            totalCount pageInfo { hasNextPage endCursor } nodes { position lastName } } }`,
        { listId: mine.id, after },
        { token },
      );
    const first = (await page(null)).data?.rows;
    expect(first.totalCount).toBe(4);
    expect(first.nodes).toEqual([
      { position: 1, lastName: 'Lovelace' },
      { position: 2, lastName: 'Ray' },
      { position: 3, lastName: 'Young' },
    ]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await page(first.pageInfo.endCursor)).data?.rows;
    expect(second.nodes).toEqual([{ position: 4, lastName: 'Again' }]);
    expect(second.pageInfo.hasNextPage).toBe(false);

    // A reload replaces exactly this list's rows: the other list's, inside the old range, stay.
    await gql(app, LOAD, { listId: mine.id, async: false }, { token });
    const counts = await app.sql(
      `SELECT list_id, count(*)::int AS n FROM rows WHERE list_id IN ($1, $2) GROUP BY list_id ORDER BY list_id`,
      [mine.id, theirs.id],
    );
    expect(counts.rows).toEqual([
      { list_id: Number(mine.id), n: 4 },
      { list_id: Number(theirs.id), n: 4 },
    ]);
    expect((await page(null)).data?.rows.nodes.map((r: { position: number }) => r.position)).toEqual([1, 2, 3]);
  });

  it('loadList in the background goes through its task to Loaded, the task showing the rows processed', async () => {
    const list = await readyList();
    const res = await gql(app, LOAD, { listId: list.id }, { token });
    expect(res.data?.loadList).toMatchObject({ errors: [], message: listMessages.loadStarted });
    // The worker may already have picked the job up by the time the list is read back.
    expect(['Submitted', 'AwaitingLoad', 'Loading', 'LoadingPhones', 'Loaded']).toContain(
      res.data?.loadList.list.listStatus,
    );
    expect(res.data?.loadList.list.loadTask).toMatchObject({ id: expect.any(String) });
    const GET = `query($id: ID!) { list(id: $id) { ${LIST_FIELDS} } }`;
    const deadline = Date.now() + 20_000;
    let got = (await gql(app, GET, { id: list.id }, { token })).data?.list;
    // The list reads Loaded when the load commits; its task is Done a moment later, when the job returns.
    while ((got.listStatus !== 'Loaded' || got.loadTask?.status !== 'Done') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      got = (await gql(app, GET, { id: list.id }, { token })).data?.list;
    }
    expect(got).toMatchObject({
      listStatus: 'Loaded',
      rowsCount: 4,
      loadTask: { status: 'Done', processed: 4, total: 4 },
    });
  });

  it('a list used by an active project cannot be reloaded', async () => {
    const list = await readyList();
    await gql(app, LOAD, { listId: list.id, async: false }, { token });
    const { rows: users } = await app.sql('SELECT id FROM users WHERE email = $1', [org.emailFor('Admin')]);
    // Values, not subqueries: Citus takes no subquery in an INSERT (this file runs in the Citus suite too).
    const { rows: types } = await app.sql('SELECT (enum_range(NULL::project_type))[1] AS t');
    await app.sql(
      `INSERT INTO projects (organization_id, name, message, project_type, client_id, manager_id, list_id, project_status)
       VALUES ($1, 'GOTV', 'Hi', $5, $2, $3, $4, 'Live')`,
      [org.id, org.clientId, users[0].id, list.id, types[0].t],
    );
    const res = await gql(app, LOAD, { listId: list.id, async: false }, { token });
    const message = listErrorMessages.ErrorSheetIsInUseByAProject;
    expect(res.data?.loadList.errors).toEqual([{ field: 'base', messages: [message] }]);
    expect(res.data?.loadList.list).toMatchObject({
      listStatus: 'ErrorSheetIsInUseByAProject',
      loadErrorMessage: message,
      rowsCount: 4,
    });
  });
});

describe('a load that died', () => {
  it('a list left loading by a worker that died loads again, its abandoned task closed; a live load is refused', async () => {
    const list = await readyList();
    await gql(app, LOAD, { listId: list.id, async: false }, { token });
    // What a worker killed mid-load leaves: the list Loading and its task Running, no run holding the list's lock.
    const deadTask = await insertTask(app, org.id, org.emailFor('Admin'), 'loadList');
    await app.sql(`UPDATE lists SET list_status = 'Loading', load_task_id = $2 WHERE id = $1`, [list.id, deadTask]);

    // While a run holds the lock the list is loading: a second load and a new column choice wait.
    const lock = await app.platform.database.pool.connect();
    try {
      expect(await takeRunLock(lock, 'list_load', Number(list.id))).toBe(true);
      const refused = await gql(app, LOAD, { listId: list.id, async: false }, { token });
      expect(refused.data?.loadList.errors).toEqual([{ field: 'base', messages: [ALREADY_LOADING] }]);
      const columns = await gql(
        app,
        SET_COLUMNS,
        { listId: list.id, sheetId: list.sheets[0].id, h: 1, roles: ['Phone', 'FirstName', 'LastName', 'Column'] },
        { token },
      );
      expect(columns.data?.setListColumns.errors).toEqual([{ field: 'base', messages: [ALREADY_LOADING] }]);
    } finally {
      await releaseRunLock(lock, 'list_load', Number(list.id));
      lock.release();
    }

    // Its worker gone, the lock is free: the list loads again, with the rows it had.
    const again = await gql(app, LOAD, { listId: list.id, async: false }, { token });
    expect(again.data?.loadList).toMatchObject({ errors: [], list: { listStatus: 'Loaded', rowsCount: 4 } });
    const dead = await app.sql('SELECT status, error_message FROM background_tasks WHERE id = $1', [deadTask]);
    expect(dead.rows[0]).toEqual({
      status: 'Failed',
      error_message: 'The load stopped before it finished (its worker ended); the list kept its previous rows',
    });
  });
});

describe('deleting a list', () => {
  it('takes its rows and sheets with it', async () => {
    const list = await readyList();
    await gql(app, LOAD, { listId: list.id, async: false }, { token });
    const res = await gql(
      app,
      'mutation($id: ID!) { destroyList(id: $id) { errors { field messages } message } }',
      { id: list.id },
      { token },
    );
    expect(res.data?.destroyList).toEqual({ errors: [], message: 'The list has been deleted successfully' });
    for (const table of ['rows', 'sheets']) {
      const { rows } = await app.sql(`SELECT count(*)::int AS n FROM ${table} WHERE list_id = $1`, [list.id]);
      expect(rows[0].n, table).toBe(0);
    }
  });
});

describe('another organization', () => {
  it('cannot read, preview, set the columns of or load a list, nor read its rows', async () => {
    const list = await readyList();
    await gql(app, LOAD, { listId: list.id, async: false }, { token });
    const sheetId = list.sheets[0].id;
    const got = await gql(app, `query($id: ID!) { list(id: $id) { id } }`, { id: list.id }, { token: otherToken });
    expect(got.data?.list).toBeNull();
    const preview = await gql(app, PREVIEW, { listId: list.id, sheetId }, { token: otherToken });
    expect(preview.errors?.[0].message).toBe(messages.notFound);
    const set = await gql(
      app,
      SET_COLUMNS,
      { listId: list.id, sheetId, h: 0, roles: ['Phone', 'Skip', 'Skip', 'Skip'] },
      { token: otherToken },
    );
    expect(set.data?.setListColumns.errors).toEqual([{ field: 'base', messages: [messages.notFound] }]);
    const load = await gql(app, LOAD, { listId: list.id, async: false }, { token: otherToken });
    expect(load.data?.loadList.errors).toEqual([{ field: 'base', messages: [messages.notFound] }]);
    const rows = await gql(app, ROWS, { listId: list.id }, { token: otherToken });
    expect(rows.data?.rows).toEqual({ totalCount: 0, nodes: [] });
    const { rows: mine } = await app.sql(
      `SELECT list_status, header_row_index
         FROM lists JOIN sheets ON sheets.organization_id = lists.organization_id AND sheets.id = lists.sheet_id
        WHERE lists.id = $1`,
      [list.id],
    );
    expect(mine[0]).toEqual({ list_status: 'Loaded', header_row_index: 1 });
  });
});

/** Creates a list from `attributes`, chooses the columns of its sheet `sheetIndex`, and loads it inline. */
async function loadedList(attributes: Record<string, unknown>, sheetIndex: number, roles: string[], headerRow = 0) {
  const created = await createList(token, attributes);
  expect(created.data?.createList.errors).toEqual([]);
  const list = created.data?.createList.list;
  const sheetId = list.sheets[sheetIndex].id;
  const set = await gql(app, SET_COLUMNS, { listId: list.id, sheetId, h: headerRow, roles }, { token });
  expect(set.data?.setListColumns.errors).toEqual([]);
  const loaded = await gql(app, LOAD, { listId: list.id, async: false }, { token });
  expect(loaded.data?.loadList.errors).toEqual([]);
  const rows = await gql(app, ROWS, { listId: list.id }, { token });
  return { list: loaded.data?.loadList.list, created: list, rows: rows.data?.rows.nodes };
}

describe('every kind of source, through the API', () => {
  it('an XLSX upload lists its sheets and loads the chosen one, numeric phones and accents intact', async () => {
    const xlsx = await workbookBytes((book) => {
      book.addWorksheet('Notes').addRow(['nothing here']).commit();
      const people = book.addWorksheet('People');
      people.addRow(['Cell', 'First', 'Last']).commit();
      people.addRow([2125550141, 'José', 'Núñez']).commit();
      people.addRow(['(415) 555-0142', 'Zoë', 'Brontë']).commit();
      people.commit();
    });
    const uploaded = await upload(token, 'people.xlsx', xlsx);
    const { list, created, rows } = await loadedList({ name: 'Workbook', uploadId: uploaded.json().uploadId }, 1, [
      'Phone',
      'FirstName',
      'LastName',
    ]);
    expect(created.sheets.map((sheet: { name: string }) => sheet.name)).toEqual(['Notes', 'People']);
    expect(list).toMatchObject({ listStatus: 'Loaded', rowsCount: 2, validRowsCount: 2 });
    expect(rows).toMatchObject([
      { toPhoneNumber: '2125550141', firstName: 'José', lastName: 'Núñez', state: 'NY' },
      { toPhoneNumber: '4155550142', firstName: 'Zoë', lastName: 'Brontë', state: 'CA' },
    ]);
  });

  it('a Windows-1252 CSV with semicolons loads with its names as written', async () => {
    const csv = Buffer.from('Phone;Name\r\n(617) 555-0143;Jos\xe9\r\n', 'latin1');
    const uploaded = await upload(token, 'excel-export.csv', csv);
    const { list, rows } = await loadedList({ name: 'Legacy', uploadId: uploaded.json().uploadId }, 0, [
      'Phone',
      'FirstName',
    ]);
    expect(list).toMatchObject({ listStatus: 'Loaded', rowsCount: 1 });
    expect(rows).toMatchObject([{ toPhoneNumber: '6175550143', firstName: 'José', state: 'MA' }]);
  });

  it('a file that cannot be a list is refused at upload, saying why, and nothing is kept', async () => {
    const uploadsBefore = (await app.sql('SELECT count(*)::int AS n FROM uploads')).rows[0].n;
    const dir = path.join(app.platform.config.filesDir, 'uploads', String(org.id));
    const stored = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
    const filesBefore = stored();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const refusals = [
      [await upload(token, 'photo.csv', png), /^The file is not a spreadsheet: it looks like a PNG image\./],
      [await upload(token, 'empty.csv', ''), /^The file is empty/],
      [await upload(token, 'header.csv', 'Phone,First Name\r\n'), /has a header row but no rows below it/],
    ] as const;
    for (const [res, reason] of refusals) {
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(reason);
    }
    expect((await app.sql('SELECT count(*)::int AS n FROM uploads')).rows[0].n).toBe(uploadsBefore);
    expect(stored()).toBe(filesBefore);
  });

  it("a Google Sheet loads with the user's Google authorization; without one the list asks to sign in", async () => {
    google.addSpreadsheet(
      'voters-sheet',
      [
        {
          sheetId: 7,
          title: 'Voters',
          rows: [
            ['Phone', 'First'],
            ['(312) 555-0144', 'Ida'],
          ],
        },
      ],
      ['admin@gmail.test'],
    );
    const unconnected = await createList(token, { name: 'Sheet', googleSheetKey: 'voters-sheet' });
    expect(unconnected.data?.createList.list).toMatchObject({
      listStatus: 'ErrorSignInWithGoogle',
      loadErrorMessage: listErrorMessages.ErrorSignInWithGoogle,
    });

    const { rows: users } = await app.sql('SELECT id FROM users WHERE email = $1', [org.emailFor('Admin')]);
    await saveGoogleAuthorization(app.platform, Number(users[0].id), {
      refreshToken: google.issueRefreshToken('admin@gmail.test'),
      email: 'admin@gmail.test',
    });
    const { list, created, rows } = await loadedList({ name: 'Sheet', googleSheetKey: 'voters-sheet' }, 0, [
      'Phone',
      'FirstName',
    ]);
    expect(created.sheets.map((sheet: { name: string }) => sheet.name)).toEqual(['Voters']);
    expect(list).toMatchObject({ listStatus: 'Loaded', rowsCount: 1, validRowsCount: 1 });
    expect(rows).toMatchObject([{ toPhoneNumber: '3125550144', firstName: 'Ida', state: 'IL' }]);
  });
});
