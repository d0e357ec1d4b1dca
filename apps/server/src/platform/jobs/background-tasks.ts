import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { backgroundTasks } from '../db/schema/index';
import { withTenant, type Tx } from '../db/tenant';
import type { Platform } from '../platform';
import { enqueue, type JobContext, type JobContract } from './registry';
import { taskAnnouncer } from './task-events';

/** Every job that a user waits for carries this: whose it is and which background_tasks row shows its progress. */
export const taskPayload = z.object({ organizationId: z.number(), userId: z.number(), taskId: z.number() });
export type TaskPayload = z.infer<typeof taskPayload>;
export type BackgroundTask = typeof backgroundTasks.$inferSelect;

/** Creates the task row a user watches and enqueues its job, in the caller's (tenant) transaction. */
export async function startBackgroundTask<S extends z.ZodType<TaskPayload>>(
  tx: Tx,
  job: JobContract<S>,
  scope: { organizationId: number; userId: number },
  extra: Omit<z.infer<S>, keyof TaskPayload>,
): Promise<BackgroundTask> {
  const [task] = await tx
    .insert(backgroundTasks)
    .values({
      organizationId: scope.organizationId,
      userId: scope.userId,
      kind: job.name,
      status: 'Queued',
      payload: extra,
    })
    .returning();
  await enqueue(tx, job, { ...extra, ...scope, taskId: task.id } as z.infer<S>);
  return task;
}

/**
 * The task a record names as its load (a list's, a project's), in the caller's (tenant) transaction: whoever may see
 * the record may read its progress, so only the organization is checked here; null when not there.
 */
export async function findRecordTask(tx: Tx, taskId: number, organizationId: number): Promise<BackgroundTask | null> {
  const [task] = await tx
    .select()
    .from(backgroundTasks)
    .where(and(eq(backgroundTasks.organizationId, organizationId), eq(backgroundTasks.id, taskId)));
  return task ?? null;
}

/**
 * Wraps a task job: marks it Running, gives it a progress reporter, and records Done with its result or Failed
 * with its message. The job's own work runs in its own transactions, opened the way a request opens them. Each
 * change is announced (platform.events) once committed, so the user's subscription re-reads it wherever it runs.
 */
export async function runAsTask(
  platform: Platform,
  payload: TaskPayload,
  ctx: Omit<JobContext, 'progress'>,
  work: (ctx: JobContext) => Promise<Record<string, unknown>>,
): Promise<void> {
  const scope = { organizationIds: [payload.organizationId], userId: payload.userId };
  const setTask = (values: Partial<typeof backgroundTasks.$inferInsert>) =>
    withTenant(platform.database, scope, (tx) =>
      tx
        .update(backgroundTasks)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(backgroundTasks.id, payload.taskId), eq(backgroundTasks.organizationId, payload.organizationId))),
    );
  const announce = taskAnnouncer(platform.events, platform.logger, payload);
  await setTask({ status: 'Running', errorMessage: null });
  await announce.status();
  try {
    const result = await work({
      ...ctx,
      progress: async (processed, total) => {
        await setTask(total === undefined ? { processed } : { processed, total });
        await announce.progress();
      },
    });
    await setTask({ status: 'Done', result, ...pickFile(result) });
  } catch (err) {
    await setTask({ status: 'Failed', errorMessage: err instanceof Error ? err.message : String(err) });
    throw err;
  } finally {
    await announce.status();
  }
}

function pickFile(result: Record<string, unknown>): { filePath?: string; filename?: string } {
  return {
    filePath: typeof result.filePath === 'string' ? result.filePath : undefined,
    filename: typeof result.filename === 'string' ? result.filename : undefined,
  };
}
