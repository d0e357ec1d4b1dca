import type { JobDef } from './platform/jobs/registry';
import { exportCsvJob } from './modules/exports/exports.jobs';

/** Every job a worker runs. */
export const jobs: readonly JobDef[] = [exportCsvJob as unknown as JobDef];
