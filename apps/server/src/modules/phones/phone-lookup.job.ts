import { taskPayload } from '../../platform/jobs/background-tasks';
import { defineJobContract } from '../../platform/jobs/registry';

/**
 * Looks up the carrier and line type of an organization's recipients that have none yet (the Carrier and Landline
 * list filters read them), as a background task the user who started it follows. One attempt: a run that stops
 * leaves the numbers it did not reach empty, and starting it again picks them up.
 */
export const lookUpPhoneCarriersJob = defineJobContract({
  name: 'lookUpPhoneCarriers',
  payload: taskPayload,
  maxAttempts: 1,
});
