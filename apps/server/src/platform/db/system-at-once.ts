import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from './schema/index';
import { systemContext, type Database, type Tx } from './tenant';

/** What a statement needs of its handle: a transaction (Tx) or a connection's own handle both run them. */
export type Queryable = Pick<Tx, 'execute'>;

/**
 * A statement each connection plans once and then reuses (a named prepared statement), for a hot statement whose
 * planning costs more than running it: one that joins the partitioned texts, whose planner considers every
 * partition with its policy each time. Its values are passed as $1, $2 …; its text never changes under one name.
 */
export interface Prepared {
  name: string;
  text: string;
}

/** What withSystemAtOnce's fn gets: a connection's handle, which also runs Prepared statements. */
export interface AtOnce extends Queryable {
  run<R extends pg.QueryResultRow>(statement: Prepared, values: unknown[]): Promise<R[]>;
}

// A handle per pooled connection, built once: building one reads the whole schema.
const handles = new WeakMap<pg.PoolClient, AtOnce>();

function handleOf(client: pg.PoolClient): AtOnce {
  let handle = handles.get(client);
  if (!handle) {
    const run = async <R extends pg.QueryResultRow>({ name, text }: Prepared, values: unknown[]) =>
      (await client.query<R>({ name, text, values })).rows;
    handle = Object.assign(drizzle(client, { schema }), { run });
    handles.set(client, handle);
  }
  return handle;
}

/**
 * withSystem for a path that runs many short transactions (webhook ingest): BEGIN and the system context go in one
 * query string, one round trip where withSystem's ORM transaction spends two (none of them is a distributed
 * statement, so Citus forwards the SET LOCALs as it does withTenant's). fn gets a handle that only runs statements,
 * plain or Prepared: no nested transaction. Committed when fn returns; rolled back when anything fails, the opening, fn or the commit,
 * so the connection goes back to the pool with no transaction open (or is discarded when even that fails).
 * Like withSystem, every use is found by searching for withSystem.
 */
export async function withSystemAtOnce<T>(
  database: Database,
  reason: string,
  fn: (tx: AtOnce) => Promise<T>,
): Promise<T> {
  const client = await database.pool.connect();
  let unusable: Error | undefined;
  try {
    await client.query(`BEGIN; ${systemContext(reason)}`);
    const result = await fn(handleOf(client));
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackErr: Error) => {
      unusable = rollbackErr;
    });
    throw err;
  } finally {
    client.release(unusable);
  }
}
