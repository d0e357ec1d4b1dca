import type pg from 'pg';

/**
 * The queue monitor's reads and actions on graphile-worker's queue. The queue's schema is graphile-worker's own
 * (no tenant rows, no grants to the application role), so these run on the pool's connection, as the worker
 * itself does, and only behind the platform-admin check of queue.graphql.ts. Actions go through
 * graphile-worker's admin functions, which leave a job a worker holds alone.
 */
export type QueueJobState = 'Waiting' | 'Running' | 'Failed';

export interface QueueJob {
  id: string;
  taskIdentifier: string;
  queueName: string | null;
  state: QueueJobState;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: Date;
  lockedAt: Date | null;
  createdAt: Date;
}

/** At most this many jobs of each state are listed, newest first. */
const PAGE = 200;

const STATE_SQL = `CASE WHEN locked_at IS NOT NULL THEN 'Running'
  WHEN attempts >= max_attempts THEN 'Failed' ELSE 'Waiting' END`;

export async function listQueueJobs(pool: pg.Pool, state?: QueueJobState | null): Promise<QueueJob[]> {
  const { rows } = await pool.query<QueueJob>(
    `SELECT id::text, task_identifier AS "taskIdentifier", queue_name AS "queueName", state, attempts,
            max_attempts AS "maxAttempts", last_error AS "lastError", run_at AS "runAt", locked_at AS "lockedAt",
            created_at AS "createdAt"
     FROM (SELECT *, ${STATE_SQL} AS state, row_number() OVER (PARTITION BY ${STATE_SQL} ORDER BY id DESC) AS n
           FROM graphile_worker.jobs) j
     WHERE n <= ${PAGE} AND ($1::text IS NULL OR state = $1)
     ORDER BY j.id DESC`,
    [state ?? null],
  );
  return rows;
}

async function failedJob(pool: pg.Pool, id: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(id)) return false;
  const { rows } = await pool.query(
    `SELECT 1 FROM graphile_worker.jobs WHERE id = $1 AND locked_at IS NULL AND attempts >= max_attempts`,
    [id],
  );
  return rows.length > 0;
}

/** Runs a failed job again now, with its attempts counted from zero. False when there is no such failed job. */
export async function retryQueueJob(pool: pg.Pool, id: string): Promise<boolean> {
  if (!(await failedJob(pool, id))) return false;
  const { rows } = await pool.query(
    `SELECT id FROM graphile_worker.reschedule_jobs(ARRAY[$1::bigint], run_at := now(), attempts := 0)`,
    [id],
  );
  return rows.length > 0;
}

/** Deletes a failed job. False when there is no such failed job. */
export async function removeQueueJob(pool: pg.Pool, id: string): Promise<boolean> {
  if (!(await failedJob(pool, id))) return false;
  const { rows } = await pool.query(`SELECT id FROM graphile_worker.complete_jobs(ARRAY[$1::bigint])`, [id]);
  return rows.length > 0;
}
