import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/registry';
import { processWebhookEvents } from './process-webhook-events';

/**
 * Processes an organization's stored webhook events. Enqueued by the webhook routes under one key per
 * organization, so a burst of callbacks makes one waiting job, which then takes every event stored so far.
 */
export const processWebhookEventsJob = defineJob({
  name: 'processWebhookEvents',
  payload: z.object({ organizationId: z.number().int().positive() }),
  run: (payload, ctx) => processWebhookEvents(ctx.platform, payload.organizationId),
});
