import { sql } from 'drizzle-orm';
import { clientsService } from '../apps/server/src/modules/clients/clients.service';
import { resolveViewer } from '../apps/server/src/platform/auth/resolve-viewer';
import { withTenant } from '../apps/server/src/platform/db/tenant';
import type { Platform } from '../apps/server/src/platform/platform';
import { encodeCursor } from '../apps/server/src/platform/resources/list-query';
import { copyOutSeconds, timedExport } from './export-job';
import { listLoad, listLoadWide } from './list-load';
import { projectLoad } from './project-load';
import { rowsExport } from './rows-export';
import { seedOrganizations, type SeededOrg } from './seed';
import { sendDispatch } from './send-dispatch';
import { webhookIngest } from './webhook-ingest';
import { benchPlatform, medianMs, pairedMediansMs } from './setup';
import { xlsxLoad } from './xlsx-load';

/** What a result must reach; every bound given must hold. */
export interface Target {
  valueAtMost?: number;
  valueAtLeast?: number;
  ratioAtMost?: number;
  ratioAtLeast?: number;
  /** Memory stays flat: RSS may grow at most this much while the measured work runs. */
  rssGrowthMbAtMost?: number;
}
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  target: Target;
  /** Further figures printed and written with the result (RSS during the work, rows …). */
  extra?: Record<string, number>;
}
export interface Benchmark {
  name: string;
  description: string;
  /** One or more results, each with its own name (list-page also measures the first page). */
  run(): Promise<BenchResult[]>;
}

/** `orgs` organizations, each with its Manager, and `rowsEach` clients apiece. */
export async function seedClients(platform: Platform, orgs: number, rowsEach: number): Promise<SeededOrg[]> {
  const seeded = await seedOrganizations(platform, orgs);
  await insertClients(
    platform,
    seeded.map((o) => o.organizationId),
    rowsEach,
  );
  await ensureSortIndex(platform, 'clients', 'created_at');
  // What autovacuum does on a live database: statistics, and the visibility map that index-only counts use.
  await platform.database.pool.query('VACUUM ANALYZE clients');
  return seeded;
}

/**
 * `rowsEach` clients for each organization, interleaved in the heap as real tenants are, in one INSERT … SELECT
 * (seeding, so on the pool's own connection). Every third client belongs to the agency two rows before it, so the
 * export resolves real references; ids are given so the agency is known in the same statement.
 */
async function insertClients(platform: Platform, orgIds: number[], rowsEach: number) {
  const pool = platform.database.pool;
  const n = orgIds.length;
  await pool.query(
    `INSERT INTO clients (id, organization_id, name, client_type, client_status, email, phone, state, created_at, agency_id)
     OVERRIDING SYSTEM VALUE
     SELECT base + (g - 1) * $2 + k, ($1::bigint[])[k], 'Client ' || g,
            (ARRAY['Campaign','Agency','Other']::client_type[])[1 + g % 3], 'Active', 'c' || g || '@example.test',
            (2125550000 + g % 10000)::text, 'NY', now() - (g || ' seconds')::interval,
            CASE WHEN g % 3 = 0 THEN base + (g - 3) * $2 + k END
       FROM (SELECT coalesce(max(id), 0) AS base FROM clients) b, generate_series(1, $3::int) g,
            generate_series(1, $2::int) k`,
    [orgIds, n, rowsEach],
  );
  await pool.query(`SELECT setval(pg_get_serial_sequence('clients', 'id'), (SELECT max(id) FROM clients))`);
}

/**
 * The list index (organization_id, column, id). The DB schema owns these indexes; until its migration has one
 * for this column, the benchmark creates it, so it measures the query against the index it is written for.
 */
