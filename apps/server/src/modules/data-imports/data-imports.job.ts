import { z } from 'zod';
import { taskPayload } from '../../platform/jobs/background-tasks';
import { defineJobContract } from '../../platform/jobs/registry';

/**
 * Runs a data import in a worker. One attempt: a file or mapping problem will not fix itself on a retry, and the
 * import records its failure for the user to start again. The task's file is the rejected rows' CSV.
 */
export const runDataImportJob = defineJobContract({
  name: 'runDataImport',
  payload: taskPayload.extend({ dataImportId: z.number() }),
  maxAttempts: 1,
});
