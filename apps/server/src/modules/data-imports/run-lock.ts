import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Tx } from '../../platform/db/tenant';

/**
 * Whether a data import is being run right now, told by PostgreSQL rather than by the stored status.
 *
 * A run holds a session advisory lock named after its import, on its own connection, from before it marks the import
 * Running until after it has stored the outcome. PostgreSQL lets go of a session lock when its connection ends, so
 * a worker that died mid-run (killed, crashed, its machine gone once the connection times out) leaves the lock free:
 * an import marked Running whose lock is free was abandoned, and may be started again. That is safe because a run
 * is all-or-nothing (nothing of the file is in until its one final transaction commits) and because a run drops the
 * staging table a killed run left. The job itself is never retried (one attempt), so the dead run cannot come back.
 */
const lockName = (importId: number) => `canvass.data_import.${importId}`;

/** Takes the run's lock on its connection; false when another run holds it. */
export async function takeRunLock(client: pg.ClientBase, importId: number): Promise<boolean> {
  const { rows } = await client.query<{ taken: boolean }>(
    'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken',
    [lockName(importId)],
  );
  return rows[0].taken;
}

/** Lets go of the run's lock before its connection returns to the pool (where the lock would otherwise stay). */
export async function releaseRunLock(client: pg.ClientBase, importId: number): Promise<void> {
  await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockName(importId)]);
}

/** Whether a run holds the import's lock now; asked in the caller's transaction, which holds it briefly if free. */
export async function runIsLive(tx: Tx, importId: number): Promise<boolean> {
  const { rows } = await tx.execute<{ taken: boolean }>(
    sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${lockName(importId)}, 0)) AS taken`,
  );
  return !rows[0].taken;
}
