import { messages } from '@canvass/domain';
import { GraphQLError } from 'graphql';
import { assertCan, ForbiddenError } from '../../platform/auth/viewer';
import { limitedToClients } from '../../platform/resources/policy';
import { BackgroundTaskRef } from '../../platform/graphql/background-tasks';
import { builder } from '../../platform/graphql/builder';
import { startBackgroundTask, type BackgroundTask } from '../../platform/jobs/background-tasks';
import { registerTaskKind } from '../../platform/jobs/task-kinds';
import { lookupProviderFor, LOOKUP_UNAVAILABLE } from './phone-lookup';
import { lookUpPhoneCarriersJob } from './phone-lookup.job';

// A failed lookup's cause is the provider's answer (its credentials refused, no provider any more), which the user
// can act on.
registerTaskKind(lookUpPhoneCarriersJob, { failedMessage: (task) => task.errorMessage ?? messages.failed });

const LookUpPhoneCarriersPayloadRef = builder
  .objectRef<{ task: BackgroundTask; message: string }>('LookUpPhoneCarriersPayload')
  .implement({
    fields: (t) => ({
      task: t.field({ type: BackgroundTaskRef, resolve: (p) => p.task }),
      message: t.exposeString('message'),
    }),
  });

builder.mutationField('lookUpPhoneCarriers', (t) =>
  t.field({
    type: LookUpPhoneCarriersPayloadRef,
    description:
      "Starts a number lookup of the organization's recipient phones without a line type, filling their carrier and line type (a background task); refused when no provider with lookup is configured",
    resolve: async (_r, _a, ctx) => {
      const viewer = assertCan(ctx.viewer, 'Update', 'Phone');
      // It looks up every recipient of the organization, at its cost: not for a viewer limited to some clients.
      if (limitedToClients(viewer)) throw new ForbiddenError();
      const task = await ctx.tenant(async (tx) => {
        // Asked now, not in the worker, so the user hears it at once and no task is made for nothing.
        if (!(await lookupProviderFor(tx, ctx.platform, viewer.organizationId))) return null;
        return startBackgroundTask(
          tx,
          lookUpPhoneCarriersJob,
          { organizationId: viewer.organizationId, userId: viewer.userId },
          {},
        );
      });
      if (!task) throw new GraphQLError(LOOKUP_UNAVAILABLE, { extensions: { code: 'BAD_USER_INPUT' } });
      return { task, message: 'Number lookup started' };
    },
  }),
);
