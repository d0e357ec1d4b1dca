import crypto from 'node:crypto';
import pg from 'pg';
import { createCitusDatabase } from './citus-database';

// Distributing a database takes seconds (on a loaded machine, twenty), and every file of the Citus suite needs one.
// The suite's setup makes them ahead, one at a time while a file runs, so a file takes one ready and the cluster's
// waits on DDL overlap the tests' own. The ready ones are rows of a table on the coordinator: a file takes one with
// DELETE … SKIP LOCKED, so two takers never share a database.

const READY_TABLE = 'canvass_test_ready_databases';
/** Databases kept ready ahead of the files that will take them. */
const AHEAD = 2;
/** How long a file waits for the maker before it distributes a database itself (the maker may have died). */
const WAIT_FOR_MAKER_MS = 90_000;

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Keeps AHEAD databases named with `prefix` distributed and ready until stopped; what it made and nobody took is
 * dropped with the rest of the run's databases by the setup's teardown.
 */
export function makeCitusDatabasesAhead(coordinatorUrl: string, prefix: string): { stop(): Promise<void> } {
  let stopped = false;
  const made = (async () => {
    await query(coordinatorUrl, `CREATE TABLE IF NOT EXISTS ${READY_TABLE} (name text PRIMARY KEY)`);
    while (!stopped) {
      const { rows } = await query<{ ready: string }>(
        coordinatorUrl,
        `SELECT count(*) AS ready FROM ${READY_TABLE} WHERE starts_with(name, $1)`,
        [prefix],
      );
      if (Number(rows[0].ready) >= AHEAD) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      const name = `${prefix}${crypto.randomBytes(6).toString('hex')}`;
      await createCitusDatabase(coordinatorUrl, name);
      await query(coordinatorUrl, `INSERT INTO ${READY_TABLE} (name) VALUES ($1)`, [name]);
    }
  })();
  // A maker that fails leaves the files to distribute their own databases (takeCitusDatabase waits, then does).
  made.catch((err: unknown) => console.error('The Citus databases made ahead stopped:', err));
  return {
    async stop() {
      stopped = true;
      await made.catch(() => {});
      await query(coordinatorUrl, `DELETE FROM ${READY_TABLE} WHERE starts_with(name, $1)`, [prefix]).catch(() => {});
    },
  };
}

/** A distributed database of this run for one file: one made ahead, else (no maker answering) one made now. */
export async function takeCitusDatabase(coordinatorUrl: string, prefix: string): Promise<string> {
  const giveUpAt = Date.now() + WAIT_FOR_MAKER_MS;
  while (Date.now() < giveUpAt) {
    const taken = await query<{ name: string }>(
      coordinatorUrl,
      `DELETE FROM ${READY_TABLE}
        WHERE name = (SELECT name FROM ${READY_TABLE} WHERE starts_with(name, $1)
                       ORDER BY name LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING name`,
      [prefix],
    ).catch(() => null);
    if (taken?.rows.length) return taken.rows[0].name;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const name = `${prefix}${crypto.randomBytes(6).toString('hex')}`;
  await createCitusDatabase(coordinatorUrl, name);
  return name;
}
