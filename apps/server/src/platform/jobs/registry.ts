import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/tenant';
import type { Platform } from '../platform';

/** What a running job may use: the platform, and a way to report how far it got. */
export interface JobContext {
  platform: Platform;
  /** Records progress on the job's background task (when it has one), for the user watching it. */
  progress(processed: number, total?: number | null): Promise<void>;
}

/**
 * A job's contract: its name, its payload and how it is queued. Small and free of the work itself, so any module may
 * enqueue the job without importing what runs it (the handler, which only the job registry imports).
 */
export interface JobContract<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /** Attempts before graphile-worker gives up; permanent failures should not be retried. */
  maxAttempts?: number;
  /** When set, a worker also runs the job on this schedule (a crontab time, e.g. '17 3 * * *', in UTC). */
  crontab?: string;
  /**
   * A short job whose delay users see (a delivery receipt applied): besides the worker's slots it has slots of its
   * own (runner.ts), so it never waits for long jobs to end.
   */
  prompt?: boolean;
}

/** A job as a worker runs it: its contract and its handler. */
export interface JobDef<S extends z.ZodType = z.ZodType> extends JobContract<S> {
  run(payload: z.infer<S>, ctx: JobContext): Promise<unknown>;
}

/** A job's contract, for its own small file (`<name>.job.ts`) that enqueuers import. */
export function defineJobContract<S extends z.ZodType>(contract: JobContract<S>): JobContract<S> {
  return contract;
}

/** A contract's handler (`<name>.handler.ts`), for the job registry (jobs.ts) alone. */
export function handleJob<S extends z.ZodType>(contract: JobContract<S>, run: JobDef<S>['run']): JobDef<S> {
  return { ...contract, run };
}

/** A job nobody enqueues (a schedule's) or a test's: its contract and handler in one. */
export function defineJob<S extends z.ZodType>(def: JobDef<S>): JobDef<S> {
  return def;
}

/**
 * Adds a job inside the caller's transaction, so the job exists exactly when the data change commits.
 * graphile-worker guards its tables with row-level security of its own, so the add runs as the connection's own
 * user for that one statement, then the transaction returns to the app role.
 */
export async function enqueue<S extends z.ZodType>(
  tx: Tx,
  job: JobContract<S>,
  payload: z.infer<S>,
  opts: {
    jobKey?: string;
    runAt?: Date;
    /** graphile-worker's job_key_mode: 'replace' (default), or 'preserve_run_at' to keep a waiting job's time. */
    jobKeyMode?: 'replace' | 'preserve_run_at';
  } = {},
): Promise<void> {
  const parsed = job.payload.parse(payload);
  await tx.execute(sql`RESET ROLE`);
  await tx.execute(
    sql`SELECT graphile_worker.add_job(${job.name}, ${JSON.stringify(parsed)}::json, max_attempts => ${job.maxAttempts ?? 5}, job_key => ${opts.jobKey ?? null}, run_at => ${opts.runAt?.toISOString() ?? null}::timestamptz, job_key_mode => ${opts.jobKeyMode ?? 'replace'})`,
  );
  await tx.execute(sql`SET LOCAL ROLE canvass_app`);
}
