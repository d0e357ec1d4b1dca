import type { Platform } from '../apps/server/src/platform/platform';
import type { Benchmark } from './benchmarks';
import { copyOutSeconds, timedExport } from './export-job';
import { seedOrganizations } from './seed';
import { benchPlatform } from './setup';

const ROWS = 1_000_000;

/**
 * A Loaded list of `ROWS` rows as a load leaves them, in one INSERT … SELECT: 14 columns filled (number as found
 * and cleaned, names, state, status, five kept cells); 2 % invalid numbers, 1 % duplicates, the rest valid.
 */
async function seedListRows(platform: Platform, organizationId: number): Promise<number> {
  const pool = platform.database.pool;
  const { rows: lists } = await pool.query(
    `INSERT INTO lists (organization_id, name, list_status, rows_count, valid_rows_count, invalid_rows_count,
                        duplicate_rows_count, last_loaded_at)
     VALUES ($1, 'Voters', 'Loaded', $2, $2 - $2 / 50 - $2 / 100, $2 / 50, $2 / 100, now()) RETURNING id`,
    [organizationId, ROWS],
  );
  const listId = Number(lists[0].id);
  await pool.query(
    `INSERT INTO rows (organization_id, list_id, position, raw_phone_number, to_phone_number, first_name, last_name,
                       state, row_status, column_one, column_two, column_three, column_four, column_five)
     SELECT $1, $2, g, CASE WHEN g % 50 = 7 THEN '555-0100' ELSE '(212) ' || lpad((2000000 + g)::text, 7, '0') END,
            CASE WHEN g % 50 = 7 THEN NULL ELSE '212' || (2000000 + g - (g % 100 = 13)::int * 5) END,
            (ARRAY['Ada','Bob','Cy','Dee','Eve','Flo','Gus'])[1 + g % 7], (ARRAY['Smith','Jones','Garcia','Lee'])[1 + g % 4],
            'NY', (CASE WHEN g % 50 = 7 THEN 'Invalid' WHEN g % 100 = 13 THEN 'Duplicate' ELSE 'Valid' END)::row_status,
            g || ' Main St', 'Springfield', (10000 + g % 89999)::text, 'voter' || g || '@example.test',
            CASE WHEN g % 2 = 0 THEN 'DEM' ELSE 'REP' END
       FROM generate_series(1, $3::int) g`,
    [organizationId, listId, ROWS],
  );
  // What a load stores with its rows: the range of their ids (ascending in sheet order, as generated here).
  await pool.query(
    `UPDATE lists SET first_row_id = r.first, last_row_id = r.last
       FROM (SELECT min(id) AS first, max(id) AS last FROM rows WHERE organization_id = $1 AND list_id = $2) r
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, listId],
  );
  // What autovacuum does on a live database: statistics, and the visibility map.
  await pool.query('VACUUM ANALYZE rows');
  return listId;
}

/** The rows tab's Export button: the list's rows, filtered to the list and in sheet order, through the export job. */
export const rowsExport: Benchmark = {
  name: 'rows-export',
  description: `exporting the ${ROWS.toLocaleString('en-US')} rows of a list to CSV through the export job (as the rows tab's Export), vs COPY … TO STDOUT of the same rows and columns`,
  async run() {
    const { platform, close } = await benchPlatform();
    try {
      const [ids] = await seedOrganizations(platform, 1);
      const listId = await seedListRows(platform, ids.organizationId);
      const select = `SELECT position, raw_phone_number, to_phone_number, first_name, last_name, state, row_status
                        FROM rows WHERE organization_id = ${ids.organizationId} AND list_id = ${listId}`;
      await copyOutSeconds(platform, select); // warms the cache for both sides
      const job = await timedExport(platform, ids, {
        query: 'rows',
        filters: [{ field: 'listId', operation: 'Equal', value: String(listId) }],
      });
      const copySeconds = await copyOutSeconds(platform, select);
      if (job.lines !== ROWS + 1) throw new Error(`the export wrote ${job.lines} lines, not ${ROWS + 1}`);
      return [
        {
          name: 'rows-export',
          value: ROWS / job.seconds,
          unit: 'rows/s',
          baseline: ROWS / copySeconds,
          target: { ratioAtLeast: 0.2, rssGrowthMbAtMost: 64 },
          extra: {
            rows: ROWS,
            exportSeconds: job.seconds,
            copySeconds,
            rssStartMb: job.rssStartMb,
            rssPeakMb: job.rssPeakMb,
          },
        },
      ];
    } finally {
      await close();
    }
  },
};
