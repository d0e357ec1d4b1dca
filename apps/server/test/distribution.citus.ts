import { beforeAll, describe, expect, it } from 'vitest';
import { distributeDatabase } from '../src/platform/db/distribute';
import { createTestApp, type TestApp } from './harness';

// Citus only (vitest.citus.config.ts): what `canvass db distribute` leaves behind on the cluster.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

describe('a distributed database', () => {
  it('has organizations and users as reference tables and every tenant table distributed in one group', async () => {
    const { rows } = await app.sql(`
      SELECT c.relname, p.partmethod, p.colocationid
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_dist_partition p ON p.logicalrelid = c.oid
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
         AND (c.relname IN ('organizations', 'users')
              OR EXISTS (SELECT FROM pg_attribute o WHERE o.attrelid = c.oid AND o.attname = 'organization_id'))`);
    const reference = rows.filter((r) => r.partmethod === 'n').map((r) => r.relname);
    expect(reference.sort()).toEqual(['organizations', 'users']);
    const distributed = rows.filter((r) => r.partmethod === 'h');
    expect(distributed.length).toBe(rows.length - 2);
    expect(distributed.map((r) => r.relname)).toContain('texts');
    expect(new Set(distributed.map((r) => r.colocationid)).size).toBe(1);
    const { rows: keys } = await app.sql(
      `SELECT DISTINCT column_to_column_name(logicalrelid, partkey) AS key FROM pg_dist_partition WHERE partmethod = 'h'`,
    );
    expect(keys).toEqual([{ key: 'organization_id' }]);
  });

  it("leaves graphile-worker's tables on the coordinator", async () => {
    const { rows } = await app.sql(`
      SELECT logicalrelid::regclass::text AS t FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'graphile_worker'`);
    expect(rows).toEqual([]);
  });

  it('lets the app role log in and forwards SET LOCAL to the workers', async () => {
    expect((await app.sql(`SELECT rolcanlogin FROM pg_roles WHERE rolname = 'canvass_app'`)).rows[0].rolcanlogin).toBe(
      true,
    );
    expect((await app.sql(`SELECT current_setting('citus.propagate_set_commands') AS v`)).rows[0].v).toBe('local');
  });

  it('distributes nothing twice: a second run changes nothing', async () => {
    const again = await distributeDatabase(app.platform.database.pool);
    expect([again.reference, again.distributed]).toEqual([[], []]);
    expect(again.alreadyDone).toContain('clients');
  });

  it('distributes the texts partitions created ahead, several in one call, on a busy cluster', async () => {
    // A busy cluster opens a second connection per worker for a partition's shards (parallel DDL), after which the
    // next partition's foreign key to a reference table cannot be made in the same transaction: forced here.
    await app.sql('SET citus.force_max_query_parallelization TO on; SELECT canvass_ensure_text_partitions(8)');
    const { rows } = await app.sql(`
      SELECT count(*)::int AS n FROM pg_inherits i
        LEFT JOIN pg_dist_partition p ON p.logicalrelid = i.inhrelid
       WHERE i.inhparent = 'public.texts'::regclass AND p.logicalrelid IS NULL`);
    expect(rows[0].n).toBe(0);
  });
});
