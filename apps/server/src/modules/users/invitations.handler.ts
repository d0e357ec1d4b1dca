import { handleJob } from '../../platform/jobs/registry';
import { sendInvitationJob } from './invitations.job';
import { inviteMember } from './invitations.service';

export const sendInvitationHandler = handleJob(sendInvitationJob, (payload, ctx) =>
  inviteMember(ctx.platform, payload.organizationId, payload.userId),
);
