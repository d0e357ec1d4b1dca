import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { withSystemAtOnce } from './system-at-once';

let app: TestApp;

const organizationsNamed = async (name: string) =>
  Number((await app.sql(`SELECT count(*) FROM organizations WHERE name = $1`, [name])).rows[0].count);

beforeAll(async () => {
  app = await createTestApp();
}, 60_000);

describe('withSystemAtOnce', () => {
  it('runs as the application role with the system context, and commits what fn wrote', async () => {
    const context = await withSystemAtOnce(app.platform.database, 'test-at-once', async (tx) => {
      await tx.execute(sql`INSERT INTO organizations (name, domain) VALUES ('At once', 'at-once.test')`);
      const { rows } = await tx.execute<{ role: string; system: string; name: string }>(
        sql`SELECT current_user AS role, current_setting('app.system') AS system, current_setting('application_name') AS name`,
      );
      return rows[0];
    });
    expect(context).toEqual({ role: 'canvass_app', system: 'on', name: 'system:test-at-once' });
    expect(await organizationsNamed('At once')).toBe(1);
  });

  it('rolls back everything when fn fails, and the connection goes back with no transaction or context', async () => {
    await expect(
      withSystemAtOnce(app.platform.database, 'test-at-once', async (tx) => {
        await tx.execute(sql`INSERT INTO organizations (name, domain) VALUES ('Rolled back', 'rolled-back.test')`);
        throw new Error('fn failed');
      }),
    ).rejects.toThrow('fn failed');
    expect(await organizationsNamed('Rolled back')).toBe(0);
    // Every idle pooled connection, the one just used among them, is clean: no transaction, the pool's own role.
    const { pool } = app.platform.database;
    const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    expect(clients.length).toBeGreaterThan(0);
    try {
      for (const client of clients) {
        const { rows } = await client.query(
          `SELECT now() = statement_timestamp() AS outside, current_user <> 'canvass_app' AS own_role,
                  coalesce(current_setting('app.system', true), '') <> 'on' AS no_system`,
        );
        expect(rows[0]).toEqual({ outside: true, own_role: true, no_system: true });
      }
    } finally {
      clients.forEach((c) => c.release());
    }
  });

  it('rolls back when a statement fails, and answers with that failure', async () => {
    await expect(
      withSystemAtOnce(app.platform.database, 'test-at-once', async (tx) => {
        await tx.execute(sql`INSERT INTO organizations (name, domain) VALUES ('Half done', 'half-done.test')`);
        await tx.execute(sql`SELECT 1 / 0`);
      }),
    ).rejects.toThrow(/Failed query: SELECT 1 \/ 0/);
    expect(await organizationsNamed('Half done')).toBe(0);
  });

  it('runs a Prepared statement with its values, in the system context, however often a connection reuses it', async () => {
    const statement = {
      name: 'test_at_once_prepared',
      text: `SELECT $1::int AS n, current_setting('app.system') AS system`,
    };
    // More runs than the server's custom plans before it settles on a generic one (five), on the pool's connections.
    for (let n = 1; n <= 8; n++) {
      const rows = await withSystemAtOnce(app.platform.database, 'test-at-once', (tx) => tx.run(statement, [n]));
      expect(rows).toEqual([{ n, system: 'on' }]);
    }
  });
});
