import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const here = path.dirname(new URL(import.meta.url).pathname);
const port = Number(process.env.E2E_PORT ?? 3217);
const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/canvass-e2e';
const executablePath = process.env.CHROMIUM_PATH ?? fs.readFileSync(path.join(here, '.browser-path'), 'utf8').trim();

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      // Headless, and no background calls to Google's hosts: this machine's network is closed.
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    // A fresh Canvass on its own embedded PostgreSQL and data folder, seeded with the demo organization.
    command: `rm -rf ${dataDir} && node --import tsx ../apps/server/src/main.ts start`,
    cwd: here,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // As a process manager stops it: the server stops its embedded PostgreSQL on SIGTERM. Playwright's default, a
    // SIGKILL to the process group, would leave that database (in its own group) running on the port.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 5497)),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The Simulator (the demo's provider, Platform settings) delivers every text and each recipient answers STOP:
      // the STOP test then knows what comes back. The other sending tests assert nothing about replies.
      SIMULATOR_DELIVERY_RATE: '1',
      SIMULATOR_STOP_RATE: '1',
    },
  },
});
