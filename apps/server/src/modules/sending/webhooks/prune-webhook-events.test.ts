import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { loadConfig } from '../../../platform/config';
import { PRUNE_BATCH } from './prune-webhook-events';
import { pruneWebhookEventsJob } from './webhook-events.handler';

let app: TestApp;

/** Stores `count` events received `daysAgo` days ago, processed or not. */
async function store(prefix: string, count: number, daysAgo: number, processed: boolean) {
  await app.sql(
    `INSERT INTO webhook_events (provider, event_id, routed_organization_id, routed_phone_id, payload, raw_body,
                                 processed_at, created_at)
     SELECT 'Twilio', $1 || '-' || i, 1, 1, '{}'::jsonb, '',
            CASE WHEN $4 THEN now() - make_interval(days => $3) + interval '1 minute' END,
            now() - make_interval(days => $3)
       FROM generate_series(1, $2) i`,
    [prefix, count, daysAgo, processed],
  );
}

const remaining = async () =>
  (
    await app.sql(
      `SELECT split_part(event_id, '-', 1) AS kind, count(*)::int AS n FROM webhook_events GROUP BY 1 ORDER BY 1`,
    )
  ).rows;

beforeAll(async () => {
  app = await createTestApp({ WEBHOOK_EVENT_RETENTION_DAYS: '30' });
}, 60_000);

describe('webhook event retention', () => {
  it('reads WEBHOOK_EVENT_RETENTION_DAYS, 30 days unless set', () => {
    expect(loadConfig({}).WEBHOOK_EVENT_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ WEBHOOK_EVENT_RETENTION_DAYS: '7' }).WEBHOOK_EVENT_RETENTION_DAYS).toBe(7);
    expect(pruneWebhookEventsJob.crontab).toMatch(/^\d+ \d+ \* \* \*$/);
  });

  it('deletes processed events past retention, in batches, and keeps unprocessed and recent ones', async () => {
    // More old processed events than one batch, and old unprocessed ones among and after them.
    await store('oldunprocessed', 3, 90, false);
    await store('oldprocessed', PRUNE_BATCH + 20, 45, true);
    await store('lateunprocessed', 2, 40, false);
    await store('recentprocessed', 5, 10, true);
    await store('recentunprocessed', 4, 1, false);

    const deleted = await pruneWebhookEventsJob.run({}, { platform: app.platform, progress: async () => {} });
    expect(deleted).toBe(PRUNE_BATCH + 20);
    expect(await remaining()).toEqual([
      { kind: 'lateunprocessed', n: 2 },
      { kind: 'oldunprocessed', n: 3 },
      { kind: 'recentprocessed', n: 5 },
      { kind: 'recentunprocessed', n: 4 },
    ]);
  });

  it('a second run finds nothing more to delete', async () => {
    expect(await pruneWebhookEventsJob.run({}, { platform: app.platform, progress: async () => {} })).toBe(0);
  });
});
