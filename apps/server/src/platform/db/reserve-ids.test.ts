import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { reserveIds } from './reserve-ids';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
}, 60_000);

async function waitsOnLock(pid: number): Promise<boolean> {
  const { rows } = await app.platform.database.pool.query<{ waiting: boolean }>(
    `SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1`,
    [pid],
  );
  return rows[0]?.waiting === true;
}

describe('reserveIds', () => {
  it('keeps a single insert’s default id out of the range while it is being taken', async () => {
    const { pool } = app.platform.database;
    const reserver = await pool.connect();
    const other = await pool.connect();
    try {
      const { rows: pids } = await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      let otherId: Promise<number> | undefined;
      const before = await reserveIds(reserver, 'rows', 1_000, {
        async afterFirst() {
          // Another writer's default id, asked for between the range's first id and the sequence moving past it.
          let settled = false;
          otherId = other
            .query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('public.rows', 'id')) AS id`)
            .then((r) => Number(r.rows[0].id))
            .finally(() => (settled = true));
          // Go on once that id is either handed out (the hold failed, and the id below lands in the range) or waiting
          // on the reservation's lock: no clock decides the outcome, so a slow machine cannot make it pass or fail.
          while (!settled && !(await waitsOnLock(pids[0].pid))) await new Promise((r) => setTimeout(r, 10));
        },
      });
      const id = await otherId!;
      expect(id).toBeGreaterThan(before + 1_000);
    } finally {
      reserver.release();
      other.release();
    }
  });

  it('gives two reservations ranges that do not overlap', async () => {
    const { pool } = app.platform.database;
    const clients = await Promise.all([pool.connect(), pool.connect()]);
    try {
      const [a, b] = await Promise.all(clients.map((c) => reserveIds(c, 'rows', 500)));
      expect(Math.abs(a - b)).toBeGreaterThanOrEqual(500);
    } finally {
      for (const c of clients) c.release();
    }
  });
});
