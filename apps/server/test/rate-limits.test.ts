import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app';
import { createPool } from '../src/platform/db/pool';
import { createDatabase } from '../src/platform/db/tenant';
import { createTestApp, type TestApp } from './harness';
import { buildOrganization, PASSWORD, type BuiltOrganization } from './factories';

const LOGIN = `mutation($e:String!,$p:String!){ login(email:$e,password:$p){ accessToken message } }`;
const LOCKED = /^Too many attempts\. Try again in \d+ minutes?\.$/;

let app: TestApp;
let org: BuiltOrganization;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Limits');
});

/** A GraphQL call from one client address (the connection's own: by default no forwarded address is believed). */
async function from(address: string, query: string, variables: Record<string, unknown>, api = app.api) {
  const res = await api.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: { query, variables },
  });
  return res.json().data;
}
const login = (address: string, email: string, password: string) =>
  from(address, LOGIN, { e: email, p: password }).then((d) => d.login);

describe('sign-in is rate-limited per account and address', () => {
  it('60 wrong passwords are not all answered; the right one is refused while locked; others are not', async () => {
    const email = org.emailFor('Texter');
    const answers: string[] = [];
    for (let i = 0; i < 60; i += 1) answers.push((await login('203.0.113.7', email, `wrong-${i}`)).message);
    expect(answers.slice(0, 10).every((m) => m === answers[0] && !LOCKED.test(m))).toBe(true);
    expect(answers.slice(10).every((m) => LOCKED.test(m))).toBe(true);
    expect(answers.at(-1)).toBe('Too many attempts. Try again in 15 minutes.');

    const right = await login('203.0.113.7', email, PASSWORD);
    expect(right.accessToken).toBeNull();
    expect(right.message).toMatch(LOCKED);

    // Another account from the same address, and the same account from another address, still sign in.
    expect((await login('203.0.113.7', org.emailFor('Manager'), PASSWORD)).accessToken).toEqual(expect.any(String));
    expect((await login('198.51.100.20', email, PASSWORD)).accessToken).toEqual(expect.any(String));
  });

  it('the lock holds in another API process on the same database', async () => {
    const email = org.emailFor('TeamLead');
    for (let i = 0; i < 10; i += 1) await login('203.0.113.8', email, 'wrong');
    const pool = createPool(app.platform.config.DATABASE_URL!, () => {}, 2);
    const other = await createApi({ ...app.platform, database: createDatabase(pool) });
    try {
      const res = await from('203.0.113.8', LOGIN, { e: email, p: PASSWORD }, other);
      expect(res.login.message).toMatch(LOCKED);
    } finally {
      await other.close();
      await pool.end();
    }
  });

  it('a successful sign-in forgets earlier failures', async () => {
    const email = org.emailFor('Agency');
    for (let i = 0; i < 9; i += 1) await login('203.0.113.9', email, 'wrong');
    expect((await login('203.0.113.9', email, PASSWORD)).accessToken).toEqual(expect.any(String));
    for (let i = 0; i < 9; i += 1) expect((await login('203.0.113.9', email, 'wrong')).message).not.toMatch(LOCKED);
  });

  it('the table of counters holds no email or address', async () => {
    const { rows } = await app.sql('SELECT key FROM canvass_private.rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/@|203\.0\.113/);
  });
});

describe('sign-up, recovery and reset are rate-limited', () => {
  const RECOVER = 'mutation($e:String!){ sendResetLink(email:$e){ success message } }';
  const SIGN_UP =
    'mutation($e:String!,$u:String!){ signUp(name:"N", username:$u, email:$e, password:"long-enough-1"){ success message } }';
  const RESET =
    'mutation($u:String!){ resetPassword(uuid:$u, token:"t", password:"long-enough-1", passwordVerify:"long-enough-1"){ success message } }';

  it('recovery: 5 links per account an hour', async () => {
    const email = org.emailFor('Client');
    for (let i = 0; i < 5; i += 1)
      expect((await from('192.0.2.1', RECOVER, { e: email })).sendResetLink.success).toBe(true);
    const sixth = (await from('192.0.2.2', RECOVER, { e: email })).sendResetLink;
    expect(sixth).toEqual({ success: false, message: expect.stringMatching(LOCKED) });
    const mails = await app.sql('SELECT count(*)::int AS n FROM outbox_emails WHERE "to" = $1', [email]);
    expect(mails.rows[0].n).toBe(5);
  });

  it('sign-up: 20 per address an hour', async () => {
    const answers = [];
    for (let i = 0; i < 21; i += 1) {
      answers.push((await from('192.0.2.50', SIGN_UP, { e: `new${i}@limits.test`, u: `new${i}` })).signUp);
    }
    expect(answers.slice(0, 20).every((a) => a.success)).toBe(true);
    expect(answers[20]).toEqual({ success: false, message: expect.stringMatching(LOCKED) });
    expect((await from('192.0.2.51', SIGN_UP, { e: 'other@limits.test', u: 'other' })).signUp.success).toBe(true);
  });

  it('reset: 10 tries of one link an hour', async () => {
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push((await from('192.0.2.60', RESET, { u: 'some-link' })).resetPassword);
    expect(answers.slice(0, 10).every((a) => !LOCKED.test(a.message))).toBe(true);
    expect(answers[10].message).toMatch(LOCKED);
  });
});
