import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jobs } from '../src/jobs';
import { defineJob, type JobDef } from '../src/platform/jobs/registry';
import { startWorker } from '../src/platform/jobs/runner';
import { processWebhookEventsJob } from '../src/modules/sending/webhooks/webhook-events.job';
import { createTestApp, type TestApp } from './harness';

/** Delivery receipts are applied by a prompt job: long jobs filling every worker slot do not hold them back. */

let app: TestApp;
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
const ran: string[] = [];

// A long job (a dispatch run sending for minutes) that ends only when the test lets it.
const longJob = defineJob({
  name: 'test-long',
  payload: z.looseObject({}),
  maxAttempts: 1,
  run: async () => {
    ran.push('long');
    await released;
  },
});
const receiptJob = defineJob({
  name: 'test-receipts',
  payload: z.looseObject({}),
  maxAttempts: 1,
  prompt: true,
  run: async () => void ran.push('receipts'),
});

let worker: Awaited<ReturnType<typeof startWorker>> | undefined;

beforeAll(async () => {
  app = await createTestApp();
}, 60_000);

afterAll(async () => {
  release();
  await worker?.stop();
});

const add = (task: string) => app.sql(`SELECT graphile_worker.add_job($1, '{}'::json, max_attempts => 1)`, [task]);

describe('a prompt job', () => {
  it('runs while long jobs hold every slot of the worker', async () => {
    worker = await startWorker(app.platform, [longJob, receiptJob] as unknown as JobDef[], 2);
    await add('test-long');
    await add('test-long');
    await vi.waitFor(() => expect(ran).toEqual(['long', 'long']), { timeout: 10_000, interval: 50 });
    await add('test-receipts');
    // Both slots are taken until the long jobs end; the receipts do not wait for them.
    await vi.waitFor(() => expect(ran).toContain('receipts'), { timeout: 10_000, interval: 50 });
    expect(ran).toEqual(['long', 'long', 'receipts']);
  });

  it('is how the webhook events (delivery receipts, replies) are applied', () => {
    expect(processWebhookEventsJob.prompt).toBe(true);
    expect(jobs.filter((job) => job.prompt).map((job) => job.name)).toEqual(['processWebhookEvents']);
  });
});
