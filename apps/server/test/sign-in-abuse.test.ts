import * as argon2 from '@node-rs/argon2';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorker } from '../src/app';
import { hashPassword } from '../src/platform/auth/passwords';
import { createTestApp, type TestApp } from './harness';
import { addMember, buildOrganization, PASSWORD, type BuiltOrganization } from './factories';

// Counts argon2 verifications (the real ones run): a refusal must cost one whether or not the email is known.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

const LOGIN = `mutation($e:String!,$p:String!){ login(email:$e,password:$p){ accessToken message } }`;
const SIGN_UP =
  'mutation($n:String!,$u:String!,$e:String!){ signUp(name:$n, username:$u, email:$e, password:"long-enough-1"){ success message errors { field messages } } }';
const LOCKED = /^Too many attempts\. Try again in \d+ minutes?\.$/;

let app: TestApp;
let org: BuiltOrganization;
let worker: Runner;

beforeAll(async () => {
  // The default TRUST_PROXY: the test sets no proxy to trust.
  app = await createTestApp({ WORKER_CONCURRENCY: '1' });
  worker = await createWorker(app.platform);
  org = await buildOrganization(app, 'Abuse');
});

afterAll(async () => {
  await worker?.stop();
});

/** A GraphQL call from a client at `remoteAddress`, with extra headers it chose. */
async function from(remoteAddress: string, query: string, variables: Record<string, unknown>, headers = {}) {
  const res = await app.api.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: { query, variables },
  });
  return res.json().data;
}
const login = (address: string, email: string, password: string, headers = {}) =>
  from(address, LOGIN, { e: email, p: password }, headers).then(
    (d) => d.login as { accessToken: string | null; message: string | null },
  );

describe('no one can lock another person out', () => {
  it('50 wrong passwords over 5 addresses; the owner still signs in from an address with no failures', async () => {
    const email = org.emailFor('Texter');
    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
    for (const address of attackers)
      for (let i = 0; i < 10; i += 1) expect((await login(address, email, `guess-${i}`)).accessToken).toBeNull();

    const owner = await login('198.51.100.77', email, PASSWORD);
    expect(owner).toEqual({ accessToken: expect.any(String), message: null });
    // The attackers' own addresses stay shut for this account, even with the right password.
    expect((await login(attackers[0], email, PASSWORD)).message).toMatch(LOCKED);
  });

  it('under attack, an address that has failed is slowed to one try a minute on the account, not shut out', async () => {
    const email = org.emailFor('Manager');
    for (let a = 1; a <= 5; a += 1) for (let i = 0; i < 10; i += 1) await login(`192.0.2.${a}`, email, 'wrong');
    const typo = '198.51.100.88';
    await login(typo, org.emailFor('Agency'), 'a typo on another account');

    expect((await login(typo, email, 'wrong again')).message).toBe('Invalid email or password');
    expect((await login(typo, email, PASSWORD)).message).toBe('Too many attempts. Try again in 1 minute.');
    // A fresh address is let through at once.
    expect((await login('198.51.100.89', email, PASSWORD)).accessToken).toEqual(expect.any(String));
  });
});

describe('the address limit counts the address the connection came from', () => {
  it('a client on a private network that sets X-Forwarded-For is still limited, under the default TRUST_PROXY', async () => {
    const answers: (string | null)[] = [];
    for (let i = 0; i < 130; i += 1) {
      const forged = { 'x-forwarded-for': `100.64.${i >> 8}.${i & 255}` };
      answers.push((await login('10.20.30.40', `sprayed${i}@nowhere.test`, 'Summer2026!', forged)).message);
    }
    expect(answers.slice(0, 100).every((m) => m === 'Invalid email or password')).toBe(true);
    expect(answers.slice(100).every((m) => LOCKED.test(m ?? ''))).toBe(true);
  }, 60_000);

  it('behind a proxy named in TRUST_PROXY, the address it forwards is the one counted', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'loopback' });
    const built = await buildOrganization(proxied, 'Proxied');
    const email = built.emailFor('Texter');
    const through = async (client: string, password: string) => {
      const res = await proxied.api.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: '127.0.0.1',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        payload: { query: LOGIN, variables: { e: email, p: password } },
      });
      return res.json().data.login as { accessToken: string | null; message: string };
    };
    for (let i = 0; i < 10; i += 1) await through('203.0.113.200', 'wrong');
    expect((await through('203.0.113.200', PASSWORD)).message).toMatch(LOCKED);
    expect((await through('198.51.100.200', PASSWORD)).accessToken).toEqual(expect.any(String));
  });
});

