import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type TestApp } from './harness';
import { buildOrganization, platformAdminToken, PLATFORM_ADMIN, type BuiltOrganization } from './factories';

const LIST = '{ queueJobs { id taskIdentifier state attempts maxAttempts lastError } }';
const RETRY = 'mutation($id:ID!){ retryQueueJob(id:$id){ success message } }';
const REMOVE = 'mutation($id:ID!){ removeQueueJob(id:$id){ success message } }';

let app: TestApp;
let org: BuiltOrganization;
let adminToken: string;

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAILS: PLATFORM_ADMIN });
  org = await buildOrganization(app, 'Queue');
  adminToken = await platformAdminToken(app, org);
});

/** A job as graphile-worker leaves it: waiting, or failed for good with its last error. */
async function addJob(task: string, failed: boolean): Promise<string> {
  const { rows } = await app.sql(`SELECT id::text FROM graphile_worker.add_job($1, '{}'::json, max_attempts => 3)`, [
    task,
  ]);
  const id = rows[0].id as string;
  if (failed) {
    await app.sql(
      `UPDATE graphile_worker._private_jobs SET attempts = 3, last_error = 'SMTP refused the message', run_at = now() + interval '1 day' WHERE id = $1`,
      [id],
    );
  }
  return id;
}

const jobs = async (token = adminToken) =>
  (await gql(app, LIST, {}, { token })).data?.queueJobs as Record<string, unknown>[];

describe('queue monitor', () => {
  it('lists waiting and failed jobs with their errors to a platform admin', async () => {
    const waiting = await addJob('export-list', false);
    const failed = await addJob('send-mail', true);
    const list = await jobs();
    expect(list.find((j) => j.id === waiting)).toMatchObject({ state: 'Waiting', taskIdentifier: 'export-list' });
    expect(list.find((j) => j.id === failed)).toMatchObject({
      state: 'Failed',
      attempts: 3,
      maxAttempts: 3,
      lastError: 'SMTP refused the message',
    });
    const onlyFailed = await gql(app, '{ queueJobs(state: Failed) { id } }', {}, { token: adminToken });
    expect(onlyFailed.data?.queueJobs).toEqual([{ id: failed }]);
  });

  it('refuses everyone else, an organization Admin included', async () => {
    await addJob('export-list', true);
    for (const role of ['Admin', 'Manager', 'Texter', 'Client'] as const) {
      const token = await org.tokenFor(role);
      const res = await gql(app, LIST, {}, { token });
      expect(res.data).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const id = (await app.sql(`SELECT max(id)::text AS id FROM graphile_worker.jobs`)).rows[0].id;
      const retry = await gql(app, RETRY, { id }, { token });
      expect(retry.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const remove = await gql(app, REMOVE, { id }, { token });
      expect(remove.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await gql(app, LIST)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await app.sql(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE attempts = 3`)).rows[0].n).toBe(2);
  });

  it('retry runs a failed job again now with its attempts reset', async () => {
    const id = await addJob('send-mail', true);
    const res = await gql(app, RETRY, { id }, { token: adminToken });
    expect(res.data?.retryQueueJob).toEqual({ success: true, message: 'The job will run again' });
    const { rows } = await app.sql(`SELECT attempts, run_at <= now() AS due FROM graphile_worker.jobs WHERE id = $1`, [
      id,
    ]);
    expect(rows[0]).toEqual({ attempts: 0, due: true });
    expect((await jobs()).find((j) => j.id === id)?.state).toBe('Waiting');
  });

  it('remove deletes a failed job; a waiting or unknown one is left alone with a message', async () => {
    const failed = await addJob('send-mail', true);
    const waiting = await addJob('export-list', false);
    expect((await gql(app, REMOVE, { id: failed }, { token: adminToken })).data?.removeQueueJob.success).toBe(true);
    expect(
      (await app.sql('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE id = $1', [failed])).rows[0].n,
    ).toBe(0);
    for (const id of [waiting, '999999999', 'not-an-id']) {
      const res = await gql(app, REMOVE, { id }, { token: adminToken });
      expect(res.data?.removeQueueJob).toEqual({ success: false, message: 'No failed job with this id' });
    }
    expect(
      (await app.sql('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE id = $1', [waiting])).rows[0].n,
    ).toBe(1);
  });
});
