import { Worker } from 'node:worker_threads';
import { runProjectLoad } from '../apps/server/src/modules/projects/load/run-project-load';
import { dispatchOrganization } from '../apps/server/src/modules/sending/dispatch/dispatch';
import { requestJson } from '../apps/server/src/modules/sending/providers/json-http';
import { idempotencyKeyOf } from '../apps/server/src/modules/sending/providers/messaging-provider';
import type { Platform } from '../apps/server/src/platform/platform';
import type { Benchmark } from './benchmarks';
import { MESSAGE, seed } from './project-load';
import { benchPlatform, rssSampler } from './setup';

const TEXTS = 30_000;
/** The project load leaves out every 21st row of its list; these are the rest of it. */
const EXCLUDED = Math.round(TEXTS / 20);
const LATENCY_MS = 20;
const API_KEY = 'bench-key';
const CUSTOMER = 'bench';

/** The configurable HTTP adapter, as an operator would describe a provider with a plain JSON API. */
const settings = (url: string) => ({
  TELUCOM_API_KEY: API_KEY,
  TELUCOM_CUSTOMER_ID: CUSTOMER,
  HTTP_SEND_URL: `${url}/v1/customers/{TELUCOM_CUSTOMER_ID}/sms`,
  HTTP_AUTH_HEADER: 'X-Api-Key: {TELUCOM_API_KEY}',
  HTTP_BODY_TEMPLATE: '{"source":"{from}","destination":"{to}","message":"{body}","reference":"{idempotencyKey}"}',
  HTTP_MESSAGE_ID_PATH: 'data.id',
});

/**
 * The mock provider, on a thread of its own so it does not share the event loop it is measuring: answers every
 * send after LATENCY_MS with the adapter's success body, over keep-alive connections, and counts the sends per
 * reference (the idempotency key). 'counts' hands the counts over and clears them.
 */
const MOCK_WORKER = `const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');

const counts = new Map();
let sent = 0;
const server = http.createServer((req, res) => {
  if (req.headers['x-api-key'] !== workerData.apiKey) {
    res.writeHead(401).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let reference = null;
    try {
      reference = JSON.parse(Buffer.concat(chunks).toString('utf8')).reference ?? null;
    } catch {}
    if (reference) counts.set(reference, (counts.get(reference) ?? 0) + 1);
    const id = 'tx-' + ++sent;
    setTimeout(() => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { id, state: 'queued' } }));
    }, workerData.latencyMs);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (m) => {
  if (m === 'counts') {
    parentPort.postMessage({ counts: [...counts] });
    counts.clear();
  }
});`;

interface Mock {
  url: string;
  /** Sends per reference since the last call. */
  counts(): Promise<Map<string, number>>;
  close(): Promise<number>;
}

async function startMock(): Promise<Mock> {
  const worker = new Worker(MOCK_WORKER, { eval: true, workerData: { apiKey: API_KEY, latencyMs: LATENCY_MS } });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (m: T) => {
        worker.off('error', reject);
        resolve(m);
      });
    });
  const { port } = await next<{ port: number }>();
  return {
    url: `http://127.0.0.1:${port}`,
    async counts() {
      const answer = next<{ counts: [string, number][] }>();
      worker.postMessage('counts');
      return new Map((await answer).counts);
    },
    close: () => worker.terminate(),
  };
}

/**
 * The baseline: the same POSTs (body, headers, answer parsed) in a bare loop, `concurrency` at a time, through the
 * same HTTP client the adapters use (requestJson), so the ratio is the engine's cost.
 */
async function bareLoop(url: string, count: number, concurrency: number, tag: string): Promise<number> {
  const sendUrl = `${url}/v1/customers/${CUSTOMER}/sms`;
  const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': API_KEY };
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const answer = await requestJson(sendUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          source: '+12125559001',
          destination: `+1212${2000000 + i}`,
          message: MESSAGE,
          reference: `${tag}-${i}`,
        }),
      });
      const body = answer.body as { data?: { id?: string } } | null;
      if (answer.status !== 201 || !body?.data?.id) throw new Error(`the mock answered ${answer.status}`);
    }
  };
  const t = process.hrtime.bigint();
  await Promise.all(Array.from({ length: concurrency }, lane));
  return Number(process.hrtime.bigint() - t) / 1e9;
}

/** Every reference sent exactly once, and nothing else: fails loudly otherwise. */
function exactlyOnce(counts: Map<string, number>, expected: string[], what: string) {
  const twice = [...counts].filter(([, n]) => n !== 1);
  const missing = expected.filter((k) => !counts.has(k));
  const stray = counts.size - (expected.length - missing.length);
  if (twice.length || missing.length || stray)
    throw new Error(
      `${what}: ${twice.length} references sent more than once (e.g. ${twice[0]?.[0]}), ${missing.length} never sent (e.g. ${missing[0]}), ${stray} unexpected`,
    );
}

