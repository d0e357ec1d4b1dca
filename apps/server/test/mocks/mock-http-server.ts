import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MockRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  /** When the request arrived (ms since the epoch): rate tests read the pace from it. */
  receivedAt: number;
}

export interface MockReply {
  status: number;
  body?: unknown;
  /** A body sent as it is (an XML API), instead of `body` as JSON; set its content-type in headers. */
  text?: string;
  headers?: Record<string, string>;
}

export interface MockHttpServer {
  url: string;
  /** Every request received, in order. */
  requests: MockRequest[];
  close(): Promise<void>;
}

/**
 * The one HTTP server every provider mock is made of: it reads the whole body, hands the request to the mock's
 * handler and writes its answer as JSON. `hang` lets a handler never answer (a provider that times out).
 */
export async function startMockHttpServer(
  handle: (req: MockRequest) => MockReply | 'hang' | Promise<MockReply | 'hang'>,
): Promise<MockHttpServer> {
  const requests: MockRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: MockRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://mock.local'),
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
        receivedAt: Date.now(),
      };
      requests.push(request);
      Promise.resolve(handle(request))
        .then((reply) => {
          if (reply === 'hang') return;
          const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          res.end(text);
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** user:password of a Basic Authorization header, or null. */
export function basicCredentials(headers: http.IncomingHttpHeaders): string | null {
  const m = /^Basic (.+)$/.exec(headers.authorization ?? '');
  return m ? Buffer.from(m[1], 'base64').toString('utf8') : null;
}

export const isForm = (headers: http.IncomingHttpHeaders) =>
  (headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
export const isJson = (headers: http.IncomingHttpHeaders) =>
  (headers['content-type'] ?? '').startsWith('application/json');
