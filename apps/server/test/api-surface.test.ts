import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type TestApp } from './harness';
import { buildOrganization } from './factories';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://canvass.example', CORS_ORIGINS: 'https://partner.example' });
  token = await (await buildOrganization(app, 'Surface')).tokenFor('Admin');
});

const post = (query: string, headers: Record<string, string> = {}) =>
  app.api.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    payload: { query },
  });

describe('CORS', () => {
  it('allows the app origin and configured ones, with credentials', async () => {
    for (const origin of ['https://canvass.example', 'https://partner.example']) {
      const res = await post('{ currentUser { id } }', { origin });
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    }
  });

  it('does not reflect an evil origin, on a request or a preflight', async () => {
    const res = await post('{ currentUser { id } }', { origin: 'https://evil.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await app.api.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('security headers', () => {
  it('are on every response: API, health check, unknown route', async () => {
    for (const res of [
      await post('{ currentUser { id } }'),
      await app.api.inject({ method: 'GET', url: '/healthz' }),
      await app.api.inject({ method: 'GET', url: '/no-such-thing' }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
  });

  it("GraphiQL (development only) gets a policy of its own; the API's JSON keeps the strict one", async () => {
    const page = await app.api.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const json = await app.api.inject({ method: 'GET', url: '/graphql?query=%7B__typename%7D' });
    expect(json.headers['content-security-policy']).not.toMatch(/unsafe-inline[^;]*unpkg|script-src[^;]*unsafe-inline/);
  });

  it('no HSTS when the app is served over plain http', async () => {
    const plain = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    const res = await plain.api.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('GraphQL cost limits', () => {
  it('refuses 500 aliased client lists quickly, naming the limit', async () => {
    const query = `{ ${Array.from({ length: 500 }, (_, i) => `c${i}: clients(first: 50) { nodes { id name } }`).join(' ')} }`;
    const started = Date.now();
    const res = await post(query);
    expect(Date.now() - started).toBeLessThan(1000);
    const body = res.json();
    expect(body.data).toBeUndefined();
    // So many that the parser stops at the token limit before anything else is looked at.
    expect(body.errors[0].message).toMatch(/Token limit of 5000 exceeded/);
    const fewer = `{ ${Array.from({ length: 25 }, (_, i) => `c${i}: clients(first: 50) { nodes { id name } }`).join(' ')} }`;
    expect((await post(fewer)).json().errors[0].message).toMatch(/Aliases limit of 20 exceeded, found 25/);
  });

  it('refuses 20,000 aliases', async () => {
    const query = `{ ${Array.from({ length: 20_000 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    const started = Date.now();
    const body = (await post(query)).json();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].message).toMatch(/Token limit of 5000 exceeded/);
  });

  it('refuses a deep query and too many lists', async () => {
    const deep = `{ __type(name: "Query") { ${'ofType { '.repeat(13)}name ${'} '.repeat(13)}} }`;
    expect((await post(deep)).json().errors[0].message).toMatch(/Query depth limit of 12 exceeded/);
    const lists = `{ ${Array.from({ length: 16 }, (_, i) => `l${i}: clients { nodes { id } edges { cursor } }`).join(' ')} }`;
    expect((await post(lists)).json().errors[0].message).toBe('Lists limit of 30 exceeded, found 32.');
  });

  it('introspection is allowed outside production', async () => {
    expect((await post('{ __schema { queryType { name } } }')).json().data.__schema.queryType.name).toBe('Query');
  });
});

describe('introspection in production', () => {
  it('is off unless GRAPHQL_INTROSPECTION=true', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    const ask = (target: TestApp) => gql(target, '{ __schema { queryType { name } } }');
    const off = await ask(prod);
    expect(off.data).toBeUndefined();
    expect(off.errors?.[0].message).toMatch(/introspection/i);
    const on = await createTestApp({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' });
    expect((await ask(on)).data?.__schema.queryType.name).toBe('Query');
  });
});
