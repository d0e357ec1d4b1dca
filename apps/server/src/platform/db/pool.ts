import pg from 'pg';

// Bigint ids and counts arrive as strings by default; every id here is below 2^53, so parse them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** The process's shared pool (the ORM, the bulk paths, the job runner), and each long run's own (withOwnConnections). */
export function createPool(
  connectionString: string,
  onIdleError: (err: Error) => void,
  max = 20,
  /** What pg_stat_activity calls the pool's connections (PostgreSQL's default: none). */
  applicationName?: string,
): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: applicationName });
  // A pooled connection that drops while idle must not crash the process; the pool replaces it.
  pool.on('error', onIdleError);
  pool.on('connect', (client) => client.on('error', onIdleError));
  return pool;
}

/** Node's socket errors and PostgreSQL's own for a server that is going or not yet back (class 08, 57P01–57P03). */
const LOST_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether err means the database could not be reached (down, restarting, the connection cut), rather than that the
 * statement was wrong: the same statement may succeed once it is back. Drizzle wraps the driver's error in its
 * cause; pg reports a cut connection by message only.
 */
export function isConnectionLoss(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (LOST_CONNECTION_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code))
      return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/.test(
        message,
      )
    )
      return true;
    e = (e.cause ?? null) as typeof e;
  }
  return false;
}

/**
 * Runs fn again while the database is unreachable, waiting 0.25 s doubling to 5 s between tries, until it succeeds,
 * fails otherwise, or `giveUpAt` (ms since the epoch) has passed: what must not be lost while PostgreSQL restarts (a
 * send's recorded outcome) waits for it instead of failing.
 */
export async function retryWhileUnreachable<T>(
  fn: () => Promise<T>,
  o: { giveUpAt?: number; onWait?: (err: unknown, waitMs: number) => void } = {},
): Promise<T> {
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await fn();
    } catch (err) {
      if (!isConnectionLoss(err) || (o.giveUpAt !== undefined && Date.now() + wait > o.giveUpAt)) throw err;
      o.onWait?.(err, wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
