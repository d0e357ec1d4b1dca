import { runAsTask, taskPayload } from '../src/platform/jobs/background-tasks';
import { defineJob } from '../src/platform/jobs/registry';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A task job for the subscription tests: four steps, each after a pause longer than the progress throttle. */
export const stepsJob = defineJob({
  name: 'test-steps',
  payload: taskPayload,
  maxAttempts: 1,
  run: (payload, ctx) =>
    runAsTask(ctx.platform, payload, ctx, async (task) => {
      for (let step = 1; step <= 4; step++) {
        await sleep(300);
        await task.progress(step, 4);
      }
      return {};
    }),
});
