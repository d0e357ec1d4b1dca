import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bootPlatform, type Booted } from '../apps/server/src/platform/boot';
import { loadConfig } from '../apps/server/src/platform/config';
import { freePort } from '../apps/server/test/free-port';

/**
 * A fresh Canvass database for one benchmark: on DATABASE_URL's server when set (a new database there), else on an
 * embedded PostgreSQL in a temporary folder. Torn down by the returned close(). `settings` overrides configuration
 * (SEND_CONCURRENCY …) for this benchmark alone.
 */
export async function benchPlatform(settings: Record<string, string> = {}): Promise<Booted> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canvass-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const env: Record<string, string> = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, SEED_DEMO: 'false' };
  let drop: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL) {
    const name = `canvass_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  } else {
    env.EMBEDDED_PG_PORT = String(await freePort());
  }
  const booted = await bootPlatform(loadConfig({ ...process.env, DATABASE_URL: undefined, ...settings, ...env }));
  return {
    platform: booted.platform,
    async close() {
      await booted.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Median of several timed runs, in milliseconds, after three untimed ones (connections, caches, JIT). */
export async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * Medians of two timed operations run in alternation (a b, b a, …), so a busy machine slows both alike and their
 * ratio stays meaningful; three untimed rounds first.
 */
export async function pairedMediansMs(
  runs: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number, number]> {
  const timed = async (fn: () => Promise<unknown>) => {
    const t = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  for (let i = 0; i < 3; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      ta.push(await timed(a));
      tb.push(await timed(b));
    } else {
      tb.push(await timed(b));
      ta.push(await timed(a));
    }
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return [median(ta), median(tb)];
}

const MB = 1024 * 1024;

/** Samples this process's resident memory every 50 ms until stopped: where it started and its peak meanwhile. */
// memoryUsage.rss() reads the resident size alone; memoryUsage() also walks the heap's statistics, a cost paid
// every 50 ms inside the timed work.
export function rssSampler(): { stop(): { startMb: number; peakMb: number } } {
  const startMb = process.memoryUsage.rss() / MB;
  let peakMb = startMb;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, process.memoryUsage.rss() / MB);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      peakMb = Math.max(peakMb, process.memoryUsage.rss() / MB);
      return { startMb: Math.round(startMb), peakMb: Math.round(peakMb) };
    },
  };
}
