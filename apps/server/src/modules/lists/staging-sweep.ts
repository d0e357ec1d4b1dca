import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem } from '../../platform/db/tenant';
import { defineJob } from '../../platform/jobs/registry';
import type { Platform } from '../../platform/platform';
import type { StagingKind } from './staging';

/** A load or import that has not moved for this long was killed: its staging table is dropped. */
const DEAD_AFTER = sql`now() - interval '6 hours'`;

/**
 * For each kind of staging table (staging.ts), the owners (organization_id, id) that may be using theirs: a list
 * loading, a data import queued or running, either changed within the last hours.
 */
const BUSY: Record<StagingKind, SQL> = {
  list: sql`SELECT organization_id, id FROM lists
             WHERE list_status IN ('Submitted', 'AwaitingLoad', 'Loading', 'LoadingPhones') AND updated_at > ${DEAD_AFTER}`,
  import: sql`SELECT organization_id, id FROM data_imports
               WHERE status IN ('Queued', 'Running') AND updated_at > ${DEAD_AFTER}`,
};

const NAME = /^(list|import)_(\d+)_(\d+)$/;

/**
 * Drops the staging tables nothing is using: their owner (a list, a data import) is not running, is gone, or has not
 * changed for hours. The owner's next run drops its own leftover anyway; this frees the disk of those nobody reruns.
 */
export async function sweepStaging(platform: Platform): Promise<string[]> {
  const { rows } = await platform.database.pool.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'canvass_staging' AND tablename ~ $1`,
    [NAME.source],
  );
  const tables = rows.map(({ name }) => {
    const [, kind, org, id] = NAME.exec(name)!;
    return { name, kind: kind as StagingKind, owner: `${org}_${id}` };
  });
  const kinds = [...new Set(tables.map((t) => t.kind))];
  if (kinds.length === 0) return [];
  // Across organizations by nature: one named system read of the owners the tables belong to.
  const busy = await withSystem(platform.database, 'staging-sweep', async (tx) => {
    const owners = new Set<string>();
    for (const kind of kinds) {
      const found = await tx.execute<{ organization_id: string; id: string }>(BUSY[kind]);
      for (const r of found.rows) owners.add(`${kind}_${r.organization_id}_${r.id}`);
    }
    return owners;
  });
  const dropped: string[] = [];
  for (const t of tables) {
    if (busy.has(`${t.kind}_${t.owner}`)) continue;
    await platform.database.pool.query(`DROP TABLE IF EXISTS canvass_staging.${t.name}`);
    dropped.push(t.name);
  }
  return dropped;
}

/** Daily, on one worker: the sweep above. */
export const sweepStagingJob = defineJob({
  name: 'sweepStaging',
  payload: z.looseObject({}),
  maxAttempts: 3,
  crontab: '41 3 * * *',
  async run(_payload, { platform }) {
    const dropped = await sweepStaging(platform);
    if (dropped.length) platform.logger.info({ dropped }, 'staging tables dropped');
  },
});