describe('a refusal does not say whether the email exists', () => {
  it('an unknown email, a deleted user and a user without a password cost the same hash verification as a wrong password', async () => {
    const verify = vi.mocked(argon2.verify);
    const deleted = org.emailFor('Client');
    await app.sql('UPDATE users SET deleted_at = now() WHERE email = $1', [deleted]);
    const { rows } = await app.sql(
      `INSERT INTO users (name, email) VALUES ('Invited', 'invited@abuse.test') RETURNING id`,
    );
    await addMember(app, org.id, rows[0].id, 'Texter');

    const refusals: Record<string, { calls: number; message: string | null }> = {};
    const cases = {
      known: org.emailFor('TeamLead'),
      unknown: 'nobody@abuse.test',
      deleted,
      withoutPassword: 'invited@abuse.test',
    };
    for (const [name, email] of Object.entries(cases)) {
      verify.mockClear();
      const { message } = await login('198.51.100.120', email, 'not-the-password');
      refusals[name] = { calls: verify.mock.calls.length, message };
    }
    for (const refusal of Object.values(refusals))
      expect(refusal).toEqual({ calls: 1, message: 'Invalid email or password' });
  });
});

describe('sign-up does not say which emails exist', () => {
  it('an existing email is answered as a new one; its owner gets an email, its account is unchanged', async () => {
    const existing = org.emailFor('Admin');
    const before = await app.sql('SELECT name, password_hash FROM users WHERE email = $1', [existing]);
    const fresh = await from('198.51.100.130', SIGN_UP, { n: 'New', u: 'brand-new', e: 'brand-new@abuse.test' });
    const taken = await from('198.51.100.130', SIGN_UP, { n: 'Copy', u: 'copycat', e: existing.toUpperCase() });
    expect(taken.signUp).toEqual(fresh.signUp);
    expect(taken.signUp.success).toBe(true);

    const after = await app.sql('SELECT name, password_hash FROM users WHERE lower(email) = lower($1)', [existing]);
    expect(after.rows).toEqual(before.rows);
    expect((await login('198.51.100.131', existing, PASSWORD)).accessToken).toEqual(expect.any(String));
    expect((await login('198.51.100.131', existing, 'long-enough-1')).accessToken).toBeNull();

    const mail = await waitForMail(existing);
    expect(mail.subject).toBe('Your Canvass account');
    expect(mail.body).toMatch(/already has an account/);
    expect(mail.body).toMatch(/\/password-recovery/);
  });

  it('a taken username is still refused, the same way whether or not the email exists', async () => {
    await app.sql(
      `INSERT INTO users (name, username, email, password_hash) VALUES ('Holder', 'holder', 'holder@abuse.test', $1)`,
      [await hashPassword(PASSWORD)],
    );
    const withNew = await from('198.51.100.132', SIGN_UP, { n: 'N', u: 'HOLDER', e: 'someone-new@abuse.test' });
    const withExisting = await from('198.51.100.132', SIGN_UP, { n: 'N', u: 'holder', e: org.emailFor('Texter') });
    expect(withNew.signUp).toEqual({
      success: false,
      message: 'Username has already been taken',
      errors: [{ field: 'username', messages: ['Username has already been taken'] }],
    });
    expect(withExisting.signUp).toEqual(withNew.signUp);
  });
});

/** The latest mail to `email`, waiting for the worker's job that sends it. */
async function waitForMail(email: string): Promise<{ subject: string; body: string }> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const { rows } = await app.sql(
      'SELECT subject, body FROM outbox_emails WHERE lower("to") = lower($1) ORDER BY id DESC LIMIT 1',
      [email],
    );
    if (rows[0]) return rows[0];
  }
  throw new Error(`no mail to ${email}`);
}
