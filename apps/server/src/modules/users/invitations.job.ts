import { z } from 'zod';
import type { Tx } from '../../platform/db/tenant';
import { defineJobContract, enqueue } from '../../platform/jobs/registry';

/**
 * Mails a member its invitation once the transaction that added it has committed: queued inside that transaction,
 * so a change that rolls back sends nothing. A few attempts: a mail server away for a moment should not lose it.
 */
export const sendInvitationJob = defineJobContract({
  name: 'sendInvitation',
  payload: z.object({ organizationId: z.number(), userId: z.number() }),
  maxAttempts: 5,
});

/** Queues the invitation of each of these new members of the organization, in the transaction that adds them. */
export async function queueInvitations(tx: Tx, organizationId: number, userIds: readonly number[]): Promise<void> {
  for (const userId of userIds) await enqueue(tx, sendInvitationJob, { organizationId, userId });
}
