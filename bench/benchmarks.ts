import { sql } from 'drizzle-orm';
import { to as copyTo } from 'pg-copy-streams';
import { exportCsvJob } from '../apps/server/src/modules/exports/exports.jobs';
import { clientsService } from '../apps/server/src/modules/clients/clients.service';
import { seedRestrictions } from '../apps/server/src/modules/demo/demo-seed';
import { resolveViewer } from '../apps/server/src/platform/auth/resolve-viewer';
import { organizations, organizationUsers, users } from '../apps/server/src/platform/db/schema/index';
import { withSystem, withTenant } from '../apps/server/src/platform/db/tenant';
import { startBackgroundTask } from '../apps/server/src/platform/jobs/background-tasks';
import type { Platform } from '../apps/server/src/platform/platform';
import { benchPlatform, medianMs } from './setup';

export interface BenchResult {
  value: number;
  unit: string;
  baseline: number;
  target: string;
}
export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<BenchResult>;
}

/** One organization, its admin, and `rows` clients inserted in one INSERT … SELECT. */
async function seedClients(platform: Platform, rows: number) {
  return withSystem(platform.database, 'bench-seed', async (tx) => {
    const [org] = await tx.insert(organizations).values({ name: 'Bench', domain: 'bench.test' }).returning();
    await seedRestrictions(tx, org.id);
    const [user] = await tx.insert(users).values({ name: 'Bench Admin', email: 'bench@bench.test' }).returning();
    await tx.insert(organizationUsers).values({ organizationId: org.id, userId: user.id, role: 'Manager' });
    await tx.execute(sql`
      INSERT INTO clients (organization_id, name, client_type, client_status, email, state, created_at)
      SELECT ${org.id}, 'Client ' || g, (ARRAY['Campaign','Agency','Other']::client_type[])[1 + g % 3], 'Active',
             'c' || g || '@example.test', 'NY', now() - (g || ' seconds')::interval
        FROM generate_series(1, ${rows}) g`);
    await tx.execute(sql`ANALYZE clients`);
    return { organizationId: org.id, userId: user.id };
  });
}

const listPage: Benchmark = {
  name: 'list-page',
  description: 'reading the 100th page of 50 clients (of 200k) through the generic list, vs the same raw SQL',
  async run() {
    const { platform, close } = await benchPlatform();
    try {
      const ids = await seedClients(platform, 200_000);
      const viewer = (await resolveViewer(platform.database, [], ids))!;
      const scope = { organizationIds: [ids.organizationId], userId: ids.userId };
      // The cursor of the 99th page, found once: both sides then read the same page by keyset.
      const cursorRow = await withTenant(platform.database, scope, (tx) =>
        tx.execute<{ created_at: string; id: number }>(
          sql`SELECT created_at, id FROM clients ORDER BY created_at DESC, id DESC OFFSET ${99 * 50 - 1} LIMIT 1`,
        ),
      );
      const { created_at, id } = cursorRow.rows[0];
      const after = Buffer.from(JSON.stringify({ k: new Date(created_at).toISOString(), id })).toString('base64url');
      const generic = await medianMs(15, () =>
        withTenant(platform.database, scope, (tx) => clientsService.list(tx, viewer, { first: 50, after })),
      );
      const raw = await medianMs(15, () =>
        withTenant(platform.database, scope, async (tx) => {
          await tx.execute(
            sql`SELECT * FROM clients WHERE (created_at, id) < (${created_at}::timestamptz, ${id}) ORDER BY created_at DESC, id DESC LIMIT 51`,
          );
          await tx.execute(sql`SELECT count(*) FROM clients`);
        }),
      );
      return { value: generic, unit: 'ms', baseline: raw, target: 'ratio ≤ 3' };
    } finally {
      await close();
    }
  },
};

const exportCsv: Benchmark = {
  name: 'export-csv',
  description: 'exporting 100k clients to CSV through the export job, vs COPY … TO STDOUT of the same rows',
  async run() {
    const { platform, close } = await benchPlatform();
    try {
      const rows = 100_000;
      const ids = await seedClients(platform, rows);
      const scope = { organizationIds: [ids.organizationId], userId: ids.userId };
      const task = await withTenant(platform.database, scope, (tx) =>
        startBackgroundTask(tx, exportCsvJob, ids, { query: 'clients', filters: [] }),
      );
      const t = process.hrtime.bigint();
      await exportCsvJob.run(
        { ...ids, taskId: task.id, query: 'clients', filters: [] },
        { platform, progress: async () => {} },
      );
      const jobSeconds = Number(process.hrtime.bigint() - t) / 1e9;
      const client = await platform.database.pool.connect();
      const c = process.hrtime.bigint();
      try {
        const stream = client.query(
          copyTo(
            `COPY (SELECT name, client_type, client_status, agency_id, email, website, phone, state, slug, created_at FROM clients) TO STDOUT WITH CSV`,
          ),
        );
        for await (const chunk of stream) void chunk;
      } finally {
        client.release();
      }
      const copySeconds = Number(process.hrtime.bigint() - c) / 1e9;
      return { value: rows / jobSeconds, unit: 'rows/s', baseline: rows / copySeconds, target: 'ratio ≥ 0.05' };
    } finally {
      await close();
    }
  },
};

export const benchmarks: Benchmark[] = [listPage, exportCsv];
