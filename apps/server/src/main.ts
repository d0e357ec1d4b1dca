import type { FastifyInstance } from 'fastify';
import type { Runner } from 'graphile-worker';
import { createApi, createWorker } from './app';
import { DEMO_PASSWORD, demoUsers, seedDemo } from './modules/demo/demo-seed';
import { bootPlatform } from './platform/boot';
import { EmbeddedPostgresUnavailable } from './platform/db/embedded';
import { loadConfig } from './platform/config';
import { isConnectionLoss } from './platform/db/pool';
import { distributeCommand } from './platform/db/distribute';

/**
 * `canvass db distribute`: spreads the database over a Citus cluster (README, "Past one server").
 * `canvass start [--role api|worker|all]`. `all` (the default) runs the API, the web app and a worker in one
 * process; scale out by running many `--role api` behind a load balancer and many `--role worker`.
 */
async function main(argv: string[]): Promise<void> {
  const [command = 'start'] = argv;
  if (command === 'db' && argv[1] === 'distribute') process.exit(await distributeCommand(loadConfig().DATABASE_URL));
  const roleIndex = argv.indexOf('--role');
  const role = roleIndex >= 0 ? argv[roleIndex + 1] : 'all';
  if (command !== 'start' || !['api', 'worker', 'all'].includes(role)) {
    console.error('usage: canvass start [--role api|worker|all] | canvass db distribute');
    process.exit(2);
  }
  const config = loadConfig();
  // Signals are handled from the start: a stop during boot waits for the boot, then closes what it opened.
  let booting: Promise<unknown> = Promise.resolve();
  let close = async (_signal: string) => {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (let step = booting; ; step = booting) {
      await step.catch(() => {});
      if (step === booting) break;
    }
    await close(signal);
    process.exit(0);
  };
  // A connection the database cut, surfacing where nothing awaited it, is waited out (the pool reconnects, the job
  // queue restarts: runner.ts); anything else unhandled is a bug, and the process stops with its stack.
  process.on('unhandledRejection', (err) => {
    if (isConnectionLoss(err)) console.error('database connection lost; waiting for it to come back:', err);
    else {
      console.error(err);
      process.exit(1);
    }
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const boot = bootPlatform(config);
  booting = boot;
  const booted = await boot;
  const { platform } = booted;
  const { logger } = platform;
  let api: FastifyInstance | null = null;
  let worker: Runner | null = null;
  // In this order: no new requests, no new jobs (the worker's LISTEN connection ends while the database is
  // still up), then the pool, then the embedded database.
  close = async (signal) => {
    logger.info({ signal }, 'shutting down');
    await api?.close();
    await worker?.stop();
    await booted.close();
  };
  const started = (async () => {
    const seeded = config.SEED_DEMO ? await seedDemo(platform) : false;
    worker = role === 'api' ? null : await createWorker(platform);
    api = role === 'worker' ? null : await createApi(platform);
    if (api) await api.listen({ port: config.PORT, host: config.HOST });
    return seeded;
  })();
  booting = started;
  const seeded = await started;
  if (stopping) return;

  if (api) {
    const lines = [
      '',
      `  Canvass is running at ${config.publicUrl}  (role: ${role}; listening on ${config.HOST}:${config.PORT})`,
      ...(['127.0.0.1', 'localhost', '::1'].includes(config.HOST)
        ? ['  Only this machine can reach it; set HOST=0.0.0.0 to serve the network (README: Configuration).']
        : []),
      ...(config.SEED_DEMO
        ? [
            `  Demo organization ${seeded ? 'created' : 'ready'}. Sign in with any of (password "${DEMO_PASSWORD}"):`,
            ...demoUsers.map((u) => `    ${u.role.padEnd(9)} ${u.email}`),
          ]
        : []),
      '',
    ];
    process.stdout.write(lines.join('\n') + '\n');
  }
}

main(process.argv.slice(2)).catch((err) => {
  // A start that cannot work here says what to do in one line; anything else is a bug worth its stack.
  console.error(err instanceof EmbeddedPostgresUnavailable ? err.message : err);
  process.exit(1);
});
