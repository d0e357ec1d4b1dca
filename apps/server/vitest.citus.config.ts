import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import server from './vitest.config';

// `npm run test:citus`: the tenancy, permission and generic list/get/mutation/export tests, unchanged, on a Citus
// cluster (CITUS_DATABASE_URL), plus the texts partitions and what distributing leaves (distribution.citus.ts). One file at a time: each distributes its own database.
export default defineConfig({
  // Run from the repository root (npm run test:citus), the paths below stay relative to this workspace.
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: server.resolve,
  test: {
    ...server.test,
    name: 'server-citus',
    include: [
      // Issue 14's dispatch: claims, rates, reconciliation, blocked senders and counts, each routed to one shard.
      'src/modules/sending/dispatch/dispatch.test.ts',
      // Issue 15's send-time checks: opt-outs, do-not-contact, quiet hours and the schedule, at the claim.
      'src/modules/sending/dispatch/send-time-checks.test.ts',
      // Issue 15's deliverability: second and day windows of send_rate_windows, taken in one upsert per rate.
      'src/modules/sending/dispatch/deliverability.test.ts',
      // Issue 14's sending through each provider path and the simulator, and the texts screens.
      'src/modules/sending/dispatch/provider-paths.test.ts',
      'src/modules/sending/dispatch/send-simulator.test.ts',
      'test/texts.test.ts',
      // Issue 14's webhooks: callbacks routed across organizations (a prepared statement over the texts partitions),
      // verified, stored once and applied.
      'src/modules/sending/webhooks/webhooks.test.ts',
      'src/modules/sending/webhooks/sender-providers.test.ts',
      'src/modules/sending/webhooks/prune-webhook-events.test.ts',
      // Issue 15's number purchase: a released number taken up again through ON CONFLICT DO UPDATE.
      'src/modules/phones/phone-numbers.test.ts',
      'test/tenancy.test.ts',
      'test/permissions.test.ts',
      'test/policies.test.ts',
      'test/validation-rules.test.ts',
      'test/secrets.test.ts',
      'test/resources.test.ts',
      'test/exports.test.ts',
      'test/text-partitions.test.ts',
      'test/delete-dependants.test.ts',
      'test/distribution.citus.ts',
      // The list load's hot path: COPY into local staging, INSERT … SELECT into distributed rows and phones.
      'src/modules/lists/load-list.test.ts',
      // The id ranges the list and project loads take, held against a single insert's default id meanwhile.
      'src/platform/db/reserve-ids.test.ts',
      'src/modules/lists/lists.api.test.ts',
      'test/list-filters.test.ts',
      // Issue 11's data imports: staged rows as a reference table, changes and their audit records.
      'src/modules/data-imports/data-imports.test.ts',
      'src/modules/data-imports/user-imports.test.ts',
      // Issue 14's number lookup: carriers and line types written back to recipients.
      'src/modules/phones/phone-lookup.test.ts',
      // Issue 12's paths: users and their memberships, teams and members, opt-outs, collections, restrictions, settings.
      'test/users.test.ts',
      'test/teams.test.ts',
      'test/collections.test.ts',
      'test/restrictions.test.ts',
      'test/organization.test.ts',
      'test/prices.test.ts',
      'src/modules/opt-outs/opt-outs.test.ts',
      'test/user-visibility.test.ts',
      // Issue 13's project load: INSERT … SELECT of texts, exclusions and counts into distributed tables.
      'src/modules/projects/load/load-project.test.ts',
      // Long runs on connections of their own (withRunLock), each run's pool on the coordinator.
      'test/run-connections.test.ts',
      // Issue 14's status reports: texts moved forward and their counts, in one statement routed to one organization.
      'src/modules/sending/text-transitions.test.ts',
      // Issue 13's projects: the lifecycle under a row lock, the create/update rules, texts read through the project.
      'test/projects-lifecycle.test.ts',
      'test/projects-rules.test.ts',
      'test/projects-texts.test.ts',
      'src/modules/projects/load/project-summary.test.ts',
      'test/project-list-filters.test.ts',
      'test/project-media.test.ts',
      // Issue 15's keywords: received texts, opt-outs and confirmations set-based, provider opt-outs, the toggle.
      'src/modules/opt-outs/inbound-keywords.test.ts',
      'src/modules/opt-outs/provider-opt-outs.test.ts',
      'src/modules/texts/text-opt-out.test.ts',
    ],
    globalSetup: ['./test/citus-global-setup.ts'],
    fileParallelism: false,
    hookTimeout: 180_000,
  },
});
