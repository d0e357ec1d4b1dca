import { z } from 'zod';
import { runAsTask, taskPayload } from '../../platform/jobs/background-tasks';
import { defineJob } from '../../platform/jobs/registry';
import { runListLoad } from './run-list-load';

/**
 * Loads a list in a worker; its background task shows the rows processed. One attempt only: a sheet problem
 * will not fix itself on a retry, and any other failure is recorded on the list for the user to load again.
 */
export const loadListJob = defineJob({
  name: 'loadList',
  payload: taskPayload.extend({ listId: z.number() }),
  maxAttempts: 1,
  run: (payload, ctx) =>
    runAsTask(ctx.platform, payload, ctx, async (job) => {
      const counts = await runListLoad(
        ctx.platform,
        { organizationId: payload.organizationId, userId: payload.userId },
        payload.listId,
        { progress: (processed, total) => job.progress(processed, total) },
      );
      return { ...counts };
    }),
});
