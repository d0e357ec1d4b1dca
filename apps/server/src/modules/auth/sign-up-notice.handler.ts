import { handleJob } from '../../platform/jobs/registry';
import { mailSignUpNotice } from './sign-up-notice';
import { mailSignUpNoticeJob } from './sign-up-notice.job';

export const mailSignUpNoticeHandler = handleJob(mailSignUpNoticeJob, (payload, ctx) =>
  mailSignUpNotice(ctx.platform, payload.userId),
);
