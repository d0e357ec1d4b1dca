import { BackgroundTaskStatus, messages } from '@canvass/domain';
import { builder } from '../../platform/graphql/builder';
import { enumRef } from '../../platform/graphql/enums';
import { parseId } from '../../platform/graphql/resource-schema';
import type { BackgroundTask } from '../../platform/jobs/background-tasks';
import { exportCsvJob } from '../exports/exports.jobs';
import { lookUpPhoneCarriersJob } from '../phones/phone-lookup.jobs';
import { followTask } from './follow-task';
import { findFollowableTask } from './task-access';

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
      // The spec's words for a failed export; the cause stays in the log and the task row. A number lookup's cause
      // is the provider's answer (its credentials refused, no provider any more), which the user can act on.
      resolve: (r) =>
        r.status !== 'Failed'
          ? null
          : r.kind === exportCsvJob.name
            ? messages.csvGenerationFailed
            : r.kind === lookUpPhoneCarriersJob.name
              ? (r.errorMessage ?? messages.failed)
              : messages.failed,
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
