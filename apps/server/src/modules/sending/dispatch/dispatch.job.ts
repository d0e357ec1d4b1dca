import { z } from 'zod';
import { withTenant, type Tx } from '../../../platform/db/tenant';
import { defineJobContract, enqueue } from '../../../platform/jobs/registry';
import type { Platform } from '../../../platform/platform';

/** Sends an organization's due texts; when retries are waiting, runs again when the first falls due. */
export const dispatchTextsJob = defineJobContract({
  name: 'dispatchTexts',
  payload: z.object({ organizationId: z.number().int().positive() }),
});

/** One waiting dispatch per organization: however many sends are asked for, the next run takes them all. */
const dispatchKey = (organizationId: number) => `dispatch:${organizationId}`;

/**
 * Asks for a dispatch run outside any transaction (at `runAt`, or now), keeping a waiting run's time: a run
 * already asked for sooner is not put off.
 */
export async function askForDispatch(platform: Platform, organizationId: number, runAt?: Date): Promise<void> {
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
