import { runAsTask } from '../../platform/jobs/background-tasks';
import { handleJob } from '../../platform/jobs/registry';
import { loadListJob } from './lists.job';
import { runListLoad } from './run-list-load';

export const loadListHandler = handleJob(loadListJob, (payload, ctx) =>
  runAsTask(ctx.platform, payload, ctx, async (job) => {
    const counts = await runListLoad(
      ctx.platform,
      { organizationId: payload.organizationId, userId: payload.userId },
      payload.listId,
      { progress: (processed, total) => job.progress(processed, total) },
    );
    return { ...counts };
  }),
);
