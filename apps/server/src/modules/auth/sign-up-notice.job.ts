import { z } from 'zod';
import type { Tx } from '../../platform/db/tenant';
import { defineJobContract, enqueue } from '../../platform/jobs/registry';

/**
 * Mails an account's owner that its email was used to sign up. Queued, not sent in the request: a sign-up with a
 * new email writes a row and returns, and this one must take no longer (an SMTP round trip would tell them apart).
 */
export const mailSignUpNoticeJob = defineJobContract({
  name: 'mailSignUpNotice',
  payload: z.object({ userId: z.number() }),
  maxAttempts: 5,
});

/** Queues the notice to the owner of `userId`, in the sign-up's transaction. */
export function queueSignUpNotice(tx: Tx, userId: number): Promise<void> {
  return enqueue(tx, mailSignUpNoticeJob, { userId });
}
