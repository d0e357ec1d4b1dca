import { ForbiddenError, UnauthenticatedError } from '../../platform/auth/viewer';
import { builder, MessagePayloadRef } from '../../platform/graphql/builder';
import type { Context } from '../../platform/graphql/context';
import { listQueueJobs, removeQueueJob, retryQueueJob, type QueueJob } from './queue.service';

const QueueJobStateRef = builder.enumType('QueueJobState', { values: ['Waiting', 'Running', 'Failed'] as const });

const QueueJobRef = builder.objectRef<QueueJob>('QueueJob').implement({
  description: 'A background job of the shared queue (graphile-worker)',
  fields: (t) => ({
    id: t.exposeID('id'),
    taskIdentifier: t.exposeString('taskIdentifier'),
    queueName: t.exposeString('queueName', { nullable: true }),
    state: t.field({ type: QueueJobStateRef, resolve: (j) => j.state }),
    attempts: t.exposeInt('attempts'),
    maxAttempts: t.exposeInt('maxAttempts'),
    lastError: t.exposeString('lastError', { nullable: true }),
    runAt: t.field({ type: 'DateTime', resolve: (j) => j.runAt }),
    lockedAt: t.field({ type: 'DateTime', nullable: true, resolve: (j) => j.lockedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (j) => j.createdAt }),
  }),
});

/** The queue spans every organization: only platform admins (ADMIN_EMAILS) may see or touch it (spec §6). */
function requirePlatformAdmin(ctx: Context) {
  if (!ctx.viewer) throw new UnauthenticatedError();
  if (!ctx.viewer.isAdmin) throw new ForbiddenError();
  return ctx.platform.database.pool;
}

const outcome = (done: boolean, message: string) =>
  done ? { success: true, message, errors: [] } : { success: false, message: 'No failed job with this id', errors: [] };

builder.queryFields((t) => ({
  queueJobs: t.field({
    type: [QueueJobRef],
    description: 'Background jobs waiting, running and failed, newest first; platform admins only',
    args: { state: t.arg({ type: QueueJobStateRef }) },
    resolve: (_r, args, ctx) => listQueueJobs(requirePlatformAdmin(ctx), args.state),
  }),
}));

builder.mutationFields((t) => ({
  retryQueueJob: t.field({
    type: MessagePayloadRef,
    description: 'Runs a failed job again now, its attempts counted from zero; platform admins only',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) =>
      outcome(await retryQueueJob(requirePlatformAdmin(ctx), String(args.id)), 'The job will run again'),
  }),
  removeQueueJob: t.field({
    type: MessagePayloadRef,
    description: 'Deletes a failed job; platform admins only',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) =>
      outcome(await removeQueueJob(requirePlatformAdmin(ctx), String(args.id)), 'The job has been removed'),
  }),
}));
