import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { createTestApp, type TestApp } from './harness';
import { buildOrganization, PASSWORD, platformAdminToken, PLATFORM_ADMIN, type BuiltOrganization } from './factories';

const RECOVER = 'mutation($e:String!){ sendResetLink(email:$e){ success message } }';
const RESET =
  'mutation($u:String!,$t:String!,$p:String!){ resetPassword(uuid:$u,token:$t,password:$p,passwordVerify:$p){ success message } }';
const LOGIN = 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ accessToken message } }';
const STRANGER = '203.0.113.66';

/** GET /dev/outbox as a client at `remoteAddress` would send it, with a browser's Host header unless told. */
function readOutbox(app: TestApp, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return app.api.inject({
    method: 'GET',
    url: '/dev/outbox',
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
    headers: { host: '127.0.0.1:3000', ...opts.headers },
  });
}

/** A GraphQL call from a client at `remoteAddress`. */
async function from(app: TestApp, remoteAddress: string, query: string, variables: Record<string, unknown>) {
  const res = await app.api.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: { query, variables },
  });
  return res.json().data;
}

describe('the quick start listens on loopback only', () => {
  it('HOST defaults to 127.0.0.1; TRUST_PROXY to no proxy at all', () => {
    const config = loadConfig({});
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.trustProxy).toBe(false);
  });
});

describe('account takeover through the development outbox (the default start: no SMTP_URL, not production)', () => {
  let app: TestApp;
  let org: BuiltOrganization;
  let rootToken: string;

  beforeAll(async () => {
    // HOST as someone who opened the quick start to the network would have it.
    app = await createTestApp({ ADMIN_EMAILS: PLATFORM_ADMIN, HOST: '0.0.0.0' });
    org = await buildOrganization(app, 'Takeover');
    rootToken = await platformAdminToken(app, org);
  });

  it('a stranger asks for the admin a reset link, cannot read it from the outbox, and the admin keeps its password', async () => {
    expect((await from(app, STRANGER, RECOVER, { e: PLATFORM_ADMIN })).sendResetLink.success).toBe(true);
    const outbox = await readOutbox(app, { remoteAddress: STRANGER });
    expect(outbox.statusCode).toBe(403);
    expect(outbox.body).not.toMatch(/\/reset\?uuid=/);

    // Even had the stranger guessed a link, a made-up one sets nothing; the admin still signs in as before.
    const reset = await from(app, STRANGER, RESET, { u: crypto.randomUUID(), t: 'guessed', p: 'taken-over-1' });
    expect(reset.resetPassword.success).toBe(false);
    expect((await from(app, '198.51.100.1', LOGIN, { e: PLATFORM_ADMIN, p: PASSWORD })).login.accessToken).toEqual(
      expect.any(String),
    );
  });

  it('an anonymous request from the machine itself is refused too while the server listens beyond loopback', async () => {
    expect((await readOutbox(app)).statusCode).toBe(403);
  });

  it('a signed-in platform admin reads it; a signed-in organization admin does not', async () => {
    const asAdmin = await readOutbox(app, {
      remoteAddress: STRANGER,
      headers: { authorization: `Bearer ${rootToken}` },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: PLATFORM_ADMIN, subject: 'Reset your Canvass password' })]),
    );
    const orgAdmin = await org.tokenFor('Admin');
    const refused = await readOutbox(app, {
      remoteAddress: STRANGER,
      headers: { authorization: `Bearer ${orgAdmin}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the development outbox on a server that listens on loopback only (the default HOST)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
  });

  it('answers an anonymous request made on the machine itself (the developer, the end-to-end tests)', async () => {
    const res = await readOutbox(app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.any(Array));
  });

  it('refuses what came through a proxy, or under another host name (a page rebinding its DNS to 127.0.0.1)', async () => {
    expect((await readOutbox(app, { headers: { 'x-forwarded-for': STRANGER } })).statusCode).toBe(403);
    expect((await readOutbox(app, { headers: { forwarded: `for=${STRANGER}` } })).statusCode).toBe(403);
    expect((await readOutbox(app, { headers: { host: 'attacker.example:3000' } })).statusCode).toBe(403);
    expect((await readOutbox(app, { remoteAddress: '10.0.0.7' })).statusCode).toBe(403);
  });

  it('refuses anonymous requests when PUBLIC_URL says users reach it elsewhere (a proxy on the same machine)', async () => {
    const proxied = await createTestApp({ PUBLIC_URL: 'https://canvass.example' });
    expect((await readOutbox(proxied)).statusCode).toBe(403);
  });
});
