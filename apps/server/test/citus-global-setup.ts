import type { TestProject } from 'vitest/node';

/**
 * The Citus suite's setup (`npm run test:citus`): the same test files as `npm test` run against the cluster whose
 * coordinator CITUS_DATABASE_URL names; each file gets a database of its own, distributed (test/citus-database.ts).
 */
export default function setup(project: TestProject) {
  const url = process.env.CITUS_DATABASE_URL;
  if (!url) throw new Error('npm run test:citus needs CITUS_DATABASE_URL: the URL of a Citus coordinator.');
  project.provide('adminDatabaseUrl', url);
  project.provide('templateDatabase', '');
  project.provide('citus', true);
}
