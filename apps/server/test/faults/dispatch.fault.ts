import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailableMessage } from '../../src/platform/graphql/yoga';
import { faultRig, SEND_CONCURRENCY, tally, untilPosted, untilSettled, type FaultRig } from './fault-harness';

/**
 * Issue 34 item 3, by crashing what runs: 3,000 texts through the HTTP adapter (no idempotency, no way to ask the
 * provider) in batches of 200, a worker process killed with SIGKILL mid-send, then PostgreSQL stopped for 15 s
 * mid-send. Counted at the provider: no text twice, none lost, and unknown only what was in flight.
 */
const TEXTS = 3000;

describe('kill -9 of a worker mid-send', () => {
  let rig: FaultRig;
  beforeAll(async () => {
    // A short grace: the next worker settles the dead one's claims after 20 s instead of 2 minutes (still longer
    // than a live run holds a claim on a busy machine: shorter, a live run's claims would be taken as a dead one's).
    rig = await faultRig(TEXTS, { SEND_CLAIM_GRACE_SECONDS: '20' });
  }, 120_000);
  afterAll(() => rig?.close());

  it('sends every text the dead worker had not handed over, once', async () => {
    const first = rig.startWorker();
    await rig.askForDispatch();
    await untilPosted(rig, 1000);
    first.kill('SIGKILL');
    const atKill = rig.provider.total();
    expect(atKill).toBeLessThan(TEXTS);

    rig.startWorker();
    await untilSettled(rig, 90_000);
    const result = await tally(rig);
    expect(result).toMatchObject({ texts: TEXTS, duplicates: 0, lost: 0 });
    expect(result.unknown).toBeLessThanOrEqual(SEND_CONCURRENCY);
    expect(result.sent + result.unknown).toBe(TEXTS);
  }, 150_000);
});

describe('PostgreSQL stopped for 15 s mid-send', () => {
  let rig: FaultRig;
  beforeAll(async () => {
    rig = await faultRig(TEXTS, { SEND_CLAIM_GRACE_SECONDS: '60' });
  }, 120_000);
  afterAll(() => rig?.close());

  it('keeps the worker and the API alive, and they resume: nothing lost, nothing twice', async () => {
    const projects = async () => {
      const res = await rig.app.api.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${rig.token}` },
        payload: { query: '{ projects { totalCount } }' },
      });
      const body = res.json() as { data?: { projects: unknown }; errors?: { message: string }[] };
      return { status: res.statusCode, ...body };
    };
    const worker = rig.startWorker();
    await rig.askForDispatch();
    await untilPosted(rig, 1000);
    await rig.stopDatabase();
    // The API answers meanwhile, saying the database is away.
    const away = await projects();
    expect(away.status).toBe(503);
    expect(away.errors?.[0]?.message).toBe(databaseUnavailableMessage);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    expect(worker.exitCode).toBeNull();
    await rig.startDatabase();
    await expect.poll(async () => (await projects()).data?.projects, { timeout: 10_000 }).toEqual({ totalCount: 1 });

    await untilSettled(rig, 90_000);
    expect(worker.exitCode).toBeNull();
    const result = await tally(rig);
    expect(result).toMatchObject({ texts: TEXTS, duplicates: 0, lost: 0 });
    expect(result.unknown).toBeLessThanOrEqual(SEND_CONCURRENCY);
  }, 150_000);
});
