import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/platform/auth/passwords';
import { createTestApp, gql, type TestApp } from './harness';
import { addMember, buildOrganization, PASSWORD, signIn, type BuiltOrganization } from './factories';

const ROOT = 'root@platform.test';
const ADMIN_LOGIN_URL = 'https://admin.canvass.test/login';
const REFRESH = 'canvass_refresh';

const LOGIN = `mutation($e:String!,$p:String!){ login(email:$e,password:$p){
  accessToken expiresIn message
  user { id name email role currentRole isAdmin clientId
         restrictions { resource operations }
         currentOrganization { id name } organizations { id name } }
} }`;
const REFRESH_SESSION = 'mutation{ refreshSession{ accessToken message user { email } } }';
const CURRENT_USER = '{ currentUser { id email role currentOrganization { id } } }';

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let rootToken: string;

/** A user of its own (so each scenario changes nobody else's account), member of one organization. */
async function addUser(orgId: number, role: string, email: string, password = PASSWORD): Promise<number> {
  const hash = await hashPassword(password);
  const { rows } = await app.sql(
    `INSERT INTO users (name, email, password_hash, current_organization_id) VALUES ($1, $2, $3, $4) RETURNING id`,
    [`User ${email}`, email, hash, orgId],
  );
  await addMember(app, orgId, rows[0].id, role);
  return Number(rows[0].id);
}

function login(email: string, password = PASSWORD) {
  return gql(app, LOGIN, { e: email, p: password });
}

/** Signs in and returns the refresh cookie the browser would keep. */
async function refreshCookieOf(email: string): Promise<string> {
  const res = await login(email);
  expect(res.data?.login.accessToken).toBeTruthy();
  const cookie = res.cookies[REFRESH];
  expect(cookie).toBeTruthy();
  return cookie;
}

function refresh(cookie: string, extra: Record<string, string> = {}) {
  return gql(app, REFRESH_SESSION, {}, { cookies: { [REFRESH]: cookie, ...extra } });
}

async function latestMailTo(email: string): Promise<{ subject: string; body: string }> {
  const { rows } = await app.sql(`SELECT subject, body FROM outbox_emails WHERE "to" = $1 ORDER BY id DESC LIMIT 1`, [
    email,
  ]);
  expect(rows, `no email to ${email}`).toHaveLength(1);
  return rows[0];
}

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAILS: ROOT, ADMIN_LOGIN_URL });
  orgA = await buildOrganization(app, 'Alpha');
  orgB = await buildOrganization(app, 'Bravo');
  await addUser(orgA.id, 'Manager', ROOT);
  rootToken = await signIn(app, ROOT);
});

describe('login', () => {
  it('returns an access token and the current user with role, organization and restrictions', async () => {
    const res = await login(orgA.emailFor('Manager'));
    expect(res.errors).toBeUndefined();
    const { accessToken, expiresIn, message, user } = res.data!.login;
    expect(accessToken).toEqual(expect.any(String));
    expect(expiresIn).toBeGreaterThan(0);
    expect(message).toBeNull();
    expect(user.email).toBe(orgA.emailFor('Manager'));
    expect(user.role).toBe('Manager');
    expect(user.currentRole).toBe('Manager');
    expect(user.isAdmin).toBe(false);
    expect(user.currentOrganization).toEqual({ id: String(orgA.id), name: 'Alpha' });
    expect(user.organizations).toEqual([{ id: String(orgA.id), name: 'Alpha' }]);
    const client = user.restrictions.find((r: { resource: string }) => r.resource === 'Client');
    expect(client.operations).toEqual(expect.arrayContaining(['Create', 'Update', 'View', 'Delete', 'Export']));
    expect(res.cookies[REFRESH]).toBeTruthy();

    // The token works: the API knows who is asking.
    const me = await gql(app, CURRENT_USER, {}, { token: accessToken });
    expect(me.data?.currentUser).toMatchObject({ email: orgA.emailFor('Manager'), role: 'Manager' });
  });

  it('ignores the case of the email', async () => {
    const res = await login(orgA.emailFor('Texter').toUpperCase());
    expect(res.data?.login.accessToken).toEqual(expect.any(String));
  });

  it('tells a Client-role user which client it belongs to', async () => {
    const res = await login(orgA.emailFor('Client'));
    expect(res.data?.login.user).toMatchObject({ role: 'Client', clientId: String(orgA.clientId) });
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    for (const [email, password] of [
      [orgA.emailFor('Manager'), 'wrong-password'],
      ['nobody@nowhere.test', PASSWORD],
    ]) {
      const res = await login(email, password);
      expect(res.errors).toBeUndefined();
      expect(res.data?.login).toMatchObject({ accessToken: null, user: null, message: 'Invalid email or password' });
      expect(res.cookies[REFRESH]).toBeUndefined();
    }
  });
});

