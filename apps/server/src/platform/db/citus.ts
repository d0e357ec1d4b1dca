import type pg from 'pg';

const known = new WeakMap<pg.Pool, Promise<boolean>>();

/**
 * Whether the pool's database runs Citus, asked once per pool: a hot path that may send a scope and its statement
 * in one query string on PostgreSQL must send them apart on Citus (see tenantContext).
 */
export function hasCitus(pool: pg.Pool): Promise<boolean> {
  let answer = known.get(pool);
  if (!answer) {
    answer = pool
      .query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`)
      .then((r) => r.rows.length > 0)
      .catch((err: unknown) => {
        known.delete(pool);
        throw err;
      });
    known.set(pool, answer);
  }
  return answer;
}
