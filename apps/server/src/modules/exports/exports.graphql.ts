import { guardOf, messages } from '@canvass/domain';
import { GraphQLError } from 'graphql';
import { assertCan } from '../../platform/auth/viewer';
import { builder } from '../../platform/graphql/builder';
import { BackgroundTaskRef } from '../../platform/graphql/background-tasks';
import { startBackgroundTask, type BackgroundTask } from '../../platform/jobs/background-tasks';
import { registerTaskKind } from '../../platform/jobs/task-kinds';
import { ListArgumentError, planList, type ListArgs } from '../../platform/resources/list-query';
import { listedColumns } from '../../platform/resources/resource-service';
import { servicesByPlural } from '../services';
import { exportCsvJob, exportPayload } from './exports.job';

// The spec's words for a failed export; the cause stays in the log and the task row.
registerTaskKind(exportCsvJob, { failedMessage: () => messages.csvGenerationFailed });

type TaskRow = BackgroundTask;

const ExportPayloadRef = builder.objectRef<{ task: TaskRow | null; message: string }>('ExportPayload').implement({
  fields: (t) => ({
    task: t.field({ type: BackgroundTaskRef, nullable: true, resolve: (p) => p.task }),
    message: t.exposeString('message'),
  }),
});

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
        planList(listedColumns(service), service.def, vars.data as ListArgs, undefined);
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
