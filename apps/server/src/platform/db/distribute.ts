import type pg from 'pg';
import { prepareJobQueue } from '../jobs/runner';
import { runMigrations } from './migrate';
import { createPool } from './pool';
import { createDatabase } from './tenant';

/** Copied to every node: every tenant table points at them, and users are shared across organizations. */
export const REFERENCE_TABLES = ['organizations', 'users'] as const;

/** What `canvass db distribute` did: the tables it made reference or distributed, and those already so. */
export interface DistributeResult {
  reference: string[];
  distributed: string[];
  alreadyDone: string[];
}

/** Thrown when DATABASE_URL names a server without Citus; the message is the one line the command prints. */
export class NotCitusError extends Error {}

/**
 * The tenant tables (public tables with organization_id, partitions counted with their parent), parents before
 * children so that every foreign key points at a table already distributed. Read from the catalog: a table added
 * later is distributed without editing a list.
 */
async function tenantTablesInKeyOrder(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string; parents: string[] }>(`
    SELECT c.relname AS name,
           array(SELECT DISTINCT p.relname::text FROM pg_constraint con JOIN pg_class p ON p.oid = con.confrelid
                  WHERE con.conrelid = c.oid AND con.contype = 'f' AND p.oid <> c.oid) AS parents
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id')
     ORDER BY c.relname`);
  const pending = new Map(rows.map((r) => [r.name, r.parents.filter((p) => rows.some((o) => o.name === p))]));
  const ordered: string[] = [];
  while (pending.size) {
    const ready = [...pending].filter(([, parents]) => parents.every((p) => ordered.includes(p)));
    if (!ready.length) throw new Error(`Foreign keys form a cycle among: ${[...pending.keys()].join(', ')}`);
    for (const [name] of ready) {
      ordered.push(name);
      pending.delete(name);
    }
  }
  return ordered;
}

/**
 * `canvass db distribute`: on a Citus coordinator, applies the migrations, makes organizations and users
 * reference tables and distributes every tenant table by organization_id in one colocation group (ARCHITECTURE
 * §6), in one transaction. Idempotent: what is already distributed is left as it is. graphile-worker's tables
 * and the tables without organization_id (sessions, webhook events …) stay on the coordinator.
 */
export async function distributeDatabase(pool: pg.Pool): Promise<DistributeResult> {
  const { rowCount } = await pool.query(`SELECT FROM pg_extension WHERE extname = 'citus'`);
  if (!rowCount)
    throw new NotCitusError('This database has no Citus extension: there is nothing to distribute it over.');
  await runMigrations(createDatabase(pool));
  await prepareJobQueue(pool);

  const result: DistributeResult = { reference: [], distributed: [], alreadyDone: [] };
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Without these, Citus turns the tables that reference a new reference table into local tables, and then
    // refuses to distribute those that have identity ids; and it cannot run the shards' DDL in parallel here.
    await client.query(`SET LOCAL citus.enable_local_reference_table_foreign_keys = off`);
    await client.query(`SET LOCAL citus.multi_shard_modify_mode = 'sequential'`);
    const { rows: known } = await client.query<{ name: string; method: string }>(
      `SELECT logicalrelid::regclass::text AS name, partmethod AS method FROM pg_dist_partition`,
    );
    const done = new Set(known.map((k) => k.name));
    for (const table of REFERENCE_TABLES) {
      if (done.has(table)) result.alreadyDone.push(table);
      else {
        await client.query('SELECT create_reference_table($1)', [table]);
        result.reference.push(table);
      }
    }
    let colocateWith = known.find((k) => k.method === 'h')?.name ?? null;
    for (const table of await tenantTablesInKeyOrder(client)) {
      if (done.has(table)) {
        result.alreadyDone.push(table);
        continue;
      }
      await client.query(`SELECT create_distributed_table($1, 'organization_id', colocate_with => $2)`, [
        table,
        colocateWith ?? 'none',
      ]);
      colocateWith ??= table;
      result.distributed.push(table);
    }
    // The coordinator opens its connections to the workers as the role a query runs as: the app role, after
    // SET LOCAL ROLE. And SET LOCAL (the tenant context) reaches the workers only with this setting.
    await client.query('ALTER ROLE canvass_app LOGIN');
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    await client.query(`ALTER DATABASE "${rows[0].db.replace(/"/g, '""')}" SET citus.propagate_set_commands = 'local'`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return result;
}

/** The command line of `canvass db distribute`: prints what it did, or one line why it did nothing. */
export async function distributeCommand(databaseUrl: string | undefined): Promise<number> {
  if (!databaseUrl) {
    console.error('canvass db distribute: set DATABASE_URL to the Citus coordinator.');
    return 2;
  }
  const pool = createPool(databaseUrl, () => {}, 2);
  try {
    const r = await distributeDatabase(pool);
    console.log(
      `Distributed by organization_id: ${r.distributed.join(', ') || 'none'}. Reference tables: ${r.reference.join(', ') || 'none'}. Already distributed: ${r.alreadyDone.length} tables.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof NotCitusError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await pool.end();
  }
}
