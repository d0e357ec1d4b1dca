import { z } from 'zod';
import { defineJobContract } from '../../platform/jobs/registry';

/**
 * Verifies purchased numbers with their provider (bought, or 'Validate Phone'): AwaitingAPIVerify → Active or
 * Invalid. Retried when the provider does not answer; a phone already settled is skipped, so a retry is harmless.
 */
export const verifyPhoneNumbersJob = defineJobContract({
  name: 'verifyPhoneNumbers',
  payload: z.object({
    organizationId: z.number().int().positive(),
    phoneIds: z.array(z.number().int().positive()).min(1),
  }),
  maxAttempts: 5,
});
