import { z } from 'zod';
import { taskPayload } from '../../../platform/jobs/background-tasks';
import { defineJobContract } from '../../../platform/jobs/registry';

/**
 * The two jobs of a project's texts (spec §4): Load generates one text per eligible recipient (AwaitingLoad →
 * Loading → Ready, or ErrorLoading), Unload removes what Load made (AwaitingUnload → Unloading → Assigned). The
 * lifecycle (modules/projects) sets the Awaiting status and starts the job in one transaction with
 * startBackgroundTask; the load engine (this folder, project-load.handler.ts) does the work. One attempt: a failure
 * is recorded on the project for staff to act on, not retried blindly. The task's status changes are announced
 * (runAsTask), which is how a screen following the task knows to read the project's new status.
 */
export const projectLoadPayload = taskPayload.extend({ projectId: z.number() });

export const loadProjectJob = defineJobContract({ name: 'loadProject', payload: projectLoadPayload, maxAttempts: 1 });

export const unloadProjectJob = defineJobContract({
  name: 'unloadProject',
  payload: projectLoadPayload,
  maxAttempts: 1,
});
