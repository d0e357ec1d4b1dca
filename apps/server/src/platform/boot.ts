import path from 'node:path';
import pg from 'pg';
import { createTokens, loadSigningSecret } from './auth/tokens';
import type { Config } from './config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { createPool } from './db/pool';
import { createDatabase } from './db/tenant';
import { createEvents } from './events/create-events';
import { prepareJobQueue } from './jobs/runner';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import type { Platform } from './platform';
import { loadSecretsCipher } from './secrets/load-key';
import { resealConfigurationValues, resealProviderSettings } from './secrets/reseal';
import { resealGoogleAuthorizations } from './secrets/reseal-google';
import { createLocalStorage } from './storage/storage';

export interface Booted {
  platform: Platform;
  /** Closes the events connections and the pool, then stops the embedded PostgreSQL if this process started it. */
  close(): Promise<void>;
}

/** Creates the database if the server does not have it yet (the embedded cluster starts with only `postgres`). */
async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Brings up everything a process needs, the same way for the API, a worker and a test: the database (embedded
 * when DATABASE_URL is unset), migrations, the job queue's schema, mail and storage.
 */
export async function bootPlatform(config: Config): Promise<Booted> {
  const logger = createLogger(config.LOG_LEVEL);
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    const dir = path.join(config.DATA_DIR, 'pg');
    logger.info({ dir, port: config.EMBEDDED_PG_PORT }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres(dir, config.EMBEDDED_PG_PORT, (line) => logger.debug({ pg: line }));
    if (embedded.dir !== dir)
      logger.info({ dir: embedded.dir }, 'the postgres user cannot enter DATA_DIR; the embedded cluster lives here');
    url = await ensureDatabase(embedded.url, 'canvass');
  }
  const pool = createPool(url, (err) =>
    // 57P01: the server is shutting down (on Ctrl-C the embedded PostgreSQL gets the signal too); expected then.
    (err as { code?: string }).code === '57P01'
      ? logger.debug({ err }, 'database shutting down')
      : logger.warn({ err }, 'idle database connection lost'),
  );
  const database = createDatabase(pool);
  await runMigrations(database);
  await prepareJobQueue(pool);
  const secrets = await loadSecretsCipher(database, config.SECRETS_KEY, config.SECRETS_KEY_PREVIOUS);
  const resealed = await resealProviderSettings(database, secrets);
  if (resealed.changed) logger.info({ brands: resealed.changed }, 'provider settings sealed under the current key');
  if (resealed.unreadable.length)
    logger.error({ brands: resealed.unreadable }, 'provider settings sealed under a key not in SECRETS_KEY(_PREVIOUS)');
  const configured = await resealConfigurationValues(database, secrets);
  if (configured.changed) logger.info({ values: configured.changed }, 'organization provider settings resealed');
  if (configured.unreadable.length)
    logger.error({ values: configured.unreadable }, 'organization provider settings sealed under an unknown key');
  const google = await resealGoogleAuthorizations(database, secrets);
  if (google.changed) logger.info({ users: google.changed }, 'Google authorizations sealed under the current key');
  if (google.unreadable.length)
    logger.warn({ users: google.unreadable }, 'Google authorizations sealed under a key not in SECRETS_KEY(_PREVIOUS)');
  const events = await createEvents({ redisUrl: config.REDIS_URL, connectionString: url, pool, logger });
  const platform: Platform = {
    config,
    database,
    events,
    logger,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, database, logger }),
    secrets,
    storage: createLocalStorage(config.filesDir),
    tokens: createTokens(await loadSigningSecret(database, config.JWT_SECRET), config.ACCESS_TOKEN_TTL_SECONDS),
  };
  return {
    platform,
    async close() {
      await events.close();
      await pool.end();
      if (embedded) await embedded.stop();
    },
  };
}
