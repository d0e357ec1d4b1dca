import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded';
import { runMigrations } from '../src/platform/db/migrate';
import { createPool } from '../src/platform/db/pool';
import { createDatabase } from '../src/platform/db/tenant';
import { prepareJobQueue } from '../src/platform/jobs/runner';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    /**
     * Set by the Citus suite: each file distributes a database of its own, named with this prefix, instead of
     * cloning the template; '' otherwise.
     */
    citusDatabasePrefix: string;
  }
}

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * Once per run: a PostgreSQL (TEST_DATABASE_URL / DATABASE_URL when set, else an embedded one in a temporary
 * folder) and a template database with every migration applied. Each test file clones the template, which takes
 * milliseconds, so files run in parallel on databases of their own.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let dir: string | null = null;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canvass-test-pg-'));
    // The embedded server runs as the postgres system user when we are root: it must reach its folder.
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort());
    adminUrl = embedded.url;
  }
  const template = `canvass_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const pool = createPool(withDb(adminUrl, template), () => {}, 4);
  await runMigrations(createDatabase(pool));
  await prepareJobQueue(pool);
  await pool.end();
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('citusDatabasePrefix', '');

  return async () => {
    // Test databases made from the template are dropped by their files; the template goes last.
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`).catch(() => {});
    await admin.end();
    if (embedded) await embedded.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
