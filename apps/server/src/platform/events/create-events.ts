import type pg from 'pg';
import type { Logger } from 'pino';
import type { Events } from './events';
import { createPgEvents } from './pg-events';
import { createRedisEvents } from './redis-events';

/** Redis when REDIS_URL is set, otherwise PostgreSQL LISTEN/NOTIFY; resolves once events can be received. */
export async function createEvents(opts: {
  redisUrl?: string;
  connectionString: string;
  pool: pg.Pool;
  logger: Logger;
}): Promise<Events> {
  if (opts.redisUrl) return createRedisEvents({ url: opts.redisUrl, logger: opts.logger });
  const events = createPgEvents(opts);
  await events.ready;
  return events;
}
