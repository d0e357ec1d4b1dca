import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { serverRoot } from '../paths';
import type { Database } from './tenant';

/** How many months of texts partitions exist ahead of the current one (created at start and daily). */
export const TEXT_PARTITION_MONTHS_AHEAD = 3;

export const migrationsFolder = path.join(serverRoot, 'migrations');

/**
 * Applies the committed migrations, then re-asserts what must hold for every table whatever migration added it:
 * FORCE row-level security wherever RLS is on (so even the tables' owner sees nothing without a scope). Safe to run from many processes at once: drizzle's migrator takes
 * no lock, so a PostgreSQL advisory lock serialises concurrent starts.
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7140001)');
    await migrate(database.db, { migrationsFolder });
    await client.query(`
      DO $$ DECLARE r record; BEGIN
        FOR r IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relrowsecurity AND NOT c.relforcerowsecurity
        LOOP EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', r.relname); END LOOP;
      END $$;`);
    // Texts' partitions for this month and the next three, in case the process was down when the daily job
    // (ensureTextPartitions) would have made them.
    await client.query(`SELECT canvass_ensure_text_partitions(${TEXT_PARTITION_MONTHS_AHEAD})`);
  } finally {
    await client.query('SELECT pg_advisory_unlock(7140001)').catch(() => {});
    client.release();
  }
}
