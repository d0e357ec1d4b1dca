import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDataImport } from '../src/modules/data-imports/run-data-import';
import { addSender, loadedList, makeProject } from './project-factories';
import { runProjectLoad } from '../src/modules/projects/load/run-project-load';
import { RUN_APPLICATION_NAME } from '../src/platform/jobs/own-connections';
import { dataImportSteps } from './data-imports';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';

// A list load, a project load and a data import each hold connections while they wait for more (their lock's,
// their transaction's). Taken from the process's shared pool, runs at once could each hold some and wait for the
// rest forever (a list load and a project load did, on this harness's pool of five). Here every connection of the
// shared pool but one is busy elsewhere, as other work would keep them: each run must still finish, which it can
// only on connections of its own.

let app: TestApp;
let org: BuiltOrganization;
let busy: pg.PoolClient[] = [];
const scope = () => ({ organizationId: org.id, userId: null });

/** The connections of runs open on this file's database now. */
const runConnections = async () =>
  Number(
    (
      await app.sql(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
        [RUN_APPLICATION_NAME],
      )
    ).rows[0].n,
  );

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Crowded');
});

afterAll(() => busy.splice(0).forEach((client) => client.release()));

/** Runs `work` with all the shared pool's connections but one checked out; fails rather than hangs if it waits. */
async function withOneConnectionFree<T>(work: () => Promise<T>): Promise<T> {
  const { pool } = app.platform.database;
  busy = await Promise.all(Array.from({ length: pool.options.max - 1 }, () => pool.connect()));
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the run waited for the shared pool')), 15_000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    busy.splice(0).forEach((client) => client.release());
  }
}

describe("a long run's connections", () => {
  it('a list load and its project load finish with one connection of the shared pool free', async () => {
    const sheet = [
      ['2125550101', 'Ada', 'Lovelace', '', ''],
      ['2125550102', 'Bob', 'Ray', '', ''],
    ];
    const listId = await withOneConnectionFree(() => loadedList(app, org.id, sheet));
    const { rows: list } = await app.sql(`SELECT list_status, rows_count FROM lists WHERE id = $1`, [listId]);
    expect(list[0]).toEqual({ list_status: 'Loaded', rows_count: 2 });
    // The run's connections were its own, and closed with it.
    await expect.poll(runConnections, { timeout: 5_000 }).toBe(0);

    let during = 0;
    const projectId = await makeProject(app, org.id, { clientId: org.clientId, listId, message: 'Hi {firstName}' });
    await addSender(app, org.id, projectId, '4155559002', { primary: true });
    const loaded = await withOneConnectionFree(() =>
      runProjectLoad(app.platform, scope(), projectId, {
        beforeCommit: async () => {
          during = await runConnections();
        },
      }),
    );
    // At least the run lock's and the transaction's, while it ran; none left after.
    expect(during).toBeGreaterThanOrEqual(2);
    await expect.poll(runConnections, { timeout: 5_000 }).toBe(0);
    expect(loaded).toMatchObject({ texts: 2 });
    const { rows: project } = await app.sql(`SELECT project_status FROM projects WHERE id = $1`, [projectId]);
    expect(project[0].project_status).toBe('Ready');
  });

  it('a data import finishes with one connection of the shared pool free', async () => {
    const steps = dataImportSteps(app, org.id, await org.tokenFor('Admin'));
    const id = await steps.directImport('OptOut', 'optouts.csv', 'Phone\n4155550111\n', { Phone: 'number' });
    await withOneConnectionFree(() => runDataImport(app.platform, scope(), id));
    expect(await steps.importRow(id)).toMatchObject({ status: 'Done', imported_count: 1 });
  });
});
