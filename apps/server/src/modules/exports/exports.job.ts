import { filterSchema } from '@canvass/domain';
import { z } from 'zod';
import { taskPayload } from '../../platform/jobs/background-tasks';
import { defineJobContract } from '../../platform/jobs/registry';

export const exportPayload = taskPayload.extend({
  query: z.string(),
  filters: z.array(filterSchema).default([]),
  sortBy: z.string().nullish(),
  sortOrder: z.enum(['Asc', 'Desc']).nullish(),
});
export type ExportPayload = z.infer<typeof exportPayload>;

/**
 * Writes a resource list to a CSV file in one streaming read: `COPY (SELECT …) TO STDOUT` in one REPEATABLE READ
 * transaction, so the count and the rows are the same snapshot, with the same filters, sort and visibility the user
 * had on screen (the job re-resolves the user, so it exports only what that user may see).
 */
export const exportCsvJob = defineJobContract({ name: 'export-csv', payload: exportPayload, maxAttempts: 1 });
