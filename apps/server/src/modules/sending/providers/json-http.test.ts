import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test/free-port';
import { requestJson } from './json-http';

let server: http.Server;
let url: string;
/** Requests the server got, with their bodies. */
const seen: { method: string; path: string; apiKey: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url!.split('?')[0];
      seen.push({
        method: req.method!,
        path: req.url!,
        apiKey: req.headers['x-api-key'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (path === '/json') res.writeHead(201, { 'content-type': 'application/json' }).end('{"data":{"id":"m-1"}}');
      else if (path === '/busy') res.writeHead(429, { 'retry-after': '7' }).end();
      else if (path === '/html') res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      // /silent never answers: only an abort ends the request.
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, signal?: AbortSignal) =>
  requestJson(`${url}${path}`, { method: 'POST', headers: { 'x-api-key': 'k-1' }, body: '{"to":"+1"}' }, signal);

describe('requestJson', () => {
  it('sends the method, path, query, headers and body, and parses a JSON answer', async () => {
    const answer = await requestJson(`${url}/json?a=1`, {
      method: 'POST',
      headers: { 'x-api-key': 'k-1' },
      body: '{"to":"+1"}',
    });
    expect(seen.at(-1)).toEqual({ method: 'POST', path: '/json?a=1', apiKey: 'k-1', body: '{"to":"+1"}' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ data: { id: 'm-1' } });
    expect(answer.headers.get('content-type')).toBe('application/json');
  });

  it("reads a refusal's headers and keeps an answer that is not JSON as its text", async () => {
    const busy = await post('/busy');
    expect([busy.status, busy.headers.get('retry-after'), busy.body]).toEqual([429, '7', null]);
    const html = await post('/html');
    expect([html.status, html.body]).toEqual([502, '<h1>Bad gateway</h1>']);
  });

  it('throws when nothing listens', async () => {
    const closed = await freePort();
    await expect(requestJson(`http://127.0.0.1:${closed}/json`, { method: 'GET', headers: {} })).rejects.toThrow();
  });

  it('ends a request its signal aborts, before it starts or while it waits for the answer', async () => {
    const early = new AbortController();
    early.abort(new Error('stopped before'));
    await expect(post('/json', early.signal)).rejects.toThrow('stopped before');
    const late = new AbortController();
    const pending = post('/silent', late.signal);
    await expect.poll(() => seen.some((s) => s.path === '/silent')).toBe(true);
    late.abort(new Error('stopped while waiting'));
    await expect(pending).rejects.toThrow('stopped while waiting');
  });
});
