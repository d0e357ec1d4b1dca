import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem } from '../../../platform/db/tenant';
import { defineJob, handleJob } from '../../../platform/jobs/registry';
import type { Platform } from '../../../platform/platform';
import { dispatchOrganization } from './dispatch';
import { askForDispatch, dispatchTextsJob } from './dispatch.job';

export const dispatchTextsHandler = handleJob(dispatchTextsJob, async ({ organizationId }, { platform }) => {
  const result = await dispatchOrganization(platform, organizationId);
  if (result.nextRunAt) await askForDispatch(platform, organizationId, result.nextRunAt);
  return result;
});

/**
 * Organizations with something to send or to reconcile: projects released to send, single texts marked to send,
 * and claims older than the grace (a worker died). Each read is one index; across organizations by nature.
 */
async function organizationsToDispatch(platform: Platform): Promise<number[]> {
  const grace = platform.config.SEND_CLAIM_GRACE_SECONDS;
  return withSystem(platform.database, 'dispatch-sweep', async (tx) => {
    const found = new Set<number>();
    for (const query of [
      sql`SELECT DISTINCT organization_id FROM projects
           WHERE delivery_type = 'Blast' AND project_status IN ('Queued', 'Sending') AND NOT is_paused`,
      sql`SELECT DISTINCT organization_id FROM texts WHERE is_send_text AND text_status = 'Ready'`,
      sql`SELECT DISTINCT organization_id FROM texts
           WHERE text_status = 'Queued' AND claimed_at < now() - make_interval(secs => ${grace})`,
    ]) {
      const { rows } = await tx.execute<{ organization_id: string }>(query);
      for (const r of rows) found.add(Number(r.organization_id));
    }
    return [...found];
  });
}

/**
 * Every minute, on one worker: a dispatch run for each organization that has something due, so nothing waits on
 * a lost job (a worker that died mid-run, a retry scheduled by a process that stopped). It is also what sends a text
 * held by quiet hours or its project's start (send-time-checks.ts) within a minute of its window opening: its project
 * stays Sending, and a single text stays Ready, so both reads above find its organization. (A run scheduled at the
 * opening instead would keep its later run_at against this sweep's, preserve_run_at, and so hold back
 * reconciliation for hours.)
 */
export const dispatchSweepJob = defineJob({
  name: 'dispatchSweep',
  payload: z.looseObject({}),
  maxAttempts: 1,
  crontab: '* * * * *',
  async run(_payload, { platform }) {
    for (const organizationId of await organizationsToDispatch(platform))
      await askForDispatch(platform, organizationId);
  },
});
