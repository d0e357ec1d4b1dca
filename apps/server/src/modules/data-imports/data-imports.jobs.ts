import { z } from 'zod';
import { runAsTask, taskPayload } from '../../platform/jobs/background-tasks';
import { defineJob } from '../../platform/jobs/registry';
import { runDataImport } from './run-data-import';

/**
 * Runs a data import in a worker. One attempt: a file or mapping problem will not fix itself on a retry, and the
 * import records its failure for the user to start again. The task's file is the rejected rows' CSV.
 */
export const runDataImportJob = defineJob({
  name: 'runDataImport',
  payload: taskPayload.extend({ dataImportId: z.number() }),
  maxAttempts: 1,
  run: (payload, ctx) =>
    runAsTask(ctx.platform, payload, ctx, async (job) => {
      const result = await runDataImport(
        ctx.platform,
        { organizationId: payload.organizationId, userId: payload.userId },
        payload.dataImportId,
        { taskId: payload.taskId, progress: (processed) => job.progress(processed, null) },
      );
      return { ...result };
    }),
});
