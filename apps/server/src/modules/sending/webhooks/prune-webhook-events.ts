import { sql } from 'drizzle-orm';
import { withSystem } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';

/** Events deleted per statement: short transactions, so the webhook routes' inserts never wait long. */
export const PRUNE_BATCH = 5_000;

/**
 * Deletes processed webhook events received more than `retentionDays` ago, a batch per transaction; an event not
 * yet processed is kept however old it is. Ids grow with arrival, so the first id received since the cutoff bounds
 * every batch through the primary key (webhook_events has no index on its dates). Returns the events deleted.
 */
export async function pruneWebhookEvents(platform: Platform, retentionDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000).toISOString();
  // webhook_events are not tenant data (no organization_id): the system handle, named for what it does.
  const run = <T>(fn: Parameters<typeof withSystem<T>>[2]) => withSystem(platform.database, 'webhook-retention', fn);
  const bound = await run(async (tx) => {
    const { rows } = await tx.execute<{ id: string | null }>(sql`
      SELECT coalesce(
               (SELECT id FROM webhook_events WHERE created_at >= ${cutoff}::timestamptz ORDER BY id LIMIT 1),
               (SELECT max(id) + 1 FROM webhook_events)) AS id`);
    return rows[0].id === null ? null : Number(rows[0].id);
  });
  if (bound === null) return 0;
  let deleted = 0;
  for (;;) {
    const n = await run(async (tx) => {
      const { rowCount } = await tx.execute(sql`
        DELETE FROM webhook_events
         WHERE id IN (SELECT id FROM webhook_events
                       WHERE id < ${bound} AND created_at < ${cutoff}::timestamptz AND processed_at IS NOT NULL
                       ORDER BY id
                       LIMIT ${PRUNE_BATCH})`);
      return rowCount ?? 0;
    });
    deleted += n;
    if (n < PRUNE_BATCH) return deleted;
  }
}
