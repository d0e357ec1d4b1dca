import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGoogleAuthorization } from '../src/modules/google/google-authorization.service';
import { createSecretsCipher, parseSecretsKey } from '../src/platform/secrets/cipher';
import { resealGoogleAuthorizations } from '../src/platform/secrets/reseal-google';
import { buildOrganization, PASSWORD, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { startMockGoogle, type MockGoogle } from './mock-google';

let google: MockGoogle;
let app: TestApp;
let org: BuiltOrganization;

beforeAll(async () => {
  google = await startMockGoogle('canvass-google-test', 'google-secret');
  app = await createTestApp({
    GOOGLE_CLIENT_ID: 'canvass-google-test',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_OAUTH_AUTH_URL: google.authUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    GOOGLE_SHEETS_ROOT_URL: google.url,
    PUBLIC_URL: 'http://canvass.test',
  });
  org = await buildOrganization(app);
});
afterAll(() => google.close());

const ME = '{ currentUser { hasRefreshToken googleEmailAddress } }';

/** Signs in with the password as the browser does: the access token and the session's refresh cookie. */
async function browserSession(email: string) {
  const res = await gql(app, 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ accessToken } }', {
    e: email,
    p: PASSWORD,
  });
  return { token: res.data?.login.accessToken as string, cookie: res.cookies.canvass_refresh };
}

/** The browser's walk: Canvass start → Google's consent page → back to Canvass's callback. */
async function connectGoogle(refreshCookie: string | undefined, returnTo = '/lists/new') {
  const start = await app.api.inject({
    method: 'GET',
    url: `/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`,
    cookies: refreshCookie ? { canvass_refresh: refreshCookie } : {},
  });
  expect(start.statusCode).toBe(302);
  const consent = new URL(start.headers.location as string);
  const flowCookie = start.cookies.find((c) => c.name === 'canvass_google');
  const granted = await fetch(consent, { redirect: 'manual' });
  const back = new URL(granted.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe('http://canvass.test/auth/google/callback');
  const callback = await app.api.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: flowCookie ? { canvass_google: flowCookie.value } : {},
  });
  return { consent, callback, back };
}