/** The loaded project of TEXTS texts, a Blast released to send, its senders on Telucom pointed at the mock. */
async function loadedBlast(platform: Platform, mockUrl: string) {
  const pool = platform.database.pool;
  const { org, userId, project } = await seed(platform, TEXTS, EXCLUDED);
  const projectId = await project(MESSAGE);
  await pool.query(
    `UPDATE phones SET provider = 'Telucom'
      WHERE organization_id = $1 AND id IN (SELECT phone_id FROM project_phones WHERE project_id = $2)`,
    [org, projectId],
  );
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO provider_configurations (organization_id, name, provider) VALUES ($1, 'Telucom', 'Telucom') RETURNING id`,
    [org],
  );
  for (const [key, value] of Object.entries(settings(mockUrl)))
    await pool.query(
      `INSERT INTO provider_configuration_values (organization_id, provider_configuration_id, env_key, env_value)
       VALUES ($1, $2, $3, $4)`,
      [org, rows[0].id, key, platform.secrets.seal(value, key)],
    );
  const loaded = await runProjectLoad(platform, { organizationId: org, userId }, projectId);
  if (loaded.texts !== TEXTS) throw new Error(`the load made ${loaded.texts} texts, not ${TEXTS}`);
  await pool.query(
    `UPDATE projects SET delivery_type = 'Blast', project_status = 'Queued' WHERE organization_id = $1 AND id = $2`,
    [org, projectId],
  );
  await pool.query('VACUUM ANALYZE texts, project_text_counts');
  const texts = await pool.query<{ id: string; created_at: Date }>(
    `SELECT id, created_at FROM texts WHERE organization_id = $1 AND project_id = $2`,
    [org, projectId],
  );
  const keys = texts.rows.map((t) =>
    idempotencyKeyOf({ organizationId: org, textId: Number(t.id), createdAtMs: t.created_at.getTime() }),
  );
  return { org, projectId, keys };
}

export const sendDispatch: Benchmark = {
  name: 'send-dispatch',
  description: `dispatching a Blast of ${TEXTS.toLocaleString('en-US')} texts (claimed, sent through the HTTP adapter to a mock answering after ${LATENCY_MS} ms, recorded) vs a bare loop of the same POSTs through the adapters' HTTP client at the same concurrency (before and after)`,
  async run() {
    const mock = await startMock();
    // Its senders have no campaign: the benchmark measures dispatch, not the unregistered rate. Quiet hours off: it
    // runs at any hour of the wall clock, and would otherwise hold every text at night (the opt-out and schedule
    // checks still run on every claim).
    const { platform, close } = await benchPlatform({
      LOG_LEVEL: 'error',
      SEND_UNREGISTERED_THROUGHPUT: '0',
      SEND_QUIET_HOURS: 'off',
    });
    try {
      const concurrency = platform.config.SEND_CONCURRENCY;
      const { org, projectId, keys } = await loadedBlast(platform, mock.url);

      // Untimed: connections and the JIT warm up on the bare loop.
      await bareLoop(mock.url, 5_000, concurrency, 'warm');
      await mock.counts();
      // The bare loop runs before and after the dispatch, and the baseline is their mean: the machine's speed drifts
      // over a run, and one loop measured before alone made the ratio swing with it.
      const bare = async (tag: string) => {
        const seconds = await bareLoop(mock.url, TEXTS, concurrency, tag);
        exactlyOnce(
          await mock.counts(),
          Array.from({ length: TEXTS }, (_, i) => `${tag}-${i}`),
          'the bare loop',
        );
        return seconds;
      };
      const bareBefore = await bare('bare');

      const rss = rssSampler();
      const t = process.hrtime.bigint();
      const result = await dispatchOrganization(platform, org);
      const seconds = Number(process.hrtime.bigint() - t) / 1e9;
      const memory = rss.stop();
      exactlyOnce(await mock.counts(), keys, 'dispatch');
      if (result.claimed !== TEXTS) throw new Error(`dispatch claimed ${result.claimed} texts, not ${TEXTS}`);
      const { rows } = await platform.database.pool.query<{ text_status: string; n: number }>(
        `SELECT text_status, count(*)::int AS n FROM texts WHERE organization_id = $1 AND project_id = $2 GROUP BY 1`,
        [org, projectId],
      );
      const statuses = Object.fromEntries(rows.map((r) => [r.text_status, r.n]));
      if (statuses.Sent !== TEXTS) throw new Error(`after dispatch the texts are ${JSON.stringify(statuses)}`);
      const bareSeconds = (bareBefore + (await bare('bare-after'))) / 2;
      return [
        {
          name: 'send-dispatch',
          value: TEXTS / seconds,
          unit: 'texts/s',
          baseline: TEXTS / bareSeconds,
          target: { valueAtLeast: 10_000, ratioAtLeast: 0.6 },
          extra: {
            texts: TEXTS,
            concurrency,
            batchSize: platform.config.SEND_BATCH_SIZE,
            seconds,
            rssStartMb: memory.startMb,
            rssPeakMb: memory.peakMb,
          },
        },
      ];
    } finally {
      await close();
      await mock.close();
    }
  },
};