async function ensureSortIndex(platform: Platform, table: string, column: string) {
  const { rows } = await platform.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_index i
      WHERE i.indrelid = $1::regclass
        AND (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum) = $2::text[]`,
    [table, ['organization_id', column, 'id']],
  );
  if (rows[0].n > 0) return;
  console.log(`  (no index on ${table} (organization_id, ${column}, id) in the migrations yet: created for the run)`);
  await platform.database.pool.query(
    `CREATE INDEX bench_${table}_org_${column}_id_idx ON ${table} (organization_id, ${column}, id)`,
  );
}

const PAGE = 50;

const listPage: Benchmark = {
  name: 'list-page',
  description:
    'the 100th page of 50 clients of one organization (4 × 250k) through the generic list, vs a hand-written keyset query; and the first page with its totalCount',
  async run() {
    const { platform, close } = await benchPlatform();
    try {
      const orgs = await seedClients(platform, 4, 250_000);
      const ids = orgs[1];
      const viewer = (await resolveViewer(platform.database, [], ids))!;
      const scope = { organizationIds: [ids.organizationId], userId: ids.userId };
      const org = ids.organizationId;
      // Where the 99th page ends, found once: both sides then read the same page by keyset.
      const { rows } = await platform.database.pool.query<{ k: string; id: number }>(
        `SELECT created_at::text AS k, id FROM clients WHERE organization_id = $1
          ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
        [org, 99 * PAGE - 1],
      );
      const { k, id } = rows[0];
      const after = encodeCursor(k, Number(id));
      // As the index screen asks for it: the count on its first page only, and its columns, none of the fields
      // the clients' decorate hook computes (phone numbers, sub-client counts, favorites).
      const generic = () =>
        withTenant(platform.database, scope, (tx) =>
          clientsService.list(tx, viewer, { first: PAGE, after }, { count: false, decorate: false }),
        );
      const decorated = () =>
        withTenant(platform.database, scope, (tx) =>
          clientsService.list(tx, viewer, { first: PAGE, after }, { count: false }),
        );
      const handWritten = () =>
        withTenant(platform.database, scope, (tx) =>
          tx.execute<{ id: number }>(sql`
            SELECT * FROM clients WHERE organization_id = ${org} AND (created_at, id) < (${k}::timestamptz, ${id})
             ORDER BY created_at DESC, id DESC LIMIT ${PAGE + 1}`),
        );
      const [page, raw] = [await generic(), await handWritten()];
      const same =
        page.rows.map((r) => Number(r.id)).join() ===
        raw.rows
          .slice(0, PAGE)
          .map((r) => Number(r.id))
          .join();
      if (!same) throw new Error('the generic page and the hand-written page differ');
      const [genericMs, handWrittenMs] = await pairedMediansMs(101, generic, handWritten);
      const decoratedMs = await medianMs(21, decorated);

      const firstPage = () =>
        withTenant(platform.database, scope, (tx) =>
          clientsService.list(tx, viewer, { first: PAGE }, { decorate: false }),
        );
      const first = await firstPage();
      if (first.totalCount !== 10_000 || !first.totalCountIsCapped) throw new Error('the first page is not capped');
      const firstMs = await medianMs(21, firstPage);
      // What the first page cost before: the page and an exact count of the organization.
      const exactMs = await medianMs(11, () =>
        withTenant(platform.database, scope, async (tx) => {
          await tx.execute(
            sql`SELECT * FROM clients WHERE organization_id = ${org} ORDER BY created_at DESC, id DESC LIMIT ${PAGE + 1}`,
          );
          await tx.execute(sql`SELECT count(*) FROM clients WHERE organization_id = ${org}`);
        }),
      );
      return [
        {
          name: 'list-page',
          value: genericMs,
          unit: 'ms',
          baseline: handWrittenMs,
          target: { valueAtMost: 5, ratioAtMost: 2 },
          extra: { withDecorateHookMs: decoratedMs },
        },
        { name: 'list-first-page', value: firstMs, unit: 'ms', baseline: exactMs, target: { valueAtMost: 30 } },
      ];
    } finally {
      await close();
    }
  },
};

const EXPORT_ROWS = 1_000_000;

const exportCsv: Benchmark = {
  name: 'export-csv',
  description: `exporting ${EXPORT_ROWS.toLocaleString('en-US')} clients to CSV through the export job, vs COPY … TO STDOUT of the same rows`,
  async run() {
    const { platform, close } = await benchPlatform();
    try {
      const [ids] = await seedClients(platform, 1, EXPORT_ROWS);
      const select = `SELECT name, client_type, client_status, agency_id, email, website, phone, state, slug, created_at
                        FROM clients WHERE organization_id = ${Number(ids.organizationId)}`;
      await copyOutSeconds(platform, select); // warms the cache for both sides
      const job = await timedExport(platform, ids, { query: 'clients', filters: [] });
      const copySeconds = await copyOutSeconds(platform, select);
      if (job.lines !== EXPORT_ROWS + 1) throw new Error(`the export wrote ${job.lines} lines, not ${EXPORT_ROWS + 1}`);
      return [
        {
          name: 'export-csv',
          value: EXPORT_ROWS / job.seconds,
          unit: 'rows/s',
          baseline: EXPORT_ROWS / copySeconds,
          target: { ratioAtLeast: 0.2, rssGrowthMbAtMost: 64 },
          extra: { rows: EXPORT_ROWS, rssStartMb: job.rssStartMb, rssPeakMb: job.rssPeakMb },
        },
      ];
    } finally {
      await close();
    }
  },
};

export const benchmarks: Benchmark[] = [
  listPage,
  exportCsv,
  rowsExport,
  listLoad,
  listLoadWide,
  xlsxLoad,
  projectLoad,
  webhookIngest,
  sendDispatch,
];
