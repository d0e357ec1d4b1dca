import { z } from 'zod';
import { defineJob } from '../jobs/registry';
import { TEXT_PARTITION_MONTHS_AHEAD } from './migrate';

/**
 * Daily, on one worker (graphile-worker's cron runs a scheduled job once however many workers there are): makes
 * texts' monthly partitions ahead of time, so a server that runs for months never writes into the default
 * partition. Every process start does the same (runMigrations); this covers the processes that never restart.
 */
export const ensureTextPartitionsJob = defineJob({
  name: 'ensureTextPartitions',
  // graphile-worker's cron passes its own _cron details; nothing else is expected.
  payload: z.looseObject({}),
  maxAttempts: 3,
  crontab: '17 3 * * *',
  async run(_payload, { platform }) {
    // DDL, not tenant data: it runs as the connection's own user (the tables' owner), not the app role.
    const { rows } = await platform.database.pool.query<{ created: number }>(
      'SELECT canvass_ensure_text_partitions($1) AS created',
      [TEXT_PARTITION_MONTHS_AHEAD],
    );
    if (rows[0].created > 0) platform.logger.info({ created: rows[0].created }, 'texts partitions created');
    return rows[0].created;
  },
});
