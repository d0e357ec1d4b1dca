import { runAsTask } from '../../../platform/jobs/background-tasks';
import { handleJob } from '../../../platform/jobs/registry';
import { loadProjectJob, unloadProjectJob } from './project-load.job';
import { runProjectLoad, runProjectUnload } from './run-project-load';

export const loadProjectHandler = handleJob(loadProjectJob, (payload, ctx) =>
  runAsTask(ctx.platform, payload, ctx, async (job) => {
    const result = await runProjectLoad(
      ctx.platform,
      { organizationId: payload.organizationId, userId: payload.userId },
      payload.projectId,
      { progress: (processed, total) => job.progress(processed, total) },
    );
    return { ...result };
  }),
);

export const unloadProjectHandler = handleJob(unloadProjectJob, (payload, ctx) =>
  runAsTask(ctx.platform, payload, ctx, async () => {
    const result = await runProjectUnload(
      ctx.platform,
      { organizationId: payload.organizationId, userId: payload.userId },
      payload.projectId,
    );
    return { ...result };
  }),
);
