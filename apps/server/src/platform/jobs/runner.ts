import { Logger, run, runMigrations as installJobQueue, type Runner, type Task } from 'graphile-worker';
import type pg from 'pg';
import type { Platform } from '../platform';
import type { JobDef } from './registry';

/** Installs or upgrades graphile-worker's own schema (idempotent; safe from many processes). */
export async function prepareJobQueue(pool: pg.Pool): Promise<void> {
  await installJobQueue({ pgPool: pool });
}

/** Runs the registered jobs from the shared queue; start as many worker processes as the load needs. */
export async function startWorker(platform: Platform, jobs: readonly JobDef[], concurrency: number): Promise<Runner> {
  const taskList: Record<string, Task> = {};
  for (const job of jobs) {
    taskList[job.name] = async (raw) => {
      const payload = job.payload.parse(raw);
      await job.run(payload, { platform, progress: async () => {} });
    };
  }
  return run({
    pgPool: platform.database.pool,
    taskList,
    crontab: jobs
      .filter((job) => job.crontab)
      .map((job) => `${job.crontab} ${job.name}`)
      .join('\n'),
    concurrency,
    noHandleSignals: true,
    pollInterval: 500,
    // The queue's own messages go through the platform's JSON logger, at its level.
    logger: new Logger((scope) => (level, message, meta) => {
      const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'info' ? 'info' : 'debug';
      platform.logger[method]({ worker: scope, ...meta }, message);
    }),
  });
}
