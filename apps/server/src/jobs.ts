import type { JobDef } from './platform/jobs/registry';
import { mailSignUpNoticeJob } from './modules/auth/sign-up-notice.jobs';
import { runDataImportJob } from './modules/data-imports/data-imports.jobs';
import { exportCsvJob } from './modules/exports/exports.jobs';
import { loadListJob } from './modules/lists/lists.jobs';
import { lookUpPhoneCarriersJob } from './modules/phones/phone-lookup.jobs';
import { verifyPhoneNumbersJob } from './modules/phones/number-verify.jobs';
import { sweepStagingJob } from './modules/lists/staging-sweep';
import { loadProjectJob, unloadProjectJob } from './modules/projects/load/project-load.jobs';
import { dispatchSweepJob, dispatchTextsJob } from './modules/sending/dispatch/dispatch.jobs';
import {
  processWebhookEventsJob,
  pruneWebhookEventsJob,
  webhookEventsSweepJob,
} from './modules/sending/webhooks/webhook-events.jobs';
import { sendInvitationJob } from './modules/users/invitations.jobs';
import { ensureTextPartitionsJob } from './platform/db/text-partitions';

/** Every job a worker runs. */
export const jobs: readonly JobDef[] = [
  exportCsvJob as unknown as JobDef,
  ensureTextPartitionsJob as unknown as JobDef,
  loadListJob as unknown as JobDef,
  runDataImportJob as unknown as JobDef,
  sweepStagingJob as unknown as JobDef,
  loadProjectJob as unknown as JobDef,
  unloadProjectJob as unknown as JobDef,
  sendInvitationJob as unknown as JobDef,
  mailSignUpNoticeJob as unknown as JobDef,
  processWebhookEventsJob as unknown as JobDef,
  dispatchTextsJob as unknown as JobDef,
  dispatchSweepJob as unknown as JobDef,
  pruneWebhookEventsJob as unknown as JobDef,
  webhookEventsSweepJob as unknown as JobDef,
  lookUpPhoneCarriersJob as unknown as JobDef,
  verifyPhoneNumbersJob as unknown as JobDef,
];
