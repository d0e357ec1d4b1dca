import { runAsTask } from '../../platform/jobs/background-tasks';
import { handleJob } from '../../platform/jobs/registry';
import { runDataImportJob } from './data-imports.job';
import { runDataImport } from './run-data-import';

export const runDataImportHandler = handleJob(runDataImportJob, (payload, ctx) =>
  runAsTask(ctx.platform, payload, ctx, async (job) => {
    const result = await runDataImport(
      ctx.platform,
      { organizationId: payload.organizationId, userId: payload.userId },
      payload.dataImportId,
      { taskId: payload.taskId, progress: (processed) => job.progress(processed, null) },
    );
    return { ...result };
  }),
);
