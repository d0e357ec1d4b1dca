import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/registry';
import { processWebhookEvents } from './process-webhook-events';
import { pruneWebhookEvents } from './prune-webhook-events';

/**
 * Processes an organization's stored webhook events. Enqueued by the webhook routes under one key per
 * organization, so a burst of callbacks makes one waiting job, which then takes every event stored so far.
 */
export const processWebhookEventsJob = defineJob({
  name: 'processWebhookEvents',
  payload: z.object({ organizationId: z.number().int().positive() }),
  run: (payload, ctx) => processWebhookEvents(ctx.platform, payload.organizationId),
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
