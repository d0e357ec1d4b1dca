import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { createApi } from '../apps/server/src/app';
import {
  simulatorSignature,
  simulatorSigningPurpose,
} from '../apps/server/src/modules/sending/providers/simulator/index';
import type { Platform } from '../apps/server/src/platform/platform';
import { freePort } from '../apps/server/test/free-port';
import type { Benchmark } from './benchmarks';
import { benchPlatform } from './setup';

/** Texts with a status callback each way: Sent, then Delivered; two callbacks per text. */
const TEXTS = 20_000;
const CONCURRENCY = 256;
const ANSWER_ONLY = '/bench/answer';

/** An organization whose simulator number has sent TEXTS texts, made directly in SQL. */
async function seed(platform: Platform) {
  const pool = platform.database.pool;
  const one = async (q: string, params: unknown[] = []) => Number((await pool.query(q, params)).rows[0].id);
  const org = await one(
    `INSERT INTO organizations (name, domain) VALUES ('Bench webhooks', 'bench-webhooks.test') RETURNING id`,
  );
  const sender = await one(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, provider)
     VALUES ($1, '2125559001', 'Active', 'FromPhone', 'Provider', 'Simulator') RETURNING id`,
    [org],
  );
  const to = await one(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class)
     VALUES ($1, '2125550101', 'ToPhone', 'ToPhone', 'Recipient') RETURNING id`,
    [org],
  );
  const createdAt = new Date();
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO texts (organization_id, body, text_status, text_type, from_phone_id, to_phone_id, provider, created_at)
     SELECT $1, 'Hi', 'Sending', 'List', $2, $3, 'Simulator', $4 FROM generate_series(1, $5::int)
     RETURNING id`,
    [org, sender, to, createdAt, TEXTS],
  );
  return { org, createdAtMs: createdAt.getTime(), textIds: rows.map((r) => Number(r.id)) };
}

/** The simulator's callbacks for every text, signed for the organization: Sent for all, then Delivered for all. */
function callbacks(platform: Platform, seeded: Awaited<ReturnType<typeof seed>>) {
  const key = platform.secrets.derive(simulatorSigningPurpose(seeded.org));
  const bodies: string[] = [];
  const headers: Record<string, string>[] = [];
  // The status callback URL dispatch gives each text carries its ref, as the simulator's body does.
  const queries: string[] = [];
  for (const status of ['sent', 'delivered'])
    for (const textId of seeded.textIds) {
      const body = JSON.stringify({
        type: 'status',
        eventId: `SIM${textId}-${status}`,
        messageId: `SIM${textId}`,
        status,
        errorCode: null,
        errorMessage: null,
        timestamp: new Date().toISOString(),
        ref: { organizationId: seeded.org, textId, createdAtMs: seeded.createdAtMs },
      });
      bodies.push(body);
      queries.push(`?o=${seeded.org}&t=${textId}&c=${seeded.createdAtMs}`);
      headers.push({ 'content-type': 'application/json', 'x-simulator-signature': simulatorSignature(key, body) });
    }
  return { queries, bodies, headers };
}

/**
 * The load: prepared POST requests to one path (each with its own query string), `concurrency` at a time over
 * keep-alive connections, from a thread of its own so it does not share the server's event loop; it reports each
 * request's time. A script the worker evaluates, so the benchmark needs no plain-JavaScript file beside it.
 */
const LOAD_WORKER = `const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');

const { port, path, queries, bodies, headers, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = new Float64Array(bodies.length);
let failed = 0;
let next = 0;

function send(i) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { agent, host: '127.0.0.1', port, path: path + queries[i], method: 'POST', headers: headers[i] },
      (res) => {
        if (res.statusCode >= 300) failed++;
        res.resume();
        res.on('end', () => {
          latencies[i] = performance.now() - started;
          resolve();
        });
      },
    );
    req.on('error', reject);
    req.end(bodies[i]);
  });
}

async function lane() {
  while (next < bodies.length) await send(next++);
}

(async () => {
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  parentPort.postMessage({ seconds, latencies, failed });
})();`;

interface Load {
  perSecond: number;
  p99Ms: number;
  failed: number;
}

interface Requests {
  queries: string[];
  bodies: string[];
  headers: Record<string, string>[];
}

function load(port: number, path: string, { queries, bodies, headers }: Requests): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { port, path, queries, bodies, headers, concurrency: CONCURRENCY },
    });
    worker.once('error', reject);
    worker.once('message', (m: { seconds: number; latencies: Float64Array; failed: number }) => {
      const sorted = [...m.latencies].sort((a, b) => a - b);
      resolve({
        perSecond: bodies.length / m.seconds,
        p99Ms: sorted[Math.floor(sorted.length * 0.99)],
        failed: m.failed,
      });
      void worker.terminate();
    });
  });
}

/** The same server with a route that reads the raw body as the webhook routes do (no security headers), and only answers. */
async function addAnswerOnlyRoute(api: FastifyInstance) {
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post(ANSWER_ONLY, { helmet: false }, async (_req, reply) => reply.code(204).send());
  });
}

export const webhookIngest: Benchmark = {
  name: 'webhook-ingest',
  description: `${2 * TEXTS} signed status callbacks (${CONCURRENCY} at a time) routed, verified, stored and acknowledged, vs the same requests to a route that only answers`,
  async run() {
    const { platform, close } = await benchPlatform();
    let api: FastifyInstance | null = null;
    try {
      const seeded = await seed(platform);
      const requests = callbacks(platform, seeded);
      api = await createApi(platform);
      await addAnswerOnlyRoute(api);
      const port = await freePort();
      await api.listen({ port, host: '127.0.0.1' });
      // Untimed: connections, the JIT and the pool warm up on the answer-only route.
      const warmUp = Object.fromEntries(Object.entries(requests).map(([k, v]) => [k, v.slice(0, 2000)]));
      await load(port, ANSWER_ONLY, warmUp as unknown as Requests);
      const baseline = await load(port, ANSWER_ONLY, requests);
      const ingest = await load(port, '/webhooks/Simulator/status', requests);
      const { rows } = await platform.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM webhook_events WHERE routed_organization_id = $1`,
        [seeded.org],
      );
      const extra = { requests: requests.bodies.length, refused: ingest.failed, stored: rows[0].n };
      return [
        {
          name: 'webhook-ingest',
          value: ingest.perSecond,
          unit: 'callbacks/s',
          baseline: baseline.perSecond,
          target: { valueAtLeast: 10_000 },
          extra,
        },
        {
          name: 'webhook-ingest-p99',
          value: ingest.p99Ms,
          unit: 'ms',
          baseline: baseline.p99Ms,
          target: { valueAtMost: 200 },
          extra,
        },
      ];
    } finally {
      await api?.close();
      await close();
    }
  },
};
