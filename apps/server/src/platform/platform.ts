import type { Logger } from 'pino';
import type { Tokens } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/tenant';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';

/** The process-wide services every module reaches through the request or job context. */
export interface Platform {
  config: Config;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  storage: Storage;
  tokens: Tokens;
}
