import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../src/app';
import { dataImportSteps } from './data-imports';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { expectNotFollowable, FOLLOW_TASK, followQueuedTask, wsClients } from './ws-client';

const TASK = `query($id: ID!) { backgroundTask(id: $id) { id status } }`;
const CREATE_LIST = `mutation($a: ListAttributes!) { createList(attributes: $a) { list { id sheets { id } } errors { field messages } } }`;
const SET_COLUMNS = `mutation($listId: ID!, $sheetId: ID!, $roles: [ListColumnRole!]!) {
  setListColumns(listId: $listId, sheetId: $sheetId, headerRowIndex: 0, columnRoles: $roles) { errors { field messages } } }`;
const LOAD = `mutation($listId: ID!) { loadList(listId: $listId, async: true) {
  list { id loadTask { id status } } errors { field messages } } }`;

// Three recipients and a repeat: the load goes through every row.
const CSV = [
  'Mobile,First Name,Last Name',
  '2125550101,Ada,Lovelace',
  '2125550102,Bob,Ray',
  '2125550101,Ada,Again',
  '4155550103,Cy,Young',
].join('\r\n');

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let ws: ReturnType<typeof wsClients>;
let worker: Runner | null = null;

beforeAll(async () => {
  app = await createTestApp({ WORKER_CONCURRENCY: '1' });
  org = await buildOrganization(app, 'List progress');
  other = await buildOrganization(app, 'Elsewhere');
  await app.api.listen({ port: 0, host: '127.0.0.1' });
  ws = wsClients(app);
});

afterAll(async () => {
  ws.disposeClients();
  await worker?.stop();
});

/** An uploaded CSV made into a list and its load started in the background by the org's Admin; the load's task id. */
async function listLoadStartedByAdmin(): Promise<string> {
  const token = await org.tokenFor('Admin');
  const uploadId = await dataImportSteps(app, org.id, token).upload(org.id, 'voters.csv', CSV);
  const created = await gql(app, CREATE_LIST, { a: { name: 'Voters', uploadId } }, { token });
  const list = created.data?.createList.list;
  const columns = { listId: list.id, sheetId: list.sheets[0].id, roles: ['Phone', 'FirstName', 'LastName'] };
  expect((await gql(app, SET_COLUMNS, columns, { token })).data?.setListColumns.errors).toEqual([]);
  const loaded = await gql(app, LOAD, { listId: list.id }, { token });
  expect(loaded.data?.loadList.errors).toEqual([]);
  return loaded.data?.loadList.list.loadTask.id as string;
}

describe("a list's load followed live", () => {
  it(
    'reaches a colleague who opened the list, not only the user who started the load',
    { timeout: 60_000 },
    async () => {
      const taskId = await listLoadStartedByAdmin();
      const colleague = await org.tokenFor('Manager');
      expect((await gql(app, TASK, { id: taskId }, { token: colleague })).data?.backgroundTask).toEqual({
        id: taskId,
        status: 'Queued',
      });

      // The worker takes the load only after the first answer, so every change after it reaches the colleague live.
      const seen = await followQueuedTask(ws.connect(colleague), taskId, async () => {
        worker = await createWorker(app.platform);
      });
      expect(seen.at(-1)).toEqual({ id: taskId, status: 'Done', processed: 4, total: 4 });
    },
  );

  it('is Not found, with no data, for a user who may not see the list', async () => {
    const taskId = await listLoadStartedByAdmin();
    // Another organization's admin; a Texter of this one, who may not view lists at all.
    for (const token of [await other.tokenFor('Admin'), await org.tokenFor('Texter')]) {
      await expectNotFollowable(ws.connect(token), FOLLOW_TASK, taskId);
      expect((await gql(app, TASK, { id: taskId }, { token })).data?.backgroundTask).toBeNull();
    }
  });
});
