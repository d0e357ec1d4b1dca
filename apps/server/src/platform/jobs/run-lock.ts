import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { backgroundTasks } from '../db/schema/index';
import type { Tx } from '../db/tenant';
import type { Platform } from '../platform';
import { withOwnConnections } from './own-connections';

/**
 * Whether a long run (a data import, a list load) is under way right now, told by PostgreSQL rather than by the
 * status stored on its record.
 *
 * A run holds a session advisory lock named after its record, on a connection of its own, from before it marks the
 * record as running until after it has stored the outcome. PostgreSQL lets go of a session lock when its connection
 * ends, so a worker that died mid-run (killed, crashed, its machine gone once the connection times out) leaves the
 * lock free: a record marked running whose lock is free was abandoned, and may be started again. That is safe for
 * runs that are all-or-nothing (nothing is visible until their one final transaction commits) and that drop the
 * staging table a killed run left; their jobs are never retried (one attempt), so the dead run cannot come back.
 */
export type RunKind = 'data_import' | 'list_load' | 'project_load';
const lockName = (kind: RunKind, id: number) => `canvass.${kind}.${id}`;

/** Takes the run's lock on its connection; false when another run holds it. */
export async function takeRunLock(client: pg.ClientBase, kind: RunKind, id: number): Promise<boolean> {
  const { rows } = await client.query<{ taken: boolean }>(
    'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken',
    [lockName(kind, id)],
  );
  return rows[0].taken;
}

/** Lets go of the run's lock before its connection returns to the pool (where the lock would otherwise stay). */
export async function releaseRunLock(client: pg.ClientBase, kind: RunKind, id: number): Promise<void> {
  await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockName(kind, id)]);
}

/** Whether a run holds the record's lock now; asked in the caller's transaction, which holds it briefly if free. */
export async function runIsLive(tx: Tx, kind: RunKind, id: number): Promise<boolean> {
  const { rows } = await tx.execute<{ taken: boolean }>(
    sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${lockName(kind, id)}, 0)) AS taken`,
  );
  return !rows[0].taken;
}

/** Closes the task of an abandoned run as Failed with `reason`, so that nobody following it waits on it. */
export async function closeAbandonedTask(tx: Tx, organizationId: number, taskId: number, reason: string) {
  await tx
    .update(backgroundTasks)
    .set({ status: 'Failed', errorMessage: reason, updatedAt: new Date() })
    .where(
      and(
        eq(backgroundTasks.organizationId, organizationId),
        eq(backgroundTasks.id, taskId),
        eq(backgroundTasks.status, 'Running'),
      ),
    );
}

/** What a run works with under its lock: its own connections (withOwnConnections) and the lock's among them. */
export interface LockedRun {
  /** The platform on the run's own connections: pass it down, so every query of the run goes through them. */
  platform: Platform;
  /** The connection holding the lock, for work that needs one session throughout (a staging table). */
  client: pg.PoolClient;
}

/**
 * Runs `fn` holding the run's lock, on connections of the run's own (withOwnConnections); throws what `busy` makes,
 * running nothing, when another run holds it.
 */
export async function withRunLock<T>(
  platform: Platform,
  kind: RunKind,
  id: number,
  busy: () => Error,
  fn: (run: LockedRun) => Promise<T>,
): Promise<T> {
  return withOwnConnections(platform, async (own) => {
    const client = await own.database.pool.connect();
    let healthy = true;
    try {
      if (!(await takeRunLock(client, kind, id))) throw busy();
      try {
        return await fn({ platform: own, client });
      } finally {
        // Before the run ends: a load asked for right after this one must not find the lock still held.
        await releaseRunLock(client, kind, id).catch(() => (healthy = false));
      }
    } catch (err) {
      if (!(err instanceof Error)) healthy = false;
      throw err;
    } finally {
      client.release(!healthy);
    }
  });
}
