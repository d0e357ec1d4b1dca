import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port';

const bin = path.resolve(import.meta.dirname, '../bin/canvass.mjs');

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

describe('canvass start as a service', { timeout: 120_000 }, () => {
  it('stops on SIGTERM with its embedded PostgreSQL, exit code 0 and no error logged', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canvass-lifecycle-'));
    // The embedded server runs as the postgres system user when we are root: it must reach its folder.
    fs.chmodSync(dataDir, 0o755);
    const [port, pgPort] = [await freePort(), await freePort()];
    const env = { ...process.env, DATABASE_URL: '', PORT: String(port), EMBEDDED_PG_PORT: String(pgPort) };
    const server = spawn(process.execPath, [bin, 'start'], {
      env: { ...env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    await expect.poll(() => output, { timeout: 90_000, interval: 200 }).toContain('Canvass is running');
    expect(await accepts(pgPort)).toBe(true);

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await accepts(pgPort)).toBe(false);
    expect(await accepts(port)).toBe(false);
    const problems = output.split('\n').filter((line) => /"level":(4|5|6)0/.test(line) || /Error/.test(line));
    expect(problems).toEqual([]);
    expect(output).toContain('"signal":"SIGTERM","msg":"shutting down"');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
