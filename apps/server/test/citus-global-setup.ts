import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dropCitusDatabase } from './citus-database';

/**
 * The Citus suite's setup (`npm run test:citus`): the same test files as `npm test` run against the cluster whose
 * coordinator CITUS_DATABASE_URL names; each file gets a database of its own, distributed (test/citus-database.ts),
 * and every database of this run is dropped at the end (each holds a Citus maintenance process on every node).
 */
export default function setup(project: TestProject) {
  const url = process.env.CITUS_DATABASE_URL;
  if (!url) throw new Error('npm run test:citus needs CITUS_DATABASE_URL: the URL of a Citus coordinator.');
  const prefix = `canvass_citus_${process.pid}_`;
  project.provide('adminDatabaseUrl', url);
  project.provide('templateDatabase', '');
  project.provide('citusDatabasePrefix', prefix);
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client
      .query<{ name: string }>(`SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)`, [prefix])
      .finally(() => client.end());
    for (const { name } of rows) await dropCitusDatabase(url, name);
  };
}
