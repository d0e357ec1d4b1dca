import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../src/app';
import { addSender, loadedList, makeClient, makeProject } from './project-factories';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { LOAD_SEND } from './projects-helpers';
import { expectNotFollowable, FOLLOW_TASK, followQueuedTask, wsClients } from './ws-client';

const TASK = `query($id: ID!) { backgroundTask(id: $id) { id } }`;
const PROJECT = `query($id: ID!) { project(id: $id) { id projectStatus loadTask { id status processed total } } }`;

// Three recipients and a repeat: the load goes through every row of the list.
const SHEET = [
  ['2125550101', 'Ada', 'Lovelace', '', ''],
  ['2125550102', 'Bob', 'Ray', '', ''],
  ['2125550101', 'Ada', 'Again', '', ''],
  ['2125550103', 'Cy', 'Young', '', ''],
];

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let ws: ReturnType<typeof wsClients>;
let worker: Runner | null = null;

beforeAll(async () => {
  app = await createTestApp({ WORKER_CONCURRENCY: '1' });
  org = await buildOrganization(app, 'Progress');
  other = await buildOrganization(app, 'Elsewhere');
  await app.api.listen({ port: 0, host: '127.0.0.1' });
  ws = wsClients(app);
});

afterAll(async () => {
  ws.disposeClients();
  await worker?.stop();
});

/** An Assigned project (of the org's client unless told) on a loaded list with an Active sender: ready to load. */
async function assignedProject(clientId = org.clientId): Promise<string> {
  const listId = await loadedList(app, org.id, SHEET);
  const id = await makeProject(app, org.id, {
    clientId,
    listId,
    message: 'Hi {firstName}',
    status: 'Assigned',
  });
  await addSender(app, org.id, id, '4155559002', { primary: true });
  return String(id);
}

/** Load Project pressed by the org's Admin; the id of the task the project names as its load. */
async function loadStartedByAdmin(projectId: string): Promise<string> {
  const token = await org.tokenFor('Admin');
  expect(
    (await gql(app, LOAD_SEND, { p: projectId, o: 'LoadProject' }, { token })).data?.loadSendProject.errors,
  ).toEqual([]);
  return (await gql(app, PROJECT, { id: projectId }, { token })).data?.project.loadTask.id as string;
}

describe("a project's load followed live", () => {
  it(
    'names its load task, whose progress reaches the subscriber until the project is Ready',
    { timeout: 60_000 },
    async () => {
      const projectId = await assignedProject();
      const token = await org.tokenFor('Admin');
      const started = await gql(app, LOAD_SEND, { p: projectId, o: 'LoadProject' }, { token });
      expect(started.data?.loadSendProject.errors).toEqual([]);

      const before = (await gql(app, PROJECT, { id: projectId }, { token })).data?.project;
      expect(before).toMatchObject({ projectStatus: 'AwaitingLoad', loadTask: { status: 'Queued', processed: 0 } });
      const taskId = before.loadTask.id as string;

      // Following it before any worker takes it: the first answer is the task as it is, then its changes.
      const seen = await followQueuedTask(ws.connect(token), taskId, async () => {
        worker = await createWorker(app.platform);
      });
      // The stream ends with the load: every row of the list processed.
      expect(seen.at(-1)).toEqual({ id: taskId, status: 'Done', processed: 4, total: 4 });
      expect(seen.map((t) => t.processed)).toEqual([...seen.map((t) => t.processed)].sort((a, b) => a - b));

      const after = (await gql(app, PROJECT, { id: projectId }, { token })).data?.project;
      expect(after).toMatchObject({ projectStatus: 'Ready', loadTask: { id: taskId, status: 'Done', processed: 4 } });
    },
  );

  it("never shows a project's load task to a user of another organization", async () => {
    const projectId = await assignedProject();
    const taskId = await loadStartedByAdmin(projectId);

    const outsider = await other.tokenFor('Admin');
    await expectNotFollowable(ws.connect(outsider), FOLLOW_TASK, taskId);
    // Nor through the project: it is not theirs to read.
    expect((await gql(app, PROJECT, { id: projectId }, { token: outsider })).data?.project).toBeNull();
  });

  it("is followed by whoever sees the project, and Not found for a Client user of another client's", async () => {
    const ownClients = await assignedProject();
    const anotherClients = await assignedProject(await makeClient(app, org.id, 'Another client'));
    const [ownTask, anotherTask] = [await loadStartedByAdmin(ownClients), await loadStartedByAdmin(anotherClients)];
    const followable = async (role: 'Manager' | 'Client', taskId: string) =>
      (await gql(app, TASK, { id: taskId }, { token: await org.tokenFor(role) })).data?.backgroundTask?.id ?? null;

    // A colleague who sees every project of the organization; the Client user, on its own client's project.
    expect(await followable('Manager', anotherTask)).toBe(anotherTask);
    expect(await followable('Client', ownTask)).toBe(ownTask);
    // Another client's project is not the Client user's to see: nor is its load.
    const client = await org.tokenFor('Client');
    await expectNotFollowable(ws.connect(client), FOLLOW_TASK, anotherTask);
    expect(await followable('Client', anotherTask)).toBeNull();
    expect((await gql(app, PROJECT, { id: anotherClients }, { token: client })).data?.project).toBeNull();
  });
});
