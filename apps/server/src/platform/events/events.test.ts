import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { createPool } from '../db/pool';
import { createLogger } from '../logger';
import { topics, type EventPayload, type Events } from './events';
import { createPgEvents, LISTENER_APPLICATION_NAME } from './pg-events';
import { createRedisEvents } from './redis-events';

/** The next event of a subscription, or a failure naming what did not arrive. */
async function next(events: AsyncIterator<EventPayload>, what: string, ms = 5000): Promise<EventPayload> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no event within ${ms} ms: ${what}`)), ms);
  });
  try {
    const result = await Promise.race([events.next(), timeout]);
    if (result.done) throw new Error(`subscription ended before ${what}`);
    return result.value;
  } finally {
    clearTimeout(timer);
  }
}

/** A second process as far as events go: its own pool and its own LISTEN connection on the same database. */
async function secondProcess(url: string): Promise<{ events: Events; close(): Promise<void> }> {
  const pool = createPool(url, () => {}, 2);
  const events = createPgEvents({ connectionString: url, pool, logger: createLogger('silent') });
  await events.ready;
  return {
    events,
    async close() {
      await events.close();
      await pool.end();
    },
  };
}

const app = await createTestApp();

describe('events over LISTEN/NOTIFY', () => {
  it('delivers an event published by another connection set to the subscribers of that topic only', async () => {
    const other = await secondProcess(app.platform.config.DATABASE_URL!);
    const mine = app.platform.events.subscribe(topics.backgroundTask(1, 7));
    const someoneElses = app.platform.events.subscribe(topics.backgroundTask(2, 7));
    try {
      await other.events.publish(topics.backgroundTask(1, 7), { processed: 10 });
      await other.events.publish(topics.backgroundTask(2, 7), { processed: 99 });
      expect(await next(mine, 'the event of task 7 in organization 1')).toEqual({ processed: 10 });
      expect(await next(someoneElses, 'the event of organization 2')).toEqual({ processed: 99 });
      await other.events.publish(topics.backgroundTask(1, 7), { processed: 20 });
      expect(await next(mine, 'the second event')).toEqual({ processed: 20 });
    } finally {
      await mine.return?.();
      await someoneElses.return?.();
      await other.close();
    }
  });

  it('reconnects after its LISTEN connection is killed, tells subscribers to re-read, and delivers later events', async () => {
    const other = await secondProcess(app.platform.config.DATABASE_URL!);
    const sub = app.platform.events.subscribe(topics.backgroundTask(1, 8));
    try {
      const killed = await app.sql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
        [LISTENER_APPLICATION_NAME],
      );
      // Both processes' listeners: this one's and the second's.
      expect(killed.rowCount).toBe(2);
      // The empty payload after the reconnect: whatever was published meanwhile is re-read.
      expect(await next(sub, 'the re-read hint after reconnecting')).toEqual({});
      await other.events.publish(topics.backgroundTask(1, 8), { processed: 5 });
      expect(await next(sub, 'an event published after the reconnect')).toEqual({ processed: 5 });
    } finally {
      await sub.return?.();
      await other.close();
    }
  });

  it('ends the iteration on return() and refuses a payload PostgreSQL could not carry', async () => {
    const sub = app.platform.events.subscribe(topics.backgroundTask(1, 9));
    const pending = sub.next();
    await sub.return?.();
    expect(await pending).toEqual({ value: undefined, done: true });
    await expect(app.platform.events.publish(topics.backgroundTask(1, 9), { blob: 'x'.repeat(9000) })).rejects.toThrow(
      /events carry ids, not data/,
    );
    expect(() => topics.backgroundTask(0, 1)).toThrow(/Not an id/);
  });
});

/**
 * Redis runs where REDIS_URL says, or on this machine's 127.0.0.1:6379 when something listens there. With
 * REDIS_URL set and Redis unreachable the test fails; with neither, it is reported as skipped under this name.
 */
const redisUrl = process.env.REDIS_URL ?? ((await reachable(6379)) ? 'redis://127.0.0.1:6379' : undefined);

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 500 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

describe('events over Redis', () => {
  it.skipIf(!redisUrl)(
    `carries an event between two separately connected processes (needs REDIS_URL or Redis on 127.0.0.1:6379${redisUrl ? '' : ': none here'})`,
    async () => {
      const logger = createLogger('silent');
      const publisher = await createRedisEvents({ url: redisUrl!, logger });
      const subscriber = await createRedisEvents({ url: redisUrl!, logger });
      // Unique per run: other runs on the same Redis must not be heard.
      const topic = topics.backgroundTask(process.pid, Date.now());
      const sub = subscriber.subscribe(topic);
      try {
        await publisher.publish(topic, { processed: 3 });
        expect(await next(sub, 'the event through Redis')).toEqual({ processed: 3 });
      } finally {
        await sub.return?.();
        await publisher.close();
        await subscriber.close();
      }
    },
  );
});
