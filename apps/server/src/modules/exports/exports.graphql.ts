import { BackgroundTaskStatus, guardOf, messages } from '@canvass/domain';
import { GraphQLError } from 'graphql';
import { assertCan } from '../../platform/auth/viewer';
import { builder } from '../../platform/graphql/builder';
import { enumRef } from '../../platform/graphql/enums';
import { parseId } from '../../platform/graphql/resource-schema';
import { findOwnTask, startBackgroundTask, type BackgroundTask } from '../../platform/jobs/background-tasks';
import { ListArgumentError, planList, type ListArgs } from '../../platform/resources/list-query';
import { servicesByPlural } from '../services';
import { exportCsvJob, exportPayload } from './exports.jobs';

type TaskRow = BackgroundTask;

export const BackgroundTaskRef = builder.objectRef<TaskRow>('BackgroundTask').implement({
  description: 'A job a user waits for (an export, later a list load), with its progress',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind'),
    status: t.field({ type: enumRef(BackgroundTaskStatus), resolve: (r) => r.status }),
    processed: t.exposeInt('processed'),
    total: t.exposeInt('total', { nullable: true }),
    errorMessage: t.string({
      nullable: true,
      // The spec's words for a failed export; the cause stays in the log and the task row.
      resolve: (r) =>
        r.status === 'Failed' ? (r.kind === exportCsvJob.name ? messages.csvGenerationFailed : messages.failed) : null,
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

const ExportPayloadRef = builder.objectRef<{ task: TaskRow | null; message: string }>('ExportPayload').implement({
  fields: (t) => ({
    task: t.field({ type: BackgroundTaskRef, nullable: true, resolve: (p) => p.task }),
    message: t.exposeString('message'),
  }),
});

builder.queryField('backgroundTask', (t) =>
  t.field({
    type: BackgroundTaskRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.tenant((tx, viewer) => findOwnTask(tx, parseId(args.id), viewer)),
  }),
);

builder.mutationField('exportCsv', (t) =>
  t.field({
    type: ExportPayloadRef,
    description:
      'Starts a CSV export of a list query (query: the list name, e.g. "clients"; variables: filters, sortBy, sortOrder)',
    args: { query: t.arg.string({ required: true }), variables: t.arg({ type: 'JSON' }) },
    resolve: async (_r, args, ctx) => {
      const service = servicesByPlural[args.query];
      if (!service) throw new GraphQLError(`Unknown export: ${args.query}`, { extensions: { code: 'BAD_USER_INPUT' } });
      const viewer = assertCan(ctx.viewer, 'Export', guardOf(service.def));
      const vars = exportPayload.pick({ filters: true, sortBy: true, sortOrder: true }).safeParse(args.variables ?? {});
      if (!vars.success) throw new GraphQLError('Invalid export variables', { extensions: { code: 'BAD_USER_INPUT' } });
      try {
        // The same checks the list makes, now rather than in the worker: an unknown field is the user's error.
        planList(service.table, service.def, vars.data as ListArgs, undefined);
      } catch (err) {
        if (err instanceof ListArgumentError)
          throw new GraphQLError(err.message, { extensions: { code: 'BAD_USER_INPUT' } });
        throw err;
      }
      const task = await ctx.tenant((tx) =>
        startBackgroundTask(
          tx,
          exportCsvJob,
          { organizationId: viewer.organizationId, userId: viewer.userId },
          { query: args.query, ...vars.data },
        ),
      );
      return { task, message: messages.exportStarted };
    },
  }),
);
