import type { Client, FormattedExecutionResult } from 'graphql-ws';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSender, loadedList, makeProject } from './project-factories';
import { runProjectLoad } from '../src/modules/projects/load/run-project-load';
import { hashPassword } from '../src/platform/auth/passwords';
import { createTokens } from '../src/platform/auth/tokens';
import { addMember, buildOrganization, PASSWORD, type BuiltOrganization } from './factories';
import { createTestApp, gql, TEST_SIGNING_SECRET, type TestApp } from './harness';
import { wsClients } from './ws-client';

// Issue 34, item 5: an access token lives only as long as its session, and a live subscription as long as its
// viewer may still see it.

const REFRESH = 'canvass_refresh';
const LOGIN = 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ accessToken message } }';
const REFRESH_SESSION = 'mutation{ refreshSession{ accessToken message } }';
const CURRENT_USER = '{ currentUser { email } }';
const CLIENTS = '{ clients { totalCount } }';
const PROGRESS = `subscription($id: ID!) { projectSendingProgress(projectId: $id) { projectId totalTexts } }`;
type Progress = FormattedExecutionResult<{ projectSendingProgress: { projectId: string } | null }>;

let app: TestApp;
let org: BuiltOrganization;
let adminToken: string;
let projectId: number;
let ws: ReturnType<typeof wsClients>;
let seq = 0;

beforeAll(async () => {
  // No grace for a replayed refresh token here: a replay is a replay (auth.test.ts covers two racing tabs).
  app = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '0' });
  org = await buildOrganization(app, 'Sessions');
  adminToken = await org.tokenFor('Admin');
  const listId = await loadedList(app, org.id, [['2125550101', 'Ada', 'Lovelace', '', '']]);
  projectId = await makeProject(app, org.id, { clientId: org.clientId, listId, message: 'Hi {firstName}' });
  await addSender(app, org.id, projectId, '3125559001', { primary: true });
  await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, projectId);
  await app.api.listen({ port: 0, host: '127.0.0.1' });
  ws = wsClients(app);
}, 120_000);

afterAll(() => ws.disposeClients());

/** A Manager of its own (each scenario locks, removes or signs out nobody else), signed in once. */
async function signedInManager() {
  const email = `session-user-${++seq}@sessions.test`;
  const { rows } = await app.sql(
    `INSERT INTO users (name, email, password_hash, current_organization_id) VALUES ($1, $1, $2, $3) RETURNING id`,
    [email, await hashPassword(PASSWORD), org.id],
  );
  const userId = Number(rows[0].id);
  await addMember(app, org.id, userId, 'Manager');
  const res = await gql(app, LOGIN, { e: email, p: PASSWORD });
  const token = res.data?.login.accessToken as string;
  expect(token, JSON.stringify(res.data)).toBeTruthy();
  return { userId, email, token, cookie: res.cookies[REFRESH] };
}

const refresh = (cookie: string, extra: Record<string, string> = {}) =>
  gql(app, REFRESH_SESSION, {}, { cookies: { [REFRESH]: cookie, ...extra } });

const setStatus = (userId: number, operation: 'Lock' | 'Delete') =>
  gql(
    app,
    'mutation($u:ID!,$o:UserOperation!){ updateUserStatus(userId:$u, operation:$o){ success message } }',
    { u: userId, o: operation },
    { token: adminToken },
  );

/** Follows the project's sending progress as `client`, once its first summary has arrived. */
async function followProgress(client: Client): Promise<AsyncIterableIterator<Progress>> {
  const updates = client.iterate({ query: PROGRESS, variables: { id: String(projectId) } });
  const first = await updates.next();
  expect(first.value?.data?.projectSendingProgress).toMatchObject({ projectId: String(projectId) });
  return updates as AsyncIterableIterator<Progress>;
}

/** How a followed subscription ends within `ms`: the socket's close code, 'completed', or 'still open'. */
async function endOf(updates: AsyncIterableIterator<Progress>, ms = 8000): Promise<number | string> {
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still open'), ms)));
  const ended = (async () => {
    try {
      while (!(await updates.next()).done);
      return 'completed';
    } catch (error) {
      return (error as { code?: number }).code ?? String(error);
    }
  })();
  try {
    return await Promise.race([ended, open]);
  } finally {
    clearTimeout(timer);
    void updates.return?.();
  }
}

/** The id of the user's newest live session (the one its last sign-in opened). */
async function liveSessionOf(userId: number): Promise<number> {
  const { rows } = await app.sql(
    'SELECT id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id DESC LIMIT 1',
    [userId],
  );
  return Number(rows[0].id);
}

