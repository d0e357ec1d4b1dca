import { z } from 'zod';
import { defineJob } from '../../platform/jobs/registry';
import { verifyPhoneNumbers } from './number-verify';

const payload = z.object({
  organizationId: z.number().int().positive(),
  phoneIds: z.array(z.number().int().positive()).min(1),
});

/**
 * Verifies purchased numbers with their provider (bought, or 'Validate Phone'): AwaitingAPIVerify → Active or
 * Invalid. Retried when the provider does not answer; a phone already settled is skipped, so a retry is harmless.
 */
export const verifyPhoneNumbersJob = defineJob({
  name: 'verifyPhoneNumbers',
  payload,
  maxAttempts: 5,
  run: (p, ctx) => verifyPhoneNumbers(ctx.platform, p.organizationId, p.phoneIds),
});
