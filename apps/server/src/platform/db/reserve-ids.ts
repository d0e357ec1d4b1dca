import type pg from 'pg';

/**
 * Takes `count` consecutive ids from `table`'s id identity in one step, so a bulk INSERT … SELECT supplies its own
 * ids (an identity default per row pulls every row through the coordinator on Citus, ARCHITECTURE §6). The bulk
 * loads of a table take their ranges under one advisory lock, so two never take the same range; a default id taken
 * meanwhile by a single insert comes before or after it, never inside. Returns the id before the first, so the
 * k-th id (1-based) is that plus k. Unused ids of a failed load are only a gap.
 */
export async function reserveIds(client: pg.ClientBase, table: string, count: number): Promise<number> {
  if (count === 0) return 0;
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`canvass.${table}.id`]);
    const { rows } = await client.query<{ first: string }>(
      `SELECT nextval(pg_get_serial_sequence($1, 'id')) AS first`,
      [`public.${table}`],
    );
    const first = Number(rows[0].first);
    await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2)`, [`public.${table}`, first + count - 1]);
    await client.query('COMMIT');
    return first - 1;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
