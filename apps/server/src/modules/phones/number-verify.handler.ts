import { handleJob } from '../../platform/jobs/registry';
import { verifyPhoneNumbers } from './number-verify';
import { verifyPhoneNumbersJob } from './number-verify.job';

export const verifyPhoneNumbersHandler = handleJob(verifyPhoneNumbersJob, (p, ctx) =>
  verifyPhoneNumbers(ctx.platform, p.organizationId, p.phoneIds),
);
