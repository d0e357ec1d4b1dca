import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, inject } from 'vitest';
import { createApi } from '../src/app';
import { createTokens } from '../src/platform/auth/tokens';
import { loadConfig } from '../src/platform/config';
import { createPool } from '../src/platform/db/pool';
import { createDatabase } from '../src/platform/db/tenant';
import { createEvents } from '../src/platform/events/create-events';
import { createLogger } from '../src/platform/logger';
import { createMailer } from '../src/platform/mail/mailer';
import type { Platform } from '../src/platform/platform';
import { loadSecretsCipher } from '../src/platform/secrets/load-key';
import { createLocalStorage } from '../src/platform/storage/storage';
import { createCitusDatabase, dropCitusDatabase } from './citus-database';
import { installStatementCheck, takeViolations } from './statement-check';

/** The key every test app signs its tokens with: a test may forge a token the server's own key signed. */
export const TEST_SIGNING_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-!!');

export interface TestApp {
  platform: Platform;
  api: FastifyInstance;
  /** A raw connection to this file's database, as the owner: for assertions the API cannot make. */
  sql(query: string, params?: unknown[]): Promise<pg.QueryResult>;
}

/**
 * What each createTestApp of this file must undo. Registered once when the harness is imported (while the file's
 * tests are collected): an afterAll called from inside a beforeAll, where createTestApp runs, is never run, and
 * every file's database was left behind.
 */
const teardowns: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const teardown of teardowns.splice(0).reverse()) await teardown();
});

/**
 * Fails the test during which the app sent a statement on a tenant table without its organization in the predicate
 * (statement-check.ts). STATEMENT_CHECK_LOG=<file> appends them to the file instead, to count them over a run.
 */
installStatementCheck();
afterEach(() => {
  const found = takeViolations();
  if (found.length === 0) return;
  if (process.env.STATEMENT_CHECK_LOG) {
    fs.appendFileSync(process.env.STATEMENT_CHECK_LOG, found.map((v) => JSON.stringify(v) + '\n').join(''));
    return;
  }
  throw new Error(
    `Statements on a tenant table without an organization_id predicate (statement-check.ts):\n${found
      .map((v) => `  [${v.context}] ${v.tables.join(', ')}: ${v.statement}`)
      .join('\n')}`,
  );
});

/**
 * This test file's own Canvass: a database cloned from the migrated template, a Platform on it and the API
 * served in-process (Fastify inject). Torn down after the file.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const citus = inject('citusDatabasePrefix');
  const name = `${citus || 'canvass_test_'}${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (citus) await createCitusDatabase(adminUrl, name);
  else await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'canvass-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    // The factories' sender numbers have no campaign: unshaped unless a test shapes them (deliverability.test.ts).
    SEND_UNREGISTERED_THROUGHPUT: '0',
    // Tests send on the wall clock at whatever hour they run; the quiet-hours tests turn it on with a fixed clock.
    // A production app (NODE_ENV given as production) refuses 'off', and keeps its default.
    ...(env.NODE_ENV === 'production' ? {} : { SEND_QUIET_HOURS: 'off' }),
    ...env,
  });
  const pool = createPool(config.DATABASE_URL!, () => {}, 5);
  const database = createDatabase(pool);
  const logger = createLogger(config.LOG_LEVEL);
  const events = await createEvents({
    redisUrl: config.REDIS_URL,
    connectionString: config.DATABASE_URL!,
    pool,
    logger,
  });
  const platform: Platform = {
    config,
    database,
    events,
    logger,
    mailer: createMailer({ from: config.MAIL_FROM, database, logger }),
    secrets: await loadSecretsCipher(database, config.SECRETS_KEY, config.SECRETS_KEY_PREVIOUS),
    storage: createLocalStorage(config.filesDir),
    tokens: createTokens(TEST_SIGNING_SECRET, config.ACCESS_TOKEN_TTL_SECONDS),
  };
  const api = await createApi(platform);
  teardowns.push(async () => {
    await api.close();
    await events.close();
    await pool.end();
    if (citus) await dropCitusDatabase(adminUrl, name);
    else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { platform, api, sql: (q, p) => pool.query(q, p as unknown[]) };
}

export interface GraphQLResult<T = Record<string, unknown>> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
  cookies: Record<string, string>;
}

/** Posts one GraphQL operation as a browser would: bearer token and cookies optional. */
export async function gql<T = Record<string, any>>( // eslint-disable-line @typescript-eslint/no-explicit-any
  app: TestApp,
  query: string,
  variables: Record<string, unknown> = {},
  opts: { token?: string; cookies?: Record<string, string> } = {},
): Promise<GraphQLResult<T>> {
  const res = await app.api.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    cookies: opts.cookies,
    payload: { query, variables },
  });
  const body = res.json() as Omit<GraphQLResult<T>, 'cookies'>;
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { ...body, cookies };
}
