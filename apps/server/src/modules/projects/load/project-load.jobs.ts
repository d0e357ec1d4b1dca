import { z } from 'zod';
import { runAsTask, taskPayload } from '../../../platform/jobs/background-tasks';
import { defineJob } from '../../../platform/jobs/registry';
import { runProjectLoad, runProjectUnload } from './run-project-load';

/**
 * The two jobs of a project's texts (spec §4): Load generates one text per eligible recipient (AwaitingLoad →
 * Loading → Ready, or ErrorLoading), Unload removes what Load made (AwaitingUnload → Unloading → Assigned). The
 * lifecycle (modules/projects) sets the Awaiting status and starts the job in one transaction with
 * startBackgroundTask; the load engine (this folder) does the work. One attempt: a failure is recorded on the
 * project for staff to act on, not retried blindly. The task's status changes are announced (runAsTask), which is
 * how a screen following the task knows to read the project's new status.
 */
export const projectLoadPayload = taskPayload.extend({ projectId: z.number() });

export const loadProjectJob = defineJob({
  name: 'loadProject',
  payload: projectLoadPayload,
  maxAttempts: 1,
  run: (payload, ctx) =>
    runAsTask(ctx.platform, payload, ctx, async (job) => {
      const result = await runProjectLoad(
        ctx.platform,
        { organizationId: payload.organizationId, userId: payload.userId },
        payload.projectId,
        { progress: (processed, total) => job.progress(processed, total) },
      );
      return { ...result };
    }),
});

export const unloadProjectJob = defineJob({
  name: 'unloadProject',
  payload: projectLoadPayload,
  maxAttempts: 1,
  run: (payload, ctx) =>
    runAsTask(ctx.platform, payload, ctx, async () => {
      const result = await runProjectUnload(
        ctx.platform,
        { organizationId: payload.organizationId, userId: payload.userId },
        payload.projectId,
      );
      return { ...result };
    }),
});