describe('Connecting a Google account', () => {
  it('is offered when configured', async () => {
    const res = await gql(app, '{ authConfig { googleAuthorizationEnabled } }');
    expect(res.data?.authConfig.googleAuthorizationEnabled).toBe(true);
  });

  it('asks Google for read-only sheets access and the email, with PKCE and a refresh token', async () => {
    const { cookie } = await browserSession(org.emailFor('Texter'));
    const start = await app.api.inject({
      method: 'GET',
      url: '/auth/google/start',
      cookies: { canvass_refresh: cookie },
    });
    const consent = new URL(start.headers.location as string);
    expect(consent.origin + consent.pathname).toBe(google.authUrl);
    expect(consent.searchParams.get('scope')?.split(' ').sort()).toEqual(
      ['email', 'https://www.googleapis.com/auth/spreadsheets.readonly', 'openid'].sort(),
    );
    expect(consent.searchParams.get('access_type')).toBe('offline');
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('redirect_uri')).toBe('http://canvass.test/auth/google/callback');
  });

  it('stores the refresh token encrypted with the Google email, and returns with "saved"', async () => {
    const email = org.emailFor('Manager');
    const { token, cookie } = await browserSession(email);
    expect((await gql(app, ME, {}, { token })).data?.currentUser).toEqual({
      hasRefreshToken: false,
      googleEmailAddress: null,
    });
    google.account = { email: 'manager.campaign@gmail.test' };
    const { callback } = await connectGoogle(cookie);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/lists/new?googleAuthorization=saved');

    const { rows } = await app.sql(
      'SELECT google_refresh_token, google_email_address FROM users WHERE lower(email) = lower($1)',
      [email],
    );
    expect(rows[0].google_email_address).toBe('manager.campaign@gmail.test');
    expect(rows[0].google_refresh_token).toMatch(/^v1\./);
    expect(rows[0].google_refresh_token).not.toContain('1//refresh');
    expect((await gql(app, ME, {}, { token })).data?.currentUser).toEqual({
      hasRefreshToken: true,
      googleEmailAddress: 'manager.campaign@gmail.test',
    });
  });

  it('never gives the refresh token back through the API', async () => {
    const res = await gql(
      app,
      '{ currentUser { googleRefreshToken } }',
      {},
      {
        token: (await browserSession(org.emailFor('Manager'))).token,
      },
    );
    expect(res.errors?.[0].message).toMatch(/Cannot query field "googleRefreshToken"/);
  });

  it('disconnects with updateUserRefreshToken(null), for the viewer only', async () => {
    const { token } = await browserSession(org.emailFor('Manager'));
    const res = await gql(
      app,
      'mutation { updateUserRefreshToken(refreshToken: null) { success message } }',
      {},
      { token },
    );
    expect(res.data?.updateUserRefreshToken).toEqual({ success: true, message: 'Google account disconnected' });
    expect((await gql(app, ME, {}, { token })).data?.currentUser).toEqual({
      hasRefreshToken: false,
      googleEmailAddress: null,
    });
    const anonymous = await gql(app, 'mutation { updateUserRefreshToken(refreshToken: "x") { success } }');
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('saves a token given through updateUserRefreshToken, sealed', async () => {
    const { token } = await browserSession(org.emailFor('Admin'));
    const res = await gql(
      app,
      'mutation($t:String){ updateUserRefreshToken(refreshToken:$t) { success message } }',
      { t: 'plain-refresh-token' },
      { token },
    );
    expect(res.data?.updateUserRefreshToken).toEqual({ success: true, message: 'Google Authorization saved' });
    const { rows } = await app.sql('SELECT google_refresh_token FROM users WHERE lower(email) = lower($1)', [
      org.emailFor('Admin'),
    ]);
    expect(rows[0].google_refresh_token).not.toContain('plain-refresh-token');
    expect((await gql(app, ME, {}, { token })).data?.currentUser.hasRefreshToken).toBe(true);
  });

  it('returns with "failed" when the user declines on Google’s page', async () => {
    const { cookie } = await browserSession(org.emailFor('TeamLead'));
    const start = await app.api.inject({
      method: 'GET',
      url: '/auth/google/start?returnTo=/lists',
      cookies: { canvass_refresh: cookie },
    });
    const state = new URL(start.headers.location as string).searchParams.get('state') ?? '';
    const flowCookie = start.cookies.find((c) => c.name === 'canvass_google')!;
    const declined = await app.api.inject({
      method: 'GET',
      url: `/auth/google/callback?error=access_denied&state=${encodeURIComponent(state)}`,
      cookies: { canvass_google: flowCookie.value },
    });
    expect(declined.headers.location).toBe('/lists?googleAuthorization=failed');
  });

  it('refuses a callback whose flow is not this browser’s, or a forged state, and stores nothing', async () => {
    const email = org.emailFor('Texter');
    const { cookie } = await browserSession(email);
    google.account = { email: 'texter@gmail.test' };
    const start = await app.api.inject({
      method: 'GET',
      url: '/auth/google/start',
      cookies: { canvass_refresh: cookie },
    });
    const granted = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(granted.headers.get('location') ?? '');
    // Without the flow cookie (a link sent to someone else's browser): refused.
    const elsewhere = await app.api.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(elsewhere.headers.location).toBe('/dashboard?googleAuthorization=failed');
    const forged = await app.api.inject({
      method: 'GET',
      url: `/auth/google/callback?code=x&state=${encodeURIComponent('{"userId":1}')}`,
    });
    expect(forged.headers.location).toBe('/dashboard?googleAuthorization=failed');
    const { rows } = await app.sql('SELECT google_refresh_token FROM users WHERE lower(email) = lower($1)', [email]);
    expect(rows[0].google_refresh_token).toBeNull();
  });

  it('sends a browser without a session to the login page, and never redirects off the site', async () => {
    const anonymous = await app.api.inject({ method: 'GET', url: '/auth/google/start' });
    expect(anonymous.headers.location).toBe('/login');
    const { cookie } = await browserSession(org.emailFor('Agency'));
    google.account = { email: 'agency@gmail.test' };
    const { callback } = await connectGoogle(cookie, '//evil.example/steal');
    expect(callback.headers.location).toBe('/dashboard?googleAuthorization=saved');
  });
});

describe('A secrets key rotation', () => {
  it('keeps Google authorizations: start-up reseals them under the new key', async () => {
    const email = org.emailFor('Client');
    const { cookie } = await browserSession(email);
    google.account = { email: 'client@gmail.test' };
    await connectGoogle(cookie);
    const { rows } = await app.sql(
      "SELECT u.id, s.value AS key FROM users u, system_settings s WHERE lower(u.email) = lower($1) AND s.key = 'secrets_key'",
      [email],
    );
    const next = crypto.randomBytes(32);
    const rotated = createSecretsCipher(next, [parseSecretsKey(rows[0].key)!]);
    expect((await resealGoogleAuthorizations(app.platform.database, rotated)).changed).toBeGreaterThanOrEqual(1);
    expect(await resealGoogleAuthorizations(app.platform.database, rotated)).toEqual({ changed: 0, unreadable: [] });
    // The old key dropped: the token still opens, under the new key alone.
    const newOnly = { ...app.platform, secrets: createSecretsCipher(next) };
    const authorization = await readGoogleAuthorization(newOnly, org.id, Number(rows[0].id));
    expect(authorization?.email).toBe('client@gmail.test');
    expect(authorization?.refreshToken).toMatch(/^1\/\/refresh-/);
  });
});

describe('Without GOOGLE_CLIENT_ID', () => {
  it('says Google is not configured and serves no Google routes', async () => {
    const plain = await createTestApp();
    expect((await gql(plain, '{ authConfig { googleAuthorizationEnabled } }')).data?.authConfig).toEqual({
      googleAuthorizationEnabled: false,
    });
    expect((await plain.api.inject({ method: 'GET', url: '/auth/google/start' })).statusCode).toBe(404);
  });
});
