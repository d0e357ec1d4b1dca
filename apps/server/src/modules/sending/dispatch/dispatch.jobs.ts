import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem, withTenant, type Tx } from '../../../platform/db/tenant';
import { defineJob, enqueue } from '../../../platform/jobs/registry';
import type { Platform } from '../../../platform/platform';
import { dispatchOrganization } from './dispatch';

const payload = z.object({ organizationId: z.number().int().positive() });

/** One waiting dispatch per organization: however many sends are asked for, the next run takes them all. */
const dispatchKey = (organizationId: number) => `dispatch:${organizationId}`;

/** Sends an organization's due texts; when retries are waiting, runs again when the first falls due. */
export const dispatchTextsJob = defineJob({
  name: 'dispatchTexts',
  payload,
  async run({ organizationId }, { platform }) {
    const result = await dispatchOrganization(platform, organizationId);
    if (result.nextRunAt) await askForDispatch(platform, organizationId, result.nextRunAt);
    return result;
  },
});

/**
 * Asks for a dispatch run outside any transaction (at `runAt`, or now), keeping a waiting run's time: a run
 * already asked for sooner is not put off.
 */
async function askForDispatch(platform: Platform, organizationId: number, runAt?: Date): Promise<void> {
  await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
    enqueue(
      tx,
      dispatchTextsJob,
      { organizationId },
      { jobKey: dispatchKey(organizationId), runAt, jobKeyMode: 'preserve_run_at' },
    ),
  );
}

/**
 * Asks for a dispatch run of the organization's due texts, in the caller's transaction: it starts when the change
 * that made texts due (a project released, a test text, 'Save and send', a resume) commits.
 */
export async function startTextsDispatch(tx: Tx, organizationId: number): Promise<void> {
  await enqueue(tx, dispatchTextsJob, { organizationId }, { jobKey: dispatchKey(organizationId) });
}

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
