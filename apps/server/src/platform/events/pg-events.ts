import pg from 'pg';
import type { Logger } from 'pino';
import { decodeEvent, encodeEvent, type Events } from './events';
import { LocalFanOut } from './fan-out';

/** The one NOTIFY channel; the topic travels inside the payload, so a process LISTENs once, whatever it watches. */
export const EVENTS_CHANNEL = 'canvass_events';
/** The listener's application_name: how an operator (or a test) finds its backend in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'canvass:events';

export interface PgEvents extends Events {
  /** Resolves once the first LISTEN is in place: events published after it reach this process. */
  ready: Promise<void>;
}

/** Waits 100 ms, 200 ms, 400 ms … up to 5 s between attempts, with jitter so many processes do not retry at once. */
export function reconnectDelay(attempt: number): number {
  return Math.min(5000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

/**
 * Events over PostgreSQL LISTEN/NOTIFY: nothing to run besides the database. Each process keeps ONE dedicated
 * connection for LISTEN, outside the pool (a pooled connection goes back to other work and would lose the
 * LISTEN); when it drops, it reconnects with backoff and then tells every subscriber to re-read. Publishing is a
 * pg_notify through the pool. Every process hears every event and hands it to its own subscribers of the topic:
 * fine at a few events per second per running task (publishers throttle); a busier topic would want a channel each.
 */
export function createPgEvents(opts: { connectionString: string; pool: pg.Pool; logger: Logger }): PgEvents {
  const { connectionString, pool, logger } = opts;
  const fanOut = new LocalFanOut();
  let listener: pg.Client | null = null;
  let everConnected = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const dropped = new WeakSet<pg.Client>();

  const drop = (client: pg.Client, err?: unknown) => {
    if (dropped.has(client)) return;
    dropped.add(client);
    if (listener === client) listener = null;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    if (closed) return;
    logger.warn({ err, attempt }, 'events listener connection lost; reconnecting');
    const delay = reconnectDelay(attempt++);
    timer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    timer = null;
    const client = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', (msg) => {
      if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
      const event = decodeEvent(msg.payload);
      if (event) fanOut.deliver(event.topic, event.payload);
    });
    // An error on an idle client (the backend terminated, the network gone) must not crash the process.
    client.on('error', (err) => drop(client, err));
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      drop(client, err);
      return;
    }
    if (closed || dropped.has(client)) {
      if (!dropped.has(client)) await client.end().catch(() => {});
      return;
    }
    listener = client;
    attempt = 0;
    if (everConnected) fanOut.resync();
    everConnected = true;
    markReady();
  };
  void connect();

  return {
    ready,
    async publish(topic, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, encodeEvent(topic, payload)]);
    },
    subscribe: (topic) => fanOut.subscribe(topic),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      fanOut.endAll();
      const client = listener;
      listener = null;
      if (client) {
        dropped.add(client);
        await client.end().catch(() => {});
      }
    },
  };
}
