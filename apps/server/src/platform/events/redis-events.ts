import { lazyRequire } from '../lazy-require';
import type { Logger } from 'pino';
import { decodeEvent, encodeEvent, type Events } from './events';
import { LocalFanOut } from './fan-out';
import { reconnectDelay } from './pg-events';

// Loaded when REDIS_URL is set (lazy-require.ts).
const redis = lazyRequire<typeof import('redis')>('redis');

export const REDIS_EVENTS_CHANNEL = 'canvass:events';

/**
 * Events over Redis pub/sub, for installations that already run Redis and want the fan-out off PostgreSQL.
 * node-redis (`redis`, kept by Redis itself) reconnects and re-subscribes on its own; after a reconnect every
 * subscriber is told to re-read, as with LISTEN. One connection publishes, one (in subscriber mode) listens.
 */
export async function createRedisEvents(opts: { url: string; logger: Logger }): Promise<Events> {
  const { url, logger } = opts;
  const fanOut = new LocalFanOut();
  let started = false;
  // At start, a Redis that cannot be reached in a few tries is a configuration error worth failing the boot for;
  // once running, a dropped connection is retried for as long as it takes.
  const reconnectStrategy = (retries: number, cause: Error) =>
    started || retries < 3 ? reconnectDelay(retries) : new Error(`Cannot reach Redis (REDIS_URL): ${cause.message}`);
  const options = { url, socket: { reconnectStrategy } };
  const publisher = redis().createClient(options);
  const subscriber = redis().createClient(options);
  let readyOnce = false;
  // An error event without a listener would crash the process; the clients reconnect by themselves.
  publisher.on('error', (err) => logger.warn({ err }, 'redis events publisher error'));
  subscriber.on('error', (err) => logger.warn({ err }, 'redis events subscriber error'));
  subscriber.on('ready', () => {
    if (readyOnce) fanOut.resync();
    readyOnce = true;
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (err) {
    publisher.destroy();
    subscriber.destroy();
    throw err;
  }
  await subscriber.subscribe(REDIS_EVENTS_CHANNEL, (message) => {
    const event = decodeEvent(message);
    if (event) fanOut.deliver(event.topic, event.payload);
  });
  started = true;
  return {
    async publish(topic, payload) {
      await publisher.publish(REDIS_EVENTS_CHANNEL, encodeEvent(topic, payload));
    },
    subscribe: (topic) => fanOut.subscribe(topic),
    async close() {
      fanOut.endAll();
      await Promise.all([publisher.close(), subscriber.close()]);
    },
  };
}
