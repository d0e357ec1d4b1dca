import {
  Logger,
  run,
  runMigrations as installJobQueue,
  type Runner,
  type RunnerOptions,
  type Task,
} from 'graphile-worker';
import type pg from 'pg';
import type { Platform } from '../platform';
import type { JobDef } from './registry';

/** Installs or upgrades graphile-worker's own schema (idempotent; safe from many processes). */
export async function prepareJobQueue(pool: pg.Pool): Promise<void> {
  await installJobQueue({ pgPool: pool });
}

/** The first wait before starting the queue again after it stopped by itself, doubling to RESTART_MAX_MS. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 10_000;

/** Slots kept for the prompt jobs (JobDef.prompt), besides the worker's concurrency. */
export const PROMPT_CONCURRENCY = 1;

/** One graphile-worker runner, started again whenever it stops by itself, until stop() or kill(). */
interface SupervisedRunner {
  current(): Runner;
  stop(reason?: string): Promise<void>;
  kill(reason?: string): Promise<void>;
  finished: Promise<void>;
}

async function supervise(platform: Platform, options: RunnerOptions): Promise<SupervisedRunner> {
  let current = await run(options);
  let stopping = false;
  let stopped!: () => void;
  const finished = new Promise<void>((resolve) => (stopped = resolve));

  const restart = async (err: unknown) => {
    platform.logger.error({ err }, 'the job queue stopped; it starts again once the database answers');
    for (let wait = RESTART_FIRST_MS; !stopping; wait = Math.min(wait * 2, RESTART_MAX_MS)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopping) return;
      try {
        current = await run(options);
        void watch(current);
        platform.logger.info('the job queue runs again');
        return;
      } catch (startErr) {
        platform.logger.warn({ err: startErr, retryInMs: wait }, 'the job queue cannot start yet');
      }
    }
  };
  // Handled here, so a queue that stops by itself is never an unhandled rejection that ends the process.
  const watch = (runner: Runner) =>
    runner.promise.then(
      () => (stopping ? stopped() : restart(new Error('the job queue ended by itself'))),
      (err: unknown) => (stopping ? stopped() : restart(err)),
    );
  void watch(current);

  return {
    current: () => current,
    async stop(reason) {
      stopping = true;
      await current.stop(reason).catch(() => {});
      stopped();
    },
    async kill(reason) {
      stopping = true;
      await current.kill(reason).catch(() => {});
      stopped();
    },
    finished,
  };
}

/**
 * Runs the registered jobs from the shared queue; start as many worker processes as the load needs. The process
 * outlives the database: graphile-worker stops its pool when it cannot write a job's end (completeJob, failJob:
 * the database went away), and then this starts it again, waiting longer each time the database does not answer,
 * until stop() is called. The runner returned stays the same object across those restarts.
 *
 * The prompt jobs (JobDef.prompt: applying delivery receipts) also get PROMPT_CONCURRENCY slots of their own, which
 * nothing else takes: when long jobs fill every other slot (an organization's dispatch runs, loads, exports), a
 * receipt still applies within moments instead of waiting for one of them to end (issue 35 §4: Delivered stood still
 * for about 15 s while a project sent, four dispatch runs holding the four slots).
 */
export async function startWorker(platform: Platform, jobs: readonly JobDef[], concurrency: number): Promise<Runner> {
  const taskListOf = (defs: readonly JobDef[]) => {
    const taskList: Record<string, Task> = {};
    for (const job of defs) {
      taskList[job.name] = async (raw) => {
        const payload = job.payload.parse(raw);
        await job.run(payload, { platform, progress: async () => {} });
      };
    }
    return taskList;
  };
  const options: RunnerOptions = {
    pgPool: platform.database.pool,
    taskList: taskListOf(jobs),
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
  };
  const prompt = jobs.filter((job) => job.prompt);
  const main = await supervise(platform, options);
  const runners = [main];
  // Only the prompt jobs, and no schedule (the main runner keeps the crontab, so nothing scheduled runs twice).
  if (prompt.length)
    runners.push(
      await supervise(platform, {
        ...options,
        taskList: taskListOf(prompt),
        crontab: '',
        concurrency: PROMPT_CONCURRENCY,
      }),
    );

  return {
    async stop(reason) {
      await Promise.all(runners.map((r) => r.stop(reason)));
    },
    async kill(reason) {
      await Promise.all(runners.map((r) => r.kill(reason)));
    },
    addJob: (...args) => main.current().addJob(...args),
    promise: Promise.all(runners.map((r) => r.finished)).then(() => undefined),
    get events() {
      return main.current().events;
    },
  };
}
