import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApi } from '../../src/app';
import { unknownOutcomeMessage } from '../../src/modules/sending/dispatch/reconcile';
import { idempotencyKeyOf } from '../../src/modules/sending/providers/messaging-provider';
import { httpAdapterAccount, loadedBlast } from '../blasts';
import pg from 'pg';
import { bootPlatform } from '../../src/platform/boot';
import { loadConfig } from '../../src/platform/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/platform/db/embedded';
import { buildOrganization } from '../factories';
import { freePort } from '../free-port';
import type { TestApp } from '../harness';
import { startCountingProvider } from './counting-provider';

/**
 * What the fault tests share: a PostgreSQL of their own (embedded, so a test may stop it; never the shared one), a
 * loaded Blast sending through the HTTP adapter to a counting provider, and workers run as child processes (so a
 * test may kill -9 one), each `canvass start --role worker` as in production.
 */
export const SEND_CONCURRENCY = 32;
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

export interface FaultRig {
  app: TestApp;
  orgId: number;
  projectId: number;
  /** A Manager's access token, for asking the API. */
  token: string;
  provider: Awaited<ReturnType<typeof startCountingProvider>>;
  /** Stops PostgreSQL (a fast shutdown: every connection cut) and starts it again on the same data and port. */
  stopDatabase(): Promise<void>;
  startDatabase(): Promise<void>;
  startWorker(): ChildProcess;
  /** Asks for a dispatch run, as the minute's sweep would. */
  askForDispatch(): Promise<void>;
  close(): Promise<void>;
}

export async function faultRig(texts: number, env: Record<string, string>): Promise<FaultRig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canvass-fault-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const pgDir = path.join(dataDir, 'pg');
  let database: EmbeddedDatabase | null = await startEmbeddedPostgres(pgDir, port);
  const provider = await startCountingProvider({ customer: 'fault', apiKey: 'fault-key', latencyMs: 20 });
  const settings = {
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SEND_QUIET_HOURS: 'off',
    SEND_UNREGISTERED_THROUGHPUT: '0',
    SEND_CONCURRENCY: String(SEND_CONCURRENCY),
    SEND_BATCH_SIZE: '200',
    ...env,
  };
  // The cluster starts with only `postgres`: the app's database is made here, then booted as a server would.
  const url = new URL(database.url);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('CREATE DATABASE canvass');
  await admin.end();
  url.pathname = '/canvass';
  // Silent: its warnings while the database is stopped are expected; the workers' own go to their stderr.
  const platformBoot = await bootPlatform(
    loadConfig({ ...settings, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url.toString() }),
  );
  const app: TestApp = {
    platform: platformBoot.platform,
    api: await createApi(platformBoot.platform),
    sql: (q, p) => platformBoot.platform.database.pool.query(q, p as unknown[]),
  };
  const org = await buildOrganization(app, 'Faults');
  const token = await org.tokenFor('Manager');
  const { projectId } = await loadedBlast(app, org, {
    recipients: texts,
    provider: 'Telucom',
    settings: httpAdapterAccount(provider.url, 'fault', 'fault-key'),
  });
  const workers: ChildProcess[] = [];
  return {
    app,
    orgId: org.id,
    projectId,
    token,
    provider,
    async stopDatabase() {
      await database?.stop();
      database = null;
    },
    async startDatabase() {
      database = await startEmbeddedPostgres(pgDir, port);
    },
    startWorker() {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start', '--role', 'worker'], {
        cwd: SERVER_DIR,
        env: { ...process.env, ...settings, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url.toString() },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr!.on('data', () => {});
      workers.push(child);
      return child;
    },
    async askForDispatch() {
      await app.sql(`SELECT graphile_worker.add_job('dispatchTexts', json_build_object('organizationId', $1::int))`, [
        org.id,
      ]);
    },
    async close() {
      for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
      await app.api.close();
      await platformBoot.close();
      await database?.stop();
      await provider.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the project has no text left to send or settle, asking for a dispatch run every two seconds. */
export async function untilSettled(rig: FaultRig, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await rig.app
      .sql(
        `SELECT count(*)::int AS n FROM texts
          WHERE organization_id = $1 AND project_id = $2 AND text_status IN ('Ready', 'Queued')`,
        [rig.orgId, rig.projectId],
      )
      .catch(() => ({ rows: [{ n: -1 }] }));
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0].n} texts still to send after ${timeoutMs} ms`);
    await rig.askForDispatch().catch(() => {});
    await sleep(2000);
  }
}

/** Waits until the provider has been sent `count` texts. */
export async function untilPosted(rig: FaultRig, count: number): Promise<void> {
  while (rig.provider.total() < count) await sleep(20);
}

/**
 * What became of every text, by the provider's counts: posted more than once (duplicates), never posted and not
 * marked unknown (lost), marked unknown (Error, unknownOutcomeMessage) and of those, never posted at all.
 */
export async function tally(rig: FaultRig) {
  const { rows } = await rig.app.sql(
    `SELECT id, created_at, text_status, error_message FROM texts WHERE organization_id = $1 AND project_id = $2`,
    [rig.orgId, rig.projectId],
  );
  let lost = 0;
  let unknown = 0;
  let sent = 0;
  for (const r of rows as { id: number; created_at: Date; text_status: string; error_message: string | null }[]) {
    const posts =
      rig.provider.posts.get(
        idempotencyKeyOf({ organizationId: rig.orgId, textId: Number(r.id), createdAtMs: r.created_at.getTime() }),
      ) ?? 0;
    if (r.error_message === unknownOutcomeMessage) unknown++;
    else if (r.text_status === 'Sent' && posts === 1) sent++;
    else lost++;
  }
  const duplicates = [...rig.provider.posts.values()].filter((n) => n > 1).length;
  return { texts: rows.length, sent, unknown, lost, duplicates };
}
