import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../src/app';
import { addSender, loadedList, makeProject } from '../src/modules/projects/load/test-projects';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { LOAD_SEND } from './projects-helpers';
import { collect, wsClients } from './ws-client';

type Task = { id: string; status: string; processed: number; total: number | null };

const FOLLOW = `subscription($id: ID!) { backgroundTaskChanged(id: $id) { id status processed total } }`;
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

/** An Assigned project on a loaded list with an Active sender: ready for Load Project. */
async function assignedProject(): Promise<string> {
  const listId = await loadedList(app, org.id, SHEET);
  const id = await makeProject(app, org.id, {
    clientId: org.clientId,
    listId,
    message: 'Hi {firstName}',
    status: 'Assigned',
  });
  await addSender(app, org.id, id, '4155559002', { primary: true });
  return String(id);
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
      const updates = ws.connect(token).iterate({ query: FOLLOW, variables: { id: taskId } });
      const first = await updates.next();
      expect((first.value?.data as { backgroundTaskChanged: Task }).backgroundTaskChanged).toMatchObject({
        id: taskId,
        status: 'Queued',
      });
      worker = await createWorker(app.platform);
      const seen: Task[] = [];
      for await (const result of { [Symbol.asyncIterator]: () => updates }) {
        expect(result.errors).toBeUndefined();
        seen.push((result.data as { backgroundTaskChanged: Task }).backgroundTaskChanged);
      }
      // The stream ends with the load: every row of the list processed.
      expect(seen.at(-1)).toEqual({ id: taskId, status: 'Done', processed: 4, total: 4 });
      expect(seen.map((t) => t.processed)).toEqual([...seen.map((t) => t.processed)].sort((a, b) => a - b));

      const after = (await gql(app, PROJECT, { id: projectId }, { token })).data?.project;
      expect(after).toMatchObject({ projectStatus: 'Ready', loadTask: { id: taskId, status: 'Done', processed: 4 } });
    },
  );

  it("never shows a project's load task to a user of another organization", async () => {
    const projectId = await assignedProject();
    const token = await org.tokenFor('Admin');
    await gql(app, LOAD_SEND, { p: projectId, o: 'LoadProject' }, { token });
    const taskId = (await gql(app, PROJECT, { id: projectId }, { token })).data?.project.loadTask.id;

    const outsider = await other.tokenFor('Admin');
    const { results, error } = await collect<{ backgroundTaskChanged: Task | null }>(ws.connect(outsider), FOLLOW, {
      id: taskId,
    });
    expect(error).toBeNull();
    expect(results.every((r) => !r.data?.backgroundTaskChanged)).toBe(true);
    expect(results.flatMap((r) => r.errors ?? []).map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
    // Nor through the project: it is not theirs to read.
    expect((await gql(app, PROJECT, { id: projectId }, { token: outsider })).data?.project).toBeNull();
  });
});
