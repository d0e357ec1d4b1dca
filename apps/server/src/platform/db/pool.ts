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
