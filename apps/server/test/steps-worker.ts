// A separate worker process for subscriptions.test.ts: boots as `canvass start --role worker` does (its own pool,
// its own LISTEN connection) from the environment, and runs the test's stepsJob only.
import { bootPlatform } from '../src/platform/boot';
import { loadConfig } from '../src/platform/config';
import type { JobDef } from '../src/platform/jobs/registry';
import { startWorker } from '../src/platform/jobs/runner';
import { stepsJob } from './steps-job';

const booted = await bootPlatform(loadConfig());
const worker = await startWorker(booted.platform, [stepsJob as unknown as JobDef], 1);
process.stdout.write('worker ready\n');
process.on('SIGTERM', () => {
  void (async () => {
    await worker.stop();
    await booted.close();
    process.exit(0);
  })();
});
