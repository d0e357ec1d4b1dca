import { z } from 'zod';
import { taskPayload } from '../../platform/jobs/background-tasks';
import { defineJobContract } from '../../platform/jobs/registry';

/**
 * Loads a list in a worker; its background task shows the rows processed. One attempt only: a sheet problem
 * will not fix itself on a retry, and any other failure is recorded on the list for the user to load again.
 */
export const loadListJob = defineJobContract({
  name: 'loadList',
  payload: taskPayload.extend({ listId: z.number() }),
  maxAttempts: 1,
});
