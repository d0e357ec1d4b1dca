import { z } from 'zod';
import { withTenant } from '../../../platform/db/tenant';
import { defineJobContract, enqueue } from '../../../platform/jobs/registry';
import type { Platform } from '../../../platform/platform';

/**
 * Processes an organization's stored webhook events. Enqueued by the webhook routes under one key per
 * organization, so a burst of callbacks makes one waiting job, which then takes every event stored so far. Prompt:
 * it has a worker slot of its own, so receipts apply within moments even while dispatch runs fill the others.
 */
export const processWebhookEventsJob = defineJobContract({
  name: 'processWebhookEvents',
  payload: z.object({ organizationId: z.number().int().positive() }),
  // Delivery receipts and replies move the counts a sending project's overview shows: never behind dispatch runs.
  prompt: true,
});

/** Asks for the organization's processing job: one waiting job per organization, whatever the number of asks. */
export async function enqueueProcessing(platform: Platform, organizationId: number): Promise<void> {
  await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
    enqueue(tx, processWebhookEventsJob, { organizationId }, { jobKey: `webhook-events:${organizationId}` }),
  );
}
