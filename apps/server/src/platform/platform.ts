import type { Logger } from 'pino';
import type { Tokens } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/tenant';
import type { Events } from './events/events';
import type { Mailer } from './mail/mailer';
import type { SecretsCipher } from './secrets/cipher';
import type { Storage } from './storage/storage';

/** The process-wide services every module reaches through the request or job context. */
export interface Platform {
  config: Config;
  database: Database;
  /** Live updates between processes (platform/events): LISTEN/NOTIFY, or Redis when REDIS_URL is set. */
  events: Events;
  logger: Logger;
  mailer: Mailer;
  /** Seals and opens provider credentials (platform/secrets). */
  secrets: SecretsCipher;
  storage: Storage;
  tokens: Tokens;
}
