import { BackgroundTaskStatus } from '@canvass/domain';
import type { BackgroundTask } from '../jobs/background-tasks';
import { findFollowableTask } from '../jobs/task-access';
import { failedTaskMessage } from '../jobs/task-kinds';
import { builder } from './builder';
import { enumRef } from './enums';
import { followTask } from './follow-task';
import { parseId } from './resource-schema';

type TaskRow = BackgroundTask;

/** Shared by every module that starts a task (exports, list loads) and by the live subscription. */
export const BackgroundTaskRef = builder.objectRef<TaskRow>('BackgroundTask').implement({
  description: 'A job users wait for (an export, a list or project load), with its progress',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind'),
    status: t.field({ type: enumRef(BackgroundTaskStatus), resolve: (r) => r.status }),
    processed: t.exposeInt('processed'),
    total: t.exposeInt('total', { nullable: true }),
    errorMessage: t.string({
      nullable: true,
      // Each kind's words for its failure (task-kinds.ts): the spec's for an export, the provider's answer for a
      // number lookup.
      resolve: (r) => (r.status !== 'Failed' ? null : failedTaskMessage(r)),
    }),
    filename: t.exposeString('filename', { nullable: true }),
    downloadUrl: t.string({
      nullable: true,
      description: 'A link the browser can open directly for ten minutes',
      resolve: async (r, _a, ctx) =>
        r.status === 'Done' && r.filePath
          ? `/files/tasks/${r.id}?token=${await ctx.platform.tokens.signFile({ organizationId: r.organizationId, taskId: r.id })}`
          : null,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});

builder.queryField('backgroundTask', (t) =>
  t.field({
    type: BackgroundTaskRef,
    nullable: true,
    description: 'A task the viewer started, or the load of a list or project it may see; null when neither',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.tenant((tx, viewer) => findFollowableTask(tx, parseId(args.id), viewer)),
  }),
);

builder.subscriptionField('backgroundTaskChanged', (t) =>
  t.field({
    type: BackgroundTaskRef,
    nullable: true,
    description:
      'A task as backgroundTask gives it, then again each time its progress or status changes; completes when Done or Failed',
    args: { id: t.arg.id({ required: true }) },
    subscribe: (_r, args, ctx) => followTask(ctx, parseId(args.id)),
    resolve: (task) => task,
  }),
);
