import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { reserveIds } from './reserve-ids';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
}, 60_000);

describe('reserveIds', () => {
  it('keeps a single insert’s default id out of the range while it is being taken', async () => {
    const { pool } = app.platform.database;
    const reserver = await pool.connect();
    const other = await pool.connect();
    try {
      let otherId: Promise<number> | undefined;
      let settledEarly = false;
      const before = await reserveIds(reserver, 'rows', 1_000, {
        async afterFirst() {
          // Another writer's default id, asked for between the range's first id and the sequence moving past it.
          otherId = other
            .query<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('public.rows', 'id')) AS id`)
            .then((r) => Number(r.rows[0].id));
          void otherId.then(() => (settledEarly = true));
          await new Promise((resolve) => setTimeout(resolve, 200));
        },
      });
      expect(settledEarly).toBe(false);
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
