import { createPool } from '../db/pool';
import { createDatabase } from '../db/tenant';
import type { Platform } from '../platform';

/**
 * The most connections one run holds at once: its lock's, its transaction's, and the short ones beside them (the
 * list load's recipient phones on two, a block of ids, a status set apart). More only wait their turn.
 */
const RUN_CONNECTIONS = 6;

/** How pg_stat_activity names a run's own connections (outside a transaction that names itself, withSystem's). */
export const RUN_APPLICATION_NAME = 'canvass:run';

/**
 * Runs `fn` with a platform whose database is a pool of the run's own, closed when it ends.
 *
 * A long run (a list load, a project load, a data import) holds connections while it waits for more: its lock's
 * and its transaction's stay open while the phones, the ids and the statuses take others. Drawn from the process's
 * shared pool, runs at once could each hold some and wait for the rest, none ever getting them: in CI two runs on a test
 * pool of five did (a list load and a project load, each waiting for a sixth), and four list loads on the
 * default twenty could. On a pool of its own a run waits only for itself, and its short connections always come
 * back; what it still takes from the shared pool (the events it announces) is one short query at a time. The
 * price is a few connections opened per run, small beside a run's seconds.
 */
export async function withOwnConnections<T>(platform: Platform, fn: (own: Platform) => Promise<T>): Promise<T> {
  const { connectionString } = platform.database.pool.options;
  if (!connectionString) throw new Error('the shared pool has no connection string to open a run’s own from');
  const pool = createPool(
    connectionString,
    (err) => platform.logger.warn({ err }, 'idle database connection of a run lost'),
    RUN_CONNECTIONS,
    RUN_APPLICATION_NAME,
  );
  try {
    return await fn({ ...platform, database: createDatabase(pool) });
  } finally {
    await pool.end();
  }
}
