import { runAsTask, taskPayload } from '../../platform/jobs/background-tasks';
import { defineJob } from '../../platform/jobs/registry';
import { lookUpPhoneCarriers } from './phone-lookup';

/**
 * Looks up the carrier and line type of an organization's recipients that have none yet (the Carrier and Landline
 * list filters read them), as a background task the user who started it follows. One attempt: a run that stops
 * leaves the numbers it did not reach empty, and starting it again picks them up.
 */
export const lookUpPhoneCarriersJob = defineJob({
  name: 'lookUpPhoneCarriers',
  payload: taskPayload,
  maxAttempts: 1,
  run: (payload, ctx) =>
    runAsTask(ctx.platform, payload, ctx, async (task) => ({
      ...(await lookUpPhoneCarriers(ctx.platform, payload, task.progress)),
    })),
});
