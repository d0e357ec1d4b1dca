import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/platform/db/tenant';
import { followTask } from '../src/platform/graphql/follow-task';
import { resolveViewer } from '../src/platform/auth/resolve-viewer';
import { createContext } from '../src/platform/graphql/context';
import { startBackgroundTask, taskPayload } from '../src/platform/jobs/background-tasks';
import { defineJob, type JobDef } from '../src/platform/jobs/registry';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { stepsJob } from './steps-job';
import {
  collect as collectOf,
  expectNotFollowable,
  FOLLOW_TASK,
  followQueuedTask,
  wsClients,
  type FollowedTask,
} from './ws-client';

let app: TestApp;
let url: string;
let org: BuiltOrganization;
let otherOrg: BuiltOrganization;
let worker: ChildProcess | null = null;
let ws: ReturnType<typeof wsClients>;
const connect = (token: string | null) => ws.connect(token);
const collect = (...args: Parameters<typeof collectOf>) =>
  collectOf<{ backgroundTaskChanged: FollowedTask | null }>(...args);

async function userId(email: string): Promise<number> {
  return (await app.sql('SELECT id FROM users WHERE email = $1', [email])).rows[0].id as number;
}

/** A job no worker runs: its task stays Queued. */
const neverRunJob = defineJob({ name: 'test-never-run', payload: taskPayload, run: async () => {} });

/** A task of the org's Manager, queued for `job` (stepsJob: not picked up until the worker process starts). */
async function queueTask(job: JobDef<typeof taskPayload> = stepsJob): Promise<string> {
  const owner = { organizationId: org.id, userId: await userId(org.emailFor('Manager')) };
  const task = await withTenant(app.platform.database, { organizationIds: [org.id], userId: owner.userId }, (tx) =>
    startBackgroundTask(tx, job, owner, {}),
  );
  return String(task.id);
}

beforeAll(async () => {
  app = await createTestApp();
  url = app.platform.config.DATABASE_URL!;
  org = await buildOrganization(app, 'Watcher');
  otherOrg = await buildOrganization(app, 'Outsider');
  await app.api.listen({ port: 0, host: '127.0.0.1' });
  ws = wsClients(app);
});

/** Starts the worker as a process of its own on this file's database; resolves once it takes jobs. */
async function startWorkerProcess(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'steps-worker.ts')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: app.platform.config.DATA_DIR, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker = child;
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toContain('worker ready');
}

afterAll(async () => {
  ws.disposeClients();
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker!.on('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  }
});

describe('backgroundTaskChanged over graphql-ws', () => {
  it(
    'pushes each progress step to a client of this server while the job runs in another process',
    { timeout: 90_000 },
    async () => {
      const taskId = await queueTask();
      // Only the worker process runs jobs; its announcements travel through PostgreSQL to this one.
      const seen = await followQueuedTask(connect(await org.tokenFor('Manager')), taskId, startWorkerProcess);
      expect(seen.at(-1)).toMatchObject({ status: 'Done', processed: 4, total: 4 });
      const steps = seen.filter((t) => t.status === 'Running').map((t) => t.processed);
      // The steps come as they happen (300 ms apart, above the throttle), in order. A busy reader may fold two
      // close events into one re-read, so not every step is required, but more than one must arrive live.
      expect(new Set(steps.filter((n) => n >= 1 && n <= 4)).size).toBeGreaterThanOrEqual(2);
      expect(steps).toEqual([...steps].sort((a, b) => a - b));
    },
  );

  it('gives a user of another organization, or another user of the same one, an error and never the task', async () => {
    const taskId = await queueTask();
    for (const token of [await otherOrg.tokenFor('Admin'), await org.tokenFor('Texter')])
      await expectNotFollowable(connect(token), FOLLOW_TASK, taskId);
  });

  it("keeps an export's task to the user who asked for it, even from an admin of the same organization", async () => {
    const TASK = 'query($id: ID!) { backgroundTask(id: $id) { id } }';
    const starter = await org.tokenFor('Manager');
    const started = await gql(app, 'mutation { exportCsv(query: "clients") { task { id } } }', {}, { token: starter });
    const taskId = started.data?.exportCsv.task.id as string;
    expect((await gql(app, TASK, { id: taskId }, { token: starter })).data?.backgroundTask).toEqual({ id: taskId });

    // Its file may hold clients' data another user may not see: no one else follows it.
    const colleague = await org.tokenFor('Admin');
    await expectNotFollowable(connect(colleague), FOLLOW_TASK, taskId);
    expect((await gql(app, TASK, { id: taskId }, { token: colleague })).data?.backgroundTask).toBeNull();
  });

  it('refuses a connection without a valid access token', async () => {
    for (const token of [null, 'not-a-token']) {
      const { results, error } = await collect(connect(token), FOLLOW_TASK, { id: '1' });
      expect(results).toEqual([]);
      expect((error as { code?: number }).code).toBe(4403);
    }
  });

  it('serves subscriptions only, under the same query limits as HTTP', async () => {
    const client = connect(await org.tokenFor('Manager'));
    const query = await collect(client, 'query { __typename }', {});
    expect(JSON.stringify(query.error)).toMatch(/Only subscriptions are served over WebSocket/);
    const aliases = Array.from({ length: 25 }, (_, i) => `a${i}: id`).join(' ');
    const greedy = await collect(client, `subscription($id: ID!) { backgroundTaskChanged(id: $id) { ${aliases} } }`, {
      id: '1',
    });
    expect(JSON.stringify(greedy.error)).toMatch(/Aliases limit/);
  });

  it(
    'lets go of a task no worker takes as soon as its subscriber leaves, without waiting for a change',
    { timeout: 5000 },
    async () => {
      const taskId = await queueTask(neverRunJob);
      const claims = { organizationId: org.id, userId: await userId(org.emailFor('Manager')) };
      const viewer = await resolveViewer(app.platform.database, [], claims);
      const updates = await followTask(createContext(app.platform, viewer, null), Number(taskId));
      expect((await updates.next()).value).toMatchObject({ id: Number(taskId), status: 'Queued' });
      const waiting = updates.next();
      await updates.return!();
      expect(await waiting).toEqual({ value: undefined, done: true });
    },
  );
});
