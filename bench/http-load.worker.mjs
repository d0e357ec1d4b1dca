// Sends prepared POST requests to one URL path (each with its own query string) from a thread of its own (so the load does not share the server's
// event loop), `concurrency` at a time over keep-alive connections, and reports each request's time.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

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

const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, lane));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
parentPort.postMessage({ seconds, latencies, failed });
