import { runAsTask } from '../../platform/jobs/background-tasks';
import { handleJob } from '../../platform/jobs/registry';
import { lookUpPhoneCarriers } from './phone-lookup';
import { lookUpPhoneCarriersJob } from './phone-lookup.job';

export const lookUpPhoneCarriersHandler = handleJob(lookUpPhoneCarriersJob, (payload, ctx) =>
  runAsTask(ctx.platform, payload, ctx, async (task) => ({
    ...(await lookUpPhoneCarriers(ctx.platform, payload, task.progress)),
  })),
);
