import type { JobDef } from './platform/jobs/registry';
import { mailSignUpNoticeHandler } from './modules/auth/sign-up-notice.handler';
import { runDataImportHandler } from './modules/data-imports/data-imports.handler';
import { exportCsvHandler } from './modules/exports/exports.handler';
import { loadListHandler } from './modules/lists/lists.handler';
import { lookUpPhoneCarriersHandler } from './modules/phones/phone-lookup.handler';
import { verifyPhoneNumbersHandler } from './modules/phones/number-verify.handler';
import { sweepStagingJob } from './modules/lists/staging-sweep';
import { loadProjectHandler, unloadProjectHandler } from './modules/projects/load/project-load.handler';
import { dispatchSweepJob, dispatchTextsHandler } from './modules/sending/dispatch/dispatch.handler';
import {
  processWebhookEventsHandler,
  pruneWebhookEventsJob,
  webhookEventsSweepJob,
} from './modules/sending/webhooks/webhook-events.handler';
import { sendInvitationHandler } from './modules/users/invitations.handler';
import { ensureTextPartitionsJob } from './platform/db/text-partitions';

/**
 * Every job a worker runs. The only importer of the handlers: a module that enqueues a job imports its contract
 * (`<name>.job.ts`), so enqueueing never pulls in the work.
 */
export const jobs = [
  exportCsvHandler,
  ensureTextPartitionsJob,
  loadListHandler,
  runDataImportHandler,
  sweepStagingJob,
  loadProjectHandler,
  unloadProjectHandler,
  sendInvitationHandler,
  mailSignUpNoticeHandler,
  processWebhookEventsHandler,
  dispatchTextsHandler,
  dispatchSweepJob,
  pruneWebhookEventsJob,
  webhookEventsSweepJob,
  lookUpPhoneCarriersHandler,
  verifyPhoneNumbersHandler,
] as const satisfies readonly JobDef[];
