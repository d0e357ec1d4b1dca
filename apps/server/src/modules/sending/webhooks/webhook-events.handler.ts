import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem } from '../../../platform/db/tenant';
import { defineJob, handleJob } from '../../../platform/jobs/registry';
import { processWebhookEvents } from './process-webhook-events';
import { pruneWebhookEvents } from './prune-webhook-events';
import { enqueueProcessing, processWebhookEventsJob } from './webhook-events.job';

export const processWebhookEventsHandler = handleJob(processWebhookEventsJob, (payload, ctx) =>
  processWebhookEvents(ctx.platform, payload.organizationId),
);

/**
 * Every minute, on one worker: the processing job for each organization with events stored but not processed, so
 * an event whose ask was lost (its process stopped right after storing it) still gets applied.
 */
export const webhookEventsSweepJob = defineJob({
  name: 'webhookEventsSweep',
  payload: z.looseObject({}),
  maxAttempts: 1,
  crontab: '* * * * *',
  async run(_payload, { platform }) {
    const { rows } = await withSystem(platform.database, 'webhook-events-sweep', (tx) =>
      tx.execute<{ organization_id: string }>(sql`
        SELECT DISTINCT routed_organization_id AS organization_id FROM webhook_events WHERE processed_at IS NULL`),
    );
    for (const r of rows) await enqueueProcessing(platform, Number(r.organization_id));
  },
});

/**
 * Daily: deletes processed webhook events older than WEBHOOK_EVENT_RETENTION_DAYS (30 by default). Unprocessed
 * events stay until the processing job has applied them.
 */
export const pruneWebhookEventsJob = defineJob({
  name: 'pruneWebhookEvents',
  // graphile-worker's cron passes its own _cron details; nothing else is expected.
  payload: z.looseObject({}),
  maxAttempts: 3,
  crontab: '53 3 * * *',
  async run(_payload, { platform }) {
    const deleted = await pruneWebhookEvents(platform, platform.config.WEBHOOK_EVENT_RETENTION_DAYS);
    if (deleted) platform.logger.info({ deleted }, 'processed webhook events past retention deleted');
    return deleted;
  },
});
