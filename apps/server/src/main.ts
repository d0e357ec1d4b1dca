import { createApi, createWorker } from './app';
import { DEMO_PASSWORD, demoUsers, seedDemo } from './modules/demo/demo-seed';
import { bootPlatform } from './platform/boot';
import { loadConfig } from './platform/config';
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
  const { platform, close } = await bootPlatform(config);
  const { logger } = platform;
  const seeded = config.SEED_DEMO ? await seedDemo(platform) : false;

  const worker = role === 'api' ? null : await createWorker(platform);
  const api = role === 'worker' ? null : await createApi(platform);
  if (api) await api.listen({ port: config.PORT, host: config.HOST });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await api?.close();
    await worker?.stop();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (api) {
    const lines = [
      '',
      `  Canvass is running at ${config.publicUrl}  (role: ${role})`,
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
  console.error(err);
  process.exit(1);
});
