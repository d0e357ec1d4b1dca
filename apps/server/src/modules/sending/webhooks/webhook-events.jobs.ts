import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem, withTenant } from '../../../platform/db/tenant';
import { defineJob, enqueue } from '../../../platform/jobs/registry';
import type { Platform } from '../../../platform/platform';
import { processWebhookEvents } from './process-webhook-events';
import { pruneWebhookEvents } from './prune-webhook-events';

/**
 * Processes an organization's stored webhook events. Enqueued by the webhook routes under one key per
 * organization, so a burst of callbacks makes one waiting job, which then takes every event stored so far. Prompt:
 * it has a worker slot of its own, so receipts apply within moments even while dispatch runs fill the others.
 */
export const processWebhookEventsJob = defineJob({
  name: 'processWebhookEvents',
  payload: z.object({ organizationId: z.number().int().positive() }),
  // Delivery receipts and replies move the counts a sending project's overview shows: never behind dispatch runs.
  prompt: true,
  run: (payload, ctx) => processWebhookEvents(ctx.platform, payload.organizationId),
});

/** Asks for the organization's processing job: one waiting job per organization, whatever the number of asks. */
export async function enqueueProcessing(platform: Platform, organizationId: number): Promise<void> {
  await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
    enqueue(tx, processWebhookEventsJob, { organizationId }, { jobKey: `webhook-events:${organizationId}` }),
  );
}

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
