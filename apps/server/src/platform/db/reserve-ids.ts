import type pg from 'pg';

/** Test seam: runs after the range's first id is taken and before the sequence moves past the range. */
export interface ReserveHooks {
  afterFirst?(): Promise<void>;
}

/**
 * Takes `count` consecutive ids from `table`'s id identity in one step, so a bulk INSERT … SELECT supplies its own
 * ids (an identity default per row pulls every row through the coordinator on Citus, ARCHITECTURE §6). Returns the
 * id before the first, so the k-th id (1-based) is that plus k. Unused ids of a failed load are only a gap.
 *
 * A sequence hands out values outside transactions, so between taking the first id and moving the sequence past the
 * range, a single insert's default id would land inside it. A no-op ALTER SEQUENCE holds the sequence against
 * nextval (its lock conflicts with the one nextval takes) until this commits, a few milliseconds: a default id
 * taken meanwhile waits and comes after the range, and two bulk loads take their ranges one after the other. On
 * Citus the ALTER stays on the coordinator, whose sequence is the one handing out the defaults; the same test proves
 * the hold there.
 */
export async function reserveIds(
  client: pg.ClientBase,
  table: string,
  count: number,
  hooks: ReserveHooks = {},
): Promise<number> {
  if (count === 0) return 0;
  await client.query('BEGIN');
  try {
    const { rows: named } = await client.query<{ sequence: string }>(
      `SELECT pg_get_serial_sequence($1, 'id') AS sequence`,
      [`public.${table}`],
    );
    // The name as PostgreSQL gives it: schema-qualified and quoted where it must be.
    const sequence = named[0].sequence;
    await client.query(`SET LOCAL citus.enable_ddl_propagation TO off`);
    await client.query(`ALTER SEQUENCE ${sequence} INCREMENT BY 1`);
    const { rows } = await client.query<{ first: string }>(`SELECT nextval($1) AS first`, [sequence]);
    const first = Number(rows[0].first);
    await hooks.afterFirst?.();
    await client.query(`SELECT setval($1, $2)`, [sequence, first + count - 1]);
    await client.query('COMMIT');
    return first - 1;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
