import type { FastifyInstance } from 'fastify';
import type { Runner } from 'graphile-worker';
import { jobs } from './jobs';
import { devOutboxRoutes } from './modules/auth/dev-outbox.routes';
import { oidcRoutes } from './modules/auth/oidc.routes';
import { exportRoutes } from './modules/exports/exports.routes';
import { googleRoutes } from './modules/google/google.routes';
import { uploadRoutes } from './modules/lists/uploads.routes';
import { projectMediaRoutes } from './modules/projects/media.routes';
import { webhookRoutes } from './modules/sending/webhooks/webhook.routes';
import { requestViewerResolver } from './platform/auth/request-viewer';
import { createHttpApp } from './platform/http/app';
import { startWorker } from './platform/jobs/runner';
import type { Platform } from './platform/platform';
import { buildSchema } from './schema';

/** The API process: GraphQL, module routes and the web build on one Fastify server. */
export function createApi(platform: Platform): Promise<FastifyInstance> {
  return createHttpApp(platform, buildSchema(), requestViewerResolver(platform), [
    exportRoutes(platform),
    uploadRoutes(platform),
    projectMediaRoutes(platform),
    devOutboxRoutes(platform),
    oidcRoutes(platform),
    googleRoutes(platform),
    webhookRoutes(platform),
  ]);
}

/** The worker process: runs every registered job from the shared queue. */
export function createWorker(platform: Platform): Promise<Runner> {
  return startWorker(platform, jobs, platform.config.WORKER_CONCURRENCY);
}
