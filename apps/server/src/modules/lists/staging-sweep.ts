import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem } from '../../platform/db/tenant';
import { defineJob } from '../../platform/jobs/registry';
import type { Platform } from '../../platform/platform';

/** A load that has not moved for this long was killed: its staging table is dropped. */
const DEAD_AFTER = '6 hours';

/**
 * Drops the staging tables no load is using: their list is not loading, is gone, or has not changed for hours.
 * The next load of a list drops its own leftover anyway; this frees the disk of lists nobody reloads.
 */
export async function sweepListStaging(platform: Platform): Promise<string[]> {
  const { rows: tables } = await platform.database.pool.query<{ name: string; org: string; list: string }>(
    `SELECT tablename AS name, substring(tablename FROM '^list_(\\d+)_\\d+$') AS org,
            substring(tablename FROM '^list_\\d+_(\\d+)$') AS list
       FROM pg_tables WHERE schemaname = 'canvass_staging' AND tablename ~ '^list_\\d+_\\d+$'`,
  );
  if (tables.length === 0) return [];
  // Across organizations by nature: one named system read of the lists the tables belong to.
  const live = await withSystem(platform.database, 'list-staging-sweep', async (tx) => {
    const { rows } = await tx.execute<{ organization_id: string; id: string }>(
      sql`SELECT organization_id, id FROM lists
           WHERE list_status IN ('Submitted', 'AwaitingLoad', 'Loading', 'LoadingPhones')
             AND updated_at > now() - ${DEAD_AFTER}::interval`,
    );
    return new Set(rows.map((r) => `${r.organization_id}_${r.id}`));
  });
  const dropped: string[] = [];
  for (const t of tables) {
    if (live.has(`${t.org}_${t.list}`)) continue;
    await platform.database.pool.query(`DROP TABLE IF EXISTS canvass_staging.${t.name}`);
    dropped.push(t.name);
  }
  return dropped;
}

/** Daily, on one worker: the sweep above. */
export const sweepListStagingJob = defineJob({
  name: 'sweepListStaging',
  payload: z.looseObject({}),
  maxAttempts: 3,
  crontab: '41 3 * * *',
  async run(_payload, { platform }) {
    const dropped = await sweepListStaging(platform);
    if (dropped.length) platform.logger.info({ dropped }, 'list staging tables dropped');
  },
});
