import pg from 'pg';
import { distributeDatabase } from '../src/platform/db/distribute';
import { createPool } from '../src/platform/db/pool';

// A database of its own on a Citus cluster, for one test file: the database and the extension on every node,
// the nodes registered, then `canvass db distribute`. A migrated template cannot be cloned on Citus (its
// maintenance daemon keeps a connection to every database), so each file distributes a fresh one.

const withTarget = (url: string, target: { host?: string; port?: number; database?: string }) => {
  const u = new URL(url);
  if (target.host) u.hostname = target.host;
  if (target.port) u.port = String(target.port);
  if (target.database) u.pathname = `/${target.database}`;
  return u.toString();
};

async function run(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

async function workers(coordinatorUrl: string): Promise<{ host: string; port: number }[]> {
  const client = new pg.Client({ connectionString: coordinatorUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ host: string; port: number }>(
      `SELECT nodename AS host, nodeport AS port FROM pg_dist_node WHERE groupid <> 0 AND isactive ORDER BY nodeid`,
    );
    if (!rows.length) throw new Error(`${coordinatorUrl} is not a Citus coordinator with workers`);
    return rows;
  } finally {
    await client.end();
  }
}

/** Creates and distributes database `name` on the cluster whose coordinator `coordinatorUrl` names; its URL. */
export async function createCitusDatabase(coordinatorUrl: string, name: string): Promise<string> {
  const nodes = await workers(coordinatorUrl);
  for (const w of nodes) {
    await run(withTarget(coordinatorUrl, w), `CREATE DATABASE "${name}"`);
    await run(withTarget(coordinatorUrl, { ...w, database: name }), 'CREATE EXTENSION citus');
  }
  const coordinator = new URL(coordinatorUrl);
  await run(
    coordinatorUrl,
    `CREATE DATABASE "${name}"`,
    // Few shards: tests hold few rows, and distributing 40 tables of 32 shards each takes a minute.
    `ALTER DATABASE "${name}" SET citus.shard_count = 4`,
  );
  const url = withTarget(coordinatorUrl, { database: name });
  await run(
    url,
    'CREATE EXTENSION citus',
    `SELECT citus_set_coordinator_host('${coordinator.hostname}', ${Number(coordinator.port || 5432)})`,
    ...nodes.map((w) => `SELECT citus_add_node('${w.host}', ${w.port})`),
  );
  const pool = createPool(url, () => {}, 2);
  try {
    await distributeDatabase(pool);
  } finally {
    await pool.end();
  }
  return url;
}

/** Drops database `name` from the coordinator and every worker. */
export async function dropCitusDatabase(coordinatorUrl: string, name: string): Promise<void> {
  const nodes = await workers(coordinatorUrl);
  await run(coordinatorUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  for (const w of nodes) await run(withTarget(coordinatorUrl, w), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