describe('locking, unlocking and deleting a user', () => {
  const email = 'lockable@alpha.test';
  let userId: number;
  beforeAll(async () => {
    userId = await addUser(orgA.id, 'Texter', email);
  });
  const setStatus = (operation: string, token = rootToken) =>
    gql(
      app,
      'mutation($u:ID!,$o:UserOperation!){ updateUserStatus(userId:$u, operation:$o){ success message } }',
      { u: userId, o: operation },
      { token },
    );

  it('a locked user cannot sign in, and its open token and session stop working', async () => {
    const token = await signIn(app, email);
    const cookie = await refreshCookieOf(email);
    const res = await setStatus('Lock');
    expect(res.data?.updateUserStatus).toEqual({ success: true, message: 'The user has been locked successfully' });

    expect((await login(email)).data?.login).toMatchObject({ accessToken: null, message: 'Your account is locked' });
    expect((await gql(app, CURRENT_USER, {}, { token })).data?.currentUser).toBeNull();
    expect((await refresh(cookie)).data?.refreshSession.accessToken).toBeNull();
  });

  it('Unlock lets the user sign in again', async () => {
    const res = await setStatus('Unlock');
    expect(res.data?.updateUserStatus.success).toBe(true);
    expect((await login(email)).data?.login.accessToken).toEqual(expect.any(String));
  });

  it('a user without Update on User cannot lock anyone', async () => {
    const res = await setStatus('Lock', await orgA.tokenFor('Texter'));
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(
      (await app.sql('SELECT locked_at FROM organization_users WHERE user_id = $1', [userId])).rows[0].locked_at,
    ).toBeNull();
  });

  it('an admin of another organization cannot lock this user', async () => {
    // Another organization's user is answered as a missing one.
    const res = await setStatus('Lock', await orgB.tokenFor('Admin'));
    expect(res.data?.updateUserStatus).toEqual({ success: false, message: 'Not found' });
    expect((await login(email)).data?.login.accessToken).toEqual(expect.any(String));
  });

  it('a user deleted from its only organization cannot sign in', async () => {
    // Delete removes the user from the organization (its account stays, for its other organizations).
    const res = await setStatus('Delete');
    expect(res.data?.updateUserStatus.success).toBe(true);
    expect((await login(email)).data?.login).toMatchObject({
      accessToken: null,
      message: 'Your account is not a member of any organization yet',
    });
  });
});