describe('a live subscription ends when its viewer may no longer see it', () => {
  it("closes a locked user's projectSendingProgress with 4403", async () => {
    const user = await signedInManager();
    const updates = await followProgress(ws.connect(user.token));
    expect((await setStatus(user.userId, 'Lock')).data?.updateUserStatus.success).toBe(true);
    expect(await endOf(updates)).toBe(4403);
  });

  it("closes a member's subscription once it is removed from the organization", async () => {
    const user = await signedInManager();
    const updates = await followProgress(ws.connect(user.token));
    expect((await setStatus(user.userId, 'Delete')).data?.updateUserStatus.success).toBe(true);
    expect(await endOf(updates)).toBe(4403);
  });

  it('closes the subscription of a browser that signs out', async () => {
    const user = await signedInManager();
    const updates = await followProgress(ws.connect(user.token));
    await gql(app, 'mutation{ logout }', {}, { cookies: { [REFRESH]: user.cookie } });
    expect(await endOf(updates)).toBe(4403);
  });

  it('closes the subscription when its access token expires', async () => {
    const user = await signedInManager();
    // The server's own key and claims, with a two-second lifetime.
    const shortLived = await createTokens(TEST_SIGNING_SECRET, 2).signAccess({
      userId: user.userId,
      organizationId: org.id,
      sessionId: await liveSessionOf(user.userId),
    });
    const updates = await followProgress(ws.connect(shortLived));
    expect(await endOf(updates)).toBe(4403);
  });
});

describe('access tokens', () => {
  it('stop working at logout, over HTTP and on a new websocket', async () => {
    const user = await signedInManager();
    expect((await gql(app, CURRENT_USER, {}, { token: user.token })).data?.currentUser.email).toBe(user.email);
    await gql(app, 'mutation{ logout }', {}, { cookies: { [REFRESH]: user.cookie } });

    expect((await gql(app, CURRENT_USER, {}, { token: user.token })).data?.currentUser).toBeNull();
    expect((await gql(app, CLIENTS, {}, { token: user.token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const refused = ws.connect(user.token).iterate({ query: PROGRESS, variables: { id: String(projectId) } });
    await expect(refused.next()).rejects.toMatchObject({ code: 4403 });
  });

  it('without exp are refused even when signed with the real key', async () => {
    const user = await signedInManager();
    const claims = { uid: user.userId, org: org.id, sid: await liveSessionOf(user.userId) };
    const signed = (withExp: boolean) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setAudience('access');
      return (withExp ? jwt.setExpirationTime('5m') : jwt).sign(TEST_SIGNING_SECRET);
    };
    // The same claims with an expiry are accepted: what is refused is the missing exp.
    const withExp = await gql(app, CURRENT_USER, {}, { token: await signed(true) });
    expect(withExp.data?.currentUser.email).toBe(user.email);

    const forever = await signed(false);
    expect((await gql(app, CURRENT_USER, {}, { token: forever })).data?.currentUser).toBeNull();
    const refused = ws.connect(forever).iterate({ query: PROGRESS, variables: { id: String(projectId) } });
    await expect(refused.next()).rejects.toMatchObject({ code: 4403 });
  });
});

describe('refresh tokens', () => {
  it('a rotated refresh token used again revokes its whole session: the newer one and its access token stop too', async () => {
    const user = await signedInManager();
    const rotated = await refresh(user.cookie);
    const newer = rotated.cookies[REFRESH];
    const newerAccess = rotated.data?.refreshSession.accessToken as string;
    expect(newer).toBeTruthy();
    expect((await gql(app, CURRENT_USER, {}, { token: newerAccess })).data?.currentUser.email).toBe(user.email);

    // Someone replays the cookie the browser had before (a stolen copy).
    const replay = await refresh(user.cookie);
    expect(replay.data?.refreshSession).toEqual({ accessToken: null, message: 'Your current session has expired.' });

    expect((await refresh(newer)).data?.refreshSession.accessToken).toBeNull();
    expect((await gql(app, CURRENT_USER, {}, { token: newerAccess })).data?.currentUser).toBeNull();
    const live = await app.sql('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [
      user.userId,
    ]);
    expect(live.rows[0].n).toBe(0);
  });

  it('a session_timeout cookie larger than the server timeout does not keep an idle session alive', async () => {
    const user = await signedInManager();
    // Idle for 25 hours: past the server's 1440 minutes.
    await app.sql(`UPDATE sessions SET last_active_at = now() - interval '25 hours' WHERE user_id = $1`, [user.userId]);
    const res = await refresh(user.cookie, { session_timeout: '100000' });
    expect(res.data?.refreshSession).toEqual({ accessToken: null, message: 'Your current session has expired.' });
  });
});
