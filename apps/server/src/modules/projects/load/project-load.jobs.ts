import { z } from 'zod';
import { taskPayload } from '../../../platform/jobs/background-tasks';
import { defineJob } from '../../../platform/jobs/registry';

/**
 * The two jobs of a project's texts (spec §4): Load generates one text per eligible recipient (AwaitingLoad →
 * Loading → Ready, or ErrorLoading), Unload removes what Load made (AwaitingUnload → Unloading → Assigned). The
 * lifecycle (modules/projects) sets the Awaiting status and starts the job in one transaction with
 * startBackgroundTask; the load engine (this folder) does the work. One attempt: a failure is recorded on the
 * project for staff to act on, not retried blindly.
 */
export const projectLoadPayload = taskPayload.extend({ projectId: z.number() });

export const loadProjectJob = defineJob({
  name: 'loadProject',
  payload: projectLoadPayload,
  maxAttempts: 1,
  run: () => Promise.reject(new Error('loadProject: the load engine is being built on its branch')),
});

export const unloadProjectJob = defineJob({
  name: 'unloadProject',
  payload: projectLoadPayload,
  maxAttempts: 1,
  run: () => Promise.reject(new Error('unloadProject: the load engine is being built on its branch')),
});
