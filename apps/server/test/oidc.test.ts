import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { startMockIssuer, type MockIssuer } from './mock-oidc-issuer';

let issuer: MockIssuer;
let app: TestApp;
let org: BuiltOrganization;

beforeAll(async () => {
  issuer = await startMockIssuer('canvass-test');
  app = await createTestApp({
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: 'canvass-test',
    OIDC_CLIENT_SECRET: 'secret',
    PUBLIC_URL: 'http://canvass.test',
  });
  org = await buildOrganization(app);
});
afterAll(() => issuer.close());

/** Walks the browser's redirects: Canvass → provider → Canvass callback. Returns the callback response. */
async function signInThroughProvider() {
  const start = await app.api.inject({ method: 'GET', url: '/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  const flowCookie = start.cookies.find((c) => c.name === 'canvass_oidc');
  const authorize = await fetch(start.headers.location as string, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location') ?? '');
  expect(back.pathname).toBe('/auth/oidc/callback');
  return app.api.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: flowCookie ? { canvass_oidc: flowCookie.value } : {},
  });
}

describe('OpenID Connect sign-in', () => {
  it('is offered on the login page when configured', async () => {
    const res = await gql(app, '{ authConfig { oidcEnabled oidcLabel } }');
    expect(res.data?.authConfig.oidcEnabled).toBe(true);
  });

  it('signs in the user with the verified email and lands on the dashboard with a session', async () => {
    issuer.user = { sub: 'idp-user-1', email: org.emailFor('Manager').toUpperCase(), email_verified: true };
    const callback = await signInThroughProvider();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    const refresh = callback.cookies.find((c) => c.name === 'canvass_refresh');
    expect(refresh).toBeDefined();
    const session = await gql(
      app,
      'mutation { refreshSession { accessToken user { email role } } }',
      {},
      { cookies: { canvass_refresh: refresh!.value } },
    );
    expect(session.data?.refreshSession.user).toEqual({ email: org.emailFor('Manager'), role: 'Manager' });
  });

  it('keeps recognising the linked subject even if the email changes at the provider', async () => {
    issuer.user = { sub: 'idp-user-1', email: 'renamed@example.test', email_verified: true };
    const callback = await signInThroughProvider();
    expect(callback.headers.location).toBe('/dashboard');
  });

  it('refuses an unverified email and an unknown person', async () => {
    issuer.user = { sub: 'idp-user-2', email: org.emailFor('Texter'), email_verified: false };
    expect((await signInThroughProvider()).headers.location).toMatch(/^\/login\?error=/);
    issuer.user = { sub: 'idp-user-3', email: 'stranger@example.test', email_verified: true };
    const res = await signInThroughProvider();
    expect(res.headers.location).toMatch(/^\/login\?error=/);
    expect(res.cookies.find((c) => c.name === 'canvass_refresh')).toBeUndefined();
  });

  it('refuses a callback without the flow cookie (forged or replayed)', async () => {
    const res = await app.api.inject({ method: 'GET', url: '/auth/oidc/callback?code=x&state=y' });
    expect(res.headers.location).toMatch(/^\/login\?error=/);
  });
});
