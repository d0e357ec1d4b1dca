import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A provider with a plain JSON API (the HTTP adapter's, as in test/mocks/http-provider-mock.ts) that answers each
 * send after `latencyMs`, so sends are really in flight when a worker dies, and counts every POST by the reference
 * (our idempotency key) it carried: what the fault tests count duplicates and losses by.
 */
export async function startCountingProvider(o: { customer: string; apiKey: string; latencyMs: number }) {
  const posts = new Map<string, number>();
  let sent = 0;
  const server = http.createServer((req, res) => {
    if (req.headers['x-api-key'] !== o.apiKey) return void res.writeHead(401).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { reference } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reference: string };
      posts.set(reference, (posts.get(reference) ?? 0) + 1);
      const id = `tx-${++sent}`;
      setTimeout(() => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { id, state: 'queued' } }));
      }, o.latencyMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    /** POSTs received so far, repeats included. */
    total: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