describe('sessions', () => {
  const email = 'sessions@alpha.test';
  let userId: number;
  beforeAll(async () => {
    userId = await addUser(orgA.id, 'Manager', email);
  });

  it('refreshSession returns a new access token and rotates the cookie; a tab racing it gets no new cookie', async () => {
    const first = await refreshCookieOf(email);
    const res = await refresh(first);
    expect(res.data?.refreshSession).toMatchObject({ accessToken: expect.any(String), user: { email } });
    const second = res.cookies[REFRESH];
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    const me = await gql(app, CURRENT_USER, {}, { token: res.data?.refreshSession.accessToken });
    expect(me.data?.currentUser.email).toBe(email);

    // Another tab of the same browser sent the old cookie before the new one arrived (within the reuse grace):
    // it gets an access token but no cookie, and the session lives on. Later reuse revokes it (sessions.test.ts).
    const racing = await refresh(first);
    expect(racing.data?.refreshSession).toMatchObject({ accessToken: expect.any(String), user: { email } });
    expect(racing.cookies[REFRESH]).toBeUndefined();
    // The rotated cookie keeps working.
    expect((await refresh(second)).data?.refreshSession.accessToken).toEqual(expect.any(String));
  });

  it('refreshSession without a cookie fails', async () => {
    const res = await gql(app, REFRESH_SESSION);
    expect(res.data?.refreshSession).toMatchObject({ accessToken: null, message: 'Your current session has expired.' });
  });

  it('logout revokes the session: refresh then fails', async () => {
    const cookie = await refreshCookieOf(email);
    const out = await gql(app, 'mutation{ logout }', {}, { cookies: { [REFRESH]: cookie } });
    expect(out.data?.logout).toBe(true);
    expect(out.cookies[REFRESH]).toBe('');
    expect((await refresh(cookie)).data?.refreshSession.accessToken).toBeNull();
  });

  it('a session idle longer than the session_timeout cookie cannot be refreshed; the default 1440 minutes still allows it', async () => {
    const cookie = await refreshCookieOf(email);
    await app.sql(
      `UPDATE sessions SET last_active_at = now() - interval '2 hours' WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    const timedOut = await refresh(cookie, { session_timeout: '60' });
    expect(timedOut.data?.refreshSession).toMatchObject({
      accessToken: null,
      message: 'Your current session has expired.',
    });
    // The same idle session under the default timeout (1440 minutes) is still alive.
    const res = await refresh(cookie);
    expect(res.data?.refreshSession.accessToken).toEqual(expect.any(String));
  });

  it('a session idle longer than the default 1440 minutes cannot be refreshed', async () => {
    const cookie = await refreshCookieOf(email);
    await app.sql(
      `UPDATE sessions SET last_active_at = now() - interval '25 hours' WHERE user_id = $1 AND revoked_at IS NULL`,
      [userId],
    );
    expect((await refresh(cookie)).data?.refreshSession.accessToken).toBeNull();
  });

  it('inactivateUserSessions signs the user out of every browser', async () => {
    const one = await refreshCookieOf(email);
    const two = await refreshCookieOf(email);
    const token = await signIn(app, email);
    const res = await gql(app, 'mutation{ inactivateUserSessions{ success message } }', {}, { token });
    expect(res.data?.inactivateUserSessions.success).toBe(true);
    expect(res.data?.inactivateUserSessions.message).toMatch(/^[3-9]\d* session\(s\) closed$/);
    expect((await refresh(one)).data?.refreshSession.accessToken).toBeNull();
    expect((await refresh(two)).data?.refreshSession.accessToken).toBeNull();
  });

  it("inactivateUserSessions for someone else needs Update on User in that user's organization", async () => {
    const cookie = await refreshCookieOf(email);
    const texter = await gql(
      app,
      'mutation($u:ID){ inactivateUserSessions(userId:$u){ success } }',
      { u: userId },
      { token: await orgA.tokenFor('Texter') },
    );
    expect(texter.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const outsider = await gql(
      app,
      'mutation($u:ID){ inactivateUserSessions(userId:$u){ success } }',
      { u: userId },
      { token: await orgB.tokenFor('Admin') },
    );
    expect(outsider.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await refresh(cookie)).data?.refreshSession.accessToken).toEqual(expect.any(String));

    const admin = await gql(
      app,
      'mutation($u:ID){ inactivateUserSessions(userId:$u){ success } }',
      { u: userId },
      { token: await orgA.tokenFor('Admin') },
    );
    expect(admin.data?.inactivateUserSessions.success).toBe(true);
    // The cookie rotated above is the live one; it is now revoked.
    const live = (
      await app.sql('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [userId])
    ).rows[0].n;
    expect(live).toBe(0);
  });
});

describe('sign-up', () => {
  const SIGN_UP =
    'mutation($n:String!,$u:String!,$e:String!,$p:String!){ signUp(name:$n,username:$u,email:$e,password:$p){ success message errors{ field messages } } }';

  it('creates an account that exists but cannot sign in before an organization adds it', async () => {
    const res = await gql(app, SIGN_UP, { n: 'New Person', u: 'newperson', e: 'new@person.test', p: 'long-enough-1' });
    expect(res.data?.signUp).toEqual({
      success: true,
      message: 'Your account has been created; sign in to continue',
      errors: [],
    });
    const { rows } = await app.sql('SELECT name, username FROM users WHERE email = $1', ['new@person.test']);
    expect(rows).toEqual([{ name: 'New Person', username: 'newperson' }]);
    expect((await login('new@person.test', 'long-enough-1')).data?.login).toMatchObject({
      accessToken: null,
      message: 'Your account is not a member of any organization yet',
    });
  });

  it('answers an email already taken, whatever its case, as a new one and changes nothing', async () => {
    const res = await gql(app, SIGN_UP, {
      n: 'Copy',
      u: 'someone-else',
      e: orgA.emailFor('Manager').toUpperCase(),
      p: 'long-enough-1',
    });
    expect(res.data?.signUp).toEqual({
      success: true,
      message: 'Your account has been created; sign in to continue',
      errors: [],
    });
    const { rows } = await app.sql('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [
      orgA.emailFor('Manager'),
    ]);
    expect(rows[0].n).toBe(1);
    expect((await login(orgA.emailFor('Manager'))).data?.login.accessToken).toEqual(expect.any(String));
  });
});

describe('password recovery', () => {
  const email = 'forgetful@alpha.test';
  const RESET =
    'mutation($u:String!,$t:String!,$p:String!,$v:String!){ resetPassword(uuid:$u,token:$t,password:$p,passwordVerify:$v){ success message errors{ field messages } } }';
  let link: { uuid: string; token: string };

  beforeAll(async () => {
    await addUser(orgA.id, 'Texter', email);
  });

  it('sendResetLink writes an email with a /reset?uuid=…&token=… link to the development outbox', async () => {
    const res = await gql(app, 'mutation($e:String!){ sendResetLink(email:$e){ success message } }', { e: email });
    expect(res.data?.sendResetLink.success).toBe(true);
    const mail = await latestMailTo(email);
    const match = mail.body.match(/\/reset\?uuid=([\w-]+)&token=([\w-]+)/);
    expect(match, mail.body).not.toBeNull();
    link = { uuid: match![1], token: match![2] };
  });

  it('says the same for an unknown email and sends nothing', async () => {
    const res = await gql(app, 'mutation($e:String!){ sendResetLink(email:$e){ success message } }', {
      e: 'ghost@nowhere.test',
    });
    const known = await gql(app, 'mutation($e:String!){ sendResetLink(email:$e){ success message } }', {
      e: orgB.emailFor('Texter'),
    });
    expect(res.data?.sendResetLink).toEqual(known.data?.sendResetLink);
    const { rows } = await app.sql(`SELECT count(*)::int AS n FROM outbox_emails WHERE "to" = 'ghost@nowhere.test'`);
    expect(rows[0].n).toBe(0);
  });

  it("refuses passwords that don't match with 'Password must match'", async () => {
    const res = await gql(app, RESET, { u: link.uuid, t: link.token, p: 'brand-new-pass', v: 'brand-new-pas' });
    expect(res.data?.resetPassword).toEqual({
      success: false,
      message: 'Password must match',
      errors: [{ field: 'passwordVerify', messages: ['Password must match'] }],
    });
    // The old password still works: nothing changed.
    expect((await login(email)).data?.login.accessToken).toEqual(expect.any(String));
  });

  it('refuses a wrong token', async () => {
    const res = await gql(app, RESET, { u: link.uuid, t: 'not-the-token', p: 'brand-new-pass', v: 'brand-new-pass' });
    expect(res.data?.resetPassword.success).toBe(false);
    expect(res.data?.resetPassword.message).toBe('The reset link is invalid or has expired');
  });

  it('sets the new password from the link: the new one signs in, the old one does not, open sessions end', async () => {
    const cookie = await refreshCookieOf(email);
    const res = await gql(app, RESET, { u: link.uuid, t: link.token, p: 'brand-new-pass', v: 'brand-new-pass' });
    expect(res.data?.resetPassword).toEqual({ success: true, message: 'Password changed successfully', errors: [] });
    expect((await login(email, 'brand-new-pass')).data?.login.accessToken).toEqual(expect.any(String));
    expect((await login(email, PASSWORD)).data?.login.message).toBe('Invalid email or password');
    expect((await refresh(cookie)).data?.refreshSession.accessToken).toBeNull();
  });

  it('the link works once', async () => {
    const res = await gql(app, RESET, { u: link.uuid, t: link.token, p: 'another-pass-1', v: 'another-pass-1' });
    expect(res.data?.resetPassword).toMatchObject({
      success: false,
      message: 'The reset link is invalid or has expired',
    });
    expect((await login(email, 'another-pass-1')).data?.login.accessToken).toBeNull();
    expect((await login(email, 'brand-new-pass')).data?.login.accessToken).toEqual(expect.any(String));
  });
});

describe('updatePassword', () => {
  const email = 'changer@alpha.test';
  const UPDATE =
    'mutation($p:String!,$v:String!){ updatePassword(password:$p,passwordVerify:$v){ success message errors{ field messages } } }';
  beforeAll(async () => {
    await addUser(orgA.id, 'Texter', email);
  });

  it("refuses passwords that don't match", async () => {
    const res = await gql(
      app,
      UPDATE,
      { p: 'changed-pass-1', v: 'changed-pass-2' },
      { token: await signIn(app, email) },
    );
    expect(res.data?.updatePassword).toMatchObject({ success: false, message: 'Password must match' });
    expect((await login(email)).data?.login.accessToken).toEqual(expect.any(String));
  });

  it("changes the signed-in user's password", async () => {
    const res = await gql(
      app,
      UPDATE,
      { p: 'changed-pass-1', v: 'changed-pass-1' },
      { token: await signIn(app, email) },
    );
    expect(res.data?.updatePassword).toEqual({ success: true, message: 'Password changed successfully', errors: [] });
    expect((await login(email, 'changed-pass-1')).data?.login.accessToken).toEqual(expect.any(String));
    expect((await login(email)).data?.login.accessToken).toBeNull();
  });

  it('needs a signed-in user', async () => {
    const res = await gql(app, UPDATE, { p: 'changed-pass-1', v: 'changed-pass-1' });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('organizations', () => {
  const SWITCH =
    'mutation($o:ID!){ switchOrganization(organizationId:$o){ accessToken message user { currentOrganization { id } organizations { id } } } }';

  it('switchOrganization to an organization the user is not a member of is refused', async () => {
    const res = await gql(app, SWITCH, { o: orgB.id }, { token: await orgA.tokenFor('Manager') });
    expect(res.data?.switchOrganization).toMatchObject({
      accessToken: null,
      message: 'You are not allowed to do this',
    });
  });

  it("switchOrganization to one of the user's organizations gives a token for it, and sign-in lands there next time", async () => {
    const email = 'two-orgs@alpha.test';
    const userId = await addUser(orgA.id, 'Manager', email);
    await addMember(app, orgB.id, userId, 'Manager');
    const res = await gql(app, SWITCH, { o: orgB.id }, { token: await signIn(app, email) });
    const payload = res.data?.switchOrganization;
    expect(payload.user.currentOrganization.id).toBe(String(orgB.id));
    expect(payload.user.organizations.map((o: { id: string }) => o.id).sort()).toEqual(
      [String(orgA.id), String(orgB.id)].sort(),
    );
    const clients = await gql(app, '{ clients { nodes { name } } }', {}, { token: payload.accessToken });
    expect(clients.data?.clients.nodes.map((n: { name: string }) => n.name)).toEqual(['Bravo Client']);
    expect((await login(email)).data?.login.user.currentOrganization.id).toBe(String(orgB.id));
  });

  it('currentUser is null without a token', async () => {
    const res = await gql(app, CURRENT_USER);
    expect(res.errors).toBeUndefined();
    expect(res.data?.currentUser).toBeNull();
  });

  it('currentUser is null with a forged token', async () => {
    const res = await gql(app, CURRENT_USER, {}, { token: 'eyJhbGciOiJIUzI1NiJ9.e30.invalid' });
    expect(res.data?.currentUser).toBeNull();
  });
});

describe('admins', () => {
  it('isAdminLogin says whether an email signs in on the admin site, and where', async () => {
    const q = 'query($e:String!){ isAdminLogin(email:$e){ isAdmin url } }';
    expect((await gql(app, q, { e: 'Root@Platform.test ' })).data?.isAdminLogin).toEqual({
      isAdmin: true,
      url: ADMIN_LOGIN_URL,
    });
    expect((await gql(app, q, { e: orgA.emailFor('Admin') })).data?.isAdminLogin).toEqual({
      isAdmin: false,
      url: null,
    });
  });

  it('an admin-list user is an admin; an organization Admin-role user is not', async () => {
    const root = await gql(app, '{ currentUser { isAdmin role } }', {}, { token: rootToken });
    expect(root.data?.currentUser).toEqual({ isAdmin: true, role: 'Admin' });
    const orgAdmin = await gql(app, '{ currentUser { isAdmin role } }', {}, { token: await orgA.tokenFor('Admin') });
    expect(orgAdmin.data?.currentUser).toEqual({ isAdmin: false, role: 'Admin' });
  });

  it('adminUserEmails lists the admins for an admin and is empty for anyone else', async () => {
    const q = '{ adminUserEmails }';
    expect((await gql(app, q, {}, { token: rootToken })).data?.adminUserEmails).toEqual([ROOT]);
    expect((await gql(app, q, {}, { token: await orgA.tokenFor('Admin') })).data?.adminUserEmails).toEqual([]);
    expect((await gql(app, q, {}, { token: await orgA.tokenFor('Texter') })).data?.adminUserEmails).toEqual([]);
    expect((await gql(app, q)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
