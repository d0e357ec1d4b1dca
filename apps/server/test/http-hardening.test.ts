import zlib from 'node:zlib';
import { Readable, Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_ERROR_MESSAGE, registerErrorHandler } from '../src/platform/http/error-handler';
import { buildOrganization, insertTask, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

/**
 * What every answer of the API carries and refuses: numbers out of a column's range are the user's error, the
 * production schema suggests no field names, private answers are never cached, JSON is compressed, and the
 * CORS answer tells caches it depends on the Origin.
 */
let app: TestApp;
let prod: TestApp;
let org: BuiltOrganization;
let token: string;

const ALLOWED_ORIGIN = 'https://texts.example.org';

beforeAll(async () => {
  app = await createTestApp({ CORS_ORIGINS: ALLOWED_ORIGIN });
  prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' });
  org = await buildOrganization(app, 'Headers');
  token = await org.tokenFor('Admin');
}, 60_000);

const post = (target: TestApp, body: unknown, headers: Record<string, string> = {}) =>
  target.api.inject({
    method: 'POST',
    url: '/graphql',
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
  });

describe('a numeric filter out of range', () => {
  const BRANDS = 'query($f: [FilterInput!]) { brands(filters: $f) { totalCount } }';
  const cases = [
    { field: 'id', operation: 'Equal', value: '1e23' },
    { field: 'id', operation: 'GreaterThan', value: '9223372036854775808' },
    { field: 'clientId', operation: 'Equal', value: '1e23' },
    { field: 'throughput', operation: 'LessThan', value: '1e23' },
    { field: 'throughput', operation: 'Equal', value: '1.5' },
    { field: 'id', operation: 'In', arrayValues: ['1', '1e23'] },
  ];
  for (const filter of cases) {
    it(`is the user's error: ${filter.field} ${filter.operation} ${filter.value ?? filter.arrayValues}`, async () => {
      const res = await gql(app, BRANDS, { f: [filter] }, { token });
      expect(res.errors?.[0]).toMatchObject({
        message: `Invalid value for ${filter.field}: ${filter.value ?? '1e23'}`,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });
  }

  it('still filters by a number in range', async () => {
    const res = await gql(app, BRANDS, { f: [{ field: 'throughput', operation: 'LessThan', value: '5' }] }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.brands.totalCount).toBe(0);
  });

  it('refuses a forged cursor whose key is out of range', async () => {
    const after = Buffer.from(JSON.stringify({ k: 1e23, id: 1 })).toString('base64url');
    const res = await gql(
      app,
      'query($a: String) { brands(after: $a, sortBy: "throughput") { totalCount } }',
      { a: after },
      { token },
    );
    expect(res.errors?.[0]).toMatchObject({ message: 'Invalid cursor', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('GraphQL arguments', () => {
  it('refuse a NUL character and an id that names no record, inline or as variables, as the user errors', async () => {
    const inline = await gql(app, '{ client(id: "1e23") { id } }', {}, { token });
    const variable = await gql(app, 'query($id: ID!) { client(id: $id) { id } }', { id: '1e23' }, { token });
    for (const res of [inline, variable])
      expect(res.errors?.[0]).toMatchObject({ message: 'Invalid id: "1e23"', extensions: { code: 'BAD_USER_INPUT' } });
    const nul = await gql(
      app,
      'mutation($e: String!) { sendResetLink(email: $e) { message } }',
      { e: 'a\u0000b@example.org' },
      { token },
    );
    expect(nul.errors?.[0]).toMatchObject({
      message: 'Text may not contain the NUL character (\\0)',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('field suggestions', () => {
  it('are given in development and never in production', async () => {
    const query = { query: '{ clientz { id } }' };
    expect((await post(app, query)).json().errors[0].message).toMatch(/Did you mean/);
    const res = await post(prod, query);
    expect(res.json().errors[0].message).toBe('Cannot query field "clientz" on type "Query".');
  });
});

describe('caching, compression and CORS', () => {
  const BIG = '{ __schema { types { name fields { name } } } }';

  it('GraphQL answers are never cached, and vary by Origin wherever CORS answers', async () => {
    const allowed = await post(app, { query: '{ __typename }' }, { origin: ALLOWED_ORIGIN });
    expect(allowed.headers['cache-control']).toBe('no-store');
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(String(allowed.headers.vary)).toMatch(/\bOrigin\b/i);
    // Another origin gets no CORS headers; a cache must still not hand it the allowed origin's answer.
    const other = await post(app, { query: '{ __typename }' }, { origin: 'https://evil.example.com' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(other.headers.vary)).toMatch(/\bOrigin\b/i);
    const preflight = await app.api.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(String(preflight.headers.vary)).toMatch(/\bOrigin\b/i);
  });

  it('compresses GraphQL JSON for a client that accepts it, and only then', async () => {
    const plain = await post(app, { query: BIG });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['gzip', 'br'] as const) {
      const res = await post(app, { query: BIG }, { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      const body = encoding === 'gzip' ? zlib.gunzipSync(res.rawPayload) : zlib.brotliDecompressSync(res.rawPayload);
      expect(JSON.parse(body.toString())).toEqual(plain.json());
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
  });

  it('serves a CSV export uncached, compressed when accepted, streamed whole', async () => {
    const rows = [
      'Name,Phone',
      ...Array.from({ length: 5000 }, (_, i) => `Client ${i},212555${String(i).padStart(4, '0')}`),
    ];
    const csv = rows.join('\r\n') + '\r\n';
    const filePath = `exports/${org.id}/headers-test.csv`;
    await app.platform.storage.write(filePath, Readable.from([csv]));
    const taskId = await insertTask(app, org.id, org.emailFor('Admin'), 'export', 'Done');
    await app.sql('UPDATE background_tasks SET file_path = $1, filename = $2 WHERE id = $3', [
      filePath,
      'clients.csv',
      taskId,
    ]);
    const url = `/files/tasks/${taskId}?token=${await app.platform.tokens.signFile({ organizationId: org.id, taskId })}`;
    const plain = await app.api.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.body).toBe(csv);
    const gzipped = await app.api.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['cache-control']).toBe('no-store');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(csv);
  });

  it('answers a REST error as a plain message', async () => {
    const res = await app.api.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{ not json',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
  });

  it('answers a failed query with a plain 500 and puts its SQL and parameters in the log only', async () => {
    const logged: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    const server = Fastify({ loggerInstance: pino(sink) as FastifyBaseLogger });
    registerErrorHandler(server);
    server.get('/api/fails', async () =>
      app.sql('SELECT id FROM clients WHERE id = $1::bigint', ['1e23 secret-param']),
    );
    const res = await server.inject({ method: 'GET', url: '/api/fails' });
    await server.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: INTERNAL_ERROR_MESSAGE });
    expect(res.body).not.toMatch(/secret-param|bigint|SELECT/);
    expect(logged.join('\n')).toMatch(/invalid input syntax for type bigint: \\"1e23 secret-param/);
  });
});
