import { parse } from 'csv-parse/sync';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../src/app';
import { hashPassword } from '../src/platform/auth/passwords';
import { addMember, buildOrganization, PASSWORD, signIn, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

const REFRESH = 'canvass_refresh';
const USER_FIELDS = 'id name email userType clientId teamId userStatus clientUserViews { id clientId }';
const CREATE = `mutation($a: UserAttributes!) { createUser(attributes: $a) { user { ${USER_FIELDS} } errors { field messages } message } }`;
const UPDATE = `mutation($id: ID!, $a: UserAttributes!) { updateUser(id: $id, attributes: $a) { user { ${USER_FIELDS} } errors { field messages } } }`;
const DESTROY = 'mutation($id: ID!) { destroyUser(id: $id) { user { id } errors { field messages } message } }';
const LIST = `{ users(first: 100) { totalCount nodes { ${USER_FIELDS} } } }`;
const GET = `query($id: ID!) { user(id: $id) { ${USER_FIELDS} } }`;
const STATUS =
  'mutation($u: ID!, $o: UserOperation!) { updateUserStatus(userId: $u, operation: $o) { success message } }';
const LOGIN = `mutation($e: String!, $p: String!) { login(email: $e, password: $p) {
  accessToken message user { role currentOrganization { id } organizations { id } } } }`;
const ME = '{ currentUser { id role organizations { id } } }';
const ACCEPT = `mutation($uuid: String!, $token: String!, $p: String!) {
  acceptInvitation(uuid: $uuid, token: $token, password: $p, passwordVerify: $p) {
    accessToken message user { email currentOrganization { id name } } } }`;

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let adminA: string;
let adminB: string;
let teamA: number;
let otherClientA: number;
let worker: Runner;

async function mailsTo(email: string): Promise<{ subject: string; body: string }[]> {
  const { rows } = await app.sql('SELECT subject, body FROM outbox_emails WHERE "to" = $1 ORDER BY id', [email]);
  return rows;
}

async function idOf(email: string): Promise<string> {
  const { rows } = await app.sql('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  return String(rows[0].id);
}

/** Adds a person to organization A through the API as its admin. */
function add(attributes: Record<string, unknown>, token = adminA) {
  return gql(app, CREATE, { a: attributes }, { token });
}

/** A person of its own with a password, a member of the given organizations (as Texter). */
async function person(email: string, orgIds: number[]): Promise<string> {
  const { rows } = await app.sql(
    'INSERT INTO users (name, email, password_hash, current_organization_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [`Person ${email}`, email, await hashPassword(PASSWORD), orgIds[0]],
  );
  for (const orgId of orgIds) await addMember(app, orgId, rows[0].id, 'Texter');
  return String(rows[0].id);
}

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://canvass.example', WORKER_CONCURRENCY: '1' });
  worker = await createWorker(app.platform);
  orgA = await buildOrganization(app, 'Alpha');
  orgB = await buildOrganization(app, 'Bravo');
  adminA = await orgA.tokenFor('Admin');
  adminB = await orgB.tokenFor('Admin');
  const team = await app.sql(`INSERT INTO teams (organization_id, name) VALUES ($1, 'Night shift') RETURNING id`, [
    orgA.id,
  ]);
  teamA = Number(team.rows[0].id);
  const client = await app.sql(
    `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, 'Alpha Other', 'Campaign', 'Active') RETURNING id`,
    [orgA.id],
  );
  otherClientA = Number(client.rows[0].id);
});

afterAll(async () => {
  await worker?.stop();
});

/** Runs the Export of the users index as `token` and reads the file back: its header and its lines. */
async function exportUsers(token: string): Promise<string[][]> {
  const started = await gql(
    app,
    'mutation { exportCsv(query: "users", variables: {}) { task { id } } }',
    {},
    { token },
  );
  const id = started.data?.exportCsv.task.id;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const res = await gql(app, 'query($id: ID!) { backgroundTask(id: $id) { status downloadUrl } }', { id }, { token });
    const task = res.data?.backgroundTask;
    if (task?.status === 'Done') return parse((await app.api.inject({ method: 'GET', url: task.downloadUrl })).body);
    if (task?.status === 'Failed') throw new Error('export failed');
  }
  throw new Error('export did not finish');
}

describe('adding a person to the organization', () => {
  it('adds a known account at once, in its team; it sees the organization in its switcher', async () => {
    const email = orgB.emailFor('Texter');
    const res = await add({ name: 'Ignored for a known account', email, userType: 'Texter', teamId: teamA });
    expect(res.data?.createUser.errors).toEqual([]);
    expect(res.data?.createUser.message).toBe('The User has been created successfully');
    expect(res.data?.createUser.user).toMatchObject({
      email,
      userType: 'Texter',
      teamId: String(teamA),
      userStatus: 'Active',
    });
    // No invitation: it has a password already.
    expect(await mailsTo(email)).toEqual([]);
    const login = await gql(app, LOGIN, { e: email, p: PASSWORD });
    expect(login.data?.login.user.organizations.map((o: { id: string }) => o.id).sort()).toEqual(
      [String(orgA.id), String(orgB.id)].sort(),
    );
    // The form's team and the team's members agree.
    const { rows } = await app.sql('SELECT team_id FROM team_users WHERE organization_id = $1 AND user_id = $2', [
      orgA.id,
      await idOf(email),
    ]);
    expect(rows.map((r) => Number(r.team_id))).toEqual([teamA]);
  });

  it('invites an unknown email: the mail carries a link that sets the password and signs in to the organization', async () => {
    const email = 'new.texter@example.test';
    const res = await add({ name: 'New Texter', email, userType: 'Texter', teamId: teamA });
    expect(res.data?.createUser.errors).toEqual([]);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe('You have been invited to Alpha on Canvass');
    const link = new URL(mail.body.match(/https:\/\/canvass\.example\/invitation\?\S+/)![0]);
    // The account exists but cannot sign in before the password is chosen.
    expect((await gql(app, LOGIN, { e: email, p: 'chosen-password-1' })).data?.login.accessToken).toBeNull();

    const accepted = await gql(app, ACCEPT, {
      uuid: link.searchParams.get('uuid'),
      token: link.searchParams.get('token'),
      p: 'chosen-password-1',
    });
    expect(accepted.data?.acceptInvitation).toMatchObject({
      accessToken: expect.any(String),
      message: null,
      user: { email, currentOrganization: { id: String(orgA.id), name: 'Alpha' } },
    });
    expect(accepted.cookies[REFRESH]).toBeTruthy();
    const me = await gql(app, ME, {}, { token: accepted.data?.acceptInvitation.accessToken });
    expect(me.data?.currentUser).toMatchObject({ role: 'Texter', organizations: [{ id: String(orgA.id) }] });
    // The link works once; the password works from now on.
    const again = await gql(app, ACCEPT, {
      uuid: link.searchParams.get('uuid'),
      token: link.searchParams.get('token'),
      p: 'another-password-2',
    });
    expect(again.data?.acceptInvitation).toMatchObject({
      accessToken: null,
      message: 'The invitation link is invalid or has expired',
    });
    expect((await gql(app, LOGIN, { e: email, p: 'chosen-password-1' })).data?.login.accessToken).toEqual(
      expect.any(String),
    );
  });

  it('refuses the same person twice, whatever the case of the email', async () => {
    const email = orgA.emailFor('Manager');
    const res = await add({ name: 'Again', email: email.toUpperCase(), userType: 'Texter', teamId: teamA });
    expect(res.data?.createUser).toMatchObject({
      user: null,
      errors: [{ field: 'email', messages: ['This person is already a user of this organization'] }],
    });
  });

  it('applies the form rules: a client for Client users, a team for texters, types the viewer may give', async () => {
    const email = 'rules@example.test';
    expect((await add({ name: 'R', email, userType: 'Client' })).data?.createUser.errors).toEqual([
      { field: 'clientId', messages: ['Client is required'] },
    ]);
    expect((await add({ name: 'R', email, userType: 'Texter' })).data?.createUser.errors).toEqual([
      { field: 'teamId', messages: ['Team is required'] },
    ]);
    // A Manager sees users and clients: every type but the organization's own Admin.
    const manager = await orgA.tokenFor('Manager');
    expect(
      (await add({ name: 'R', email, userType: 'Admin' }, manager)).data?.createUser.errors.map(
        (e: { field: string }) => e.field,
      ),
    ).toEqual(['userType']);
    // A TeamLead may see users but not add them.
    const teamLead = await add(
      { name: 'R', email, userType: 'Texter', teamId: teamA },
      await orgA.tokenFor('TeamLead'),
    );
    expect(teamLead.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // Nothing of the refused attempts stays.
    expect((await app.sql('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).rows[0].n).toBe(0);
    const client = await add({ name: 'R', email, userType: 'Client', clientId: orgA.clientId }, manager);
    expect(client.data?.createUser.user).toMatchObject({ userType: 'Client', clientId: String(orgA.clientId) });
  });
});

describe('locking', () => {
  const email = 'lock.me@example.test';
  let id: string;
  beforeAll(async () => {
    id = await person(email, [orgA.id]);
  });

  it('a locked user cannot sign in, its open token fails at once and its session cannot be refreshed', async () => {
    const login = await gql(app, LOGIN, { e: email, p: PASSWORD });
    const token = login.data?.login.accessToken;
    const cookie = login.cookies[REFRESH];
    expect((await gql(app, ME, {}, { token })).data?.currentUser.id).toBe(id);

    const res = await gql(app, STATUS, { u: id, o: 'Lock' }, { token: adminA });
    expect(res.data?.updateUserStatus).toEqual({ success: true, message: 'The user has been locked successfully' });
    expect((await gql(app, ME, {}, { token })).data?.currentUser).toBeNull();
    const refreshed = await gql(
      app,
      'mutation { refreshSession { accessToken } }',
      {},
      { cookies: { [REFRESH]: cookie } },
    );
    expect(refreshed.data?.refreshSession.accessToken).toBeNull();
    expect((await gql(app, LOGIN, { e: email, p: PASSWORD })).data?.login).toMatchObject({
      accessToken: null,
      message: 'Your account is locked',
    });
    expect((await gql(app, GET, { id }, { token: adminA })).data?.user.userStatus).toBe('Locked');

    await gql(app, STATUS, { u: id, o: 'Unlock' }, { token: adminA });
    expect((await gql(app, LOGIN, { e: email, p: PASSWORD })).data?.login.accessToken).toEqual(expect.any(String));
    expect((await gql(app, GET, { id }, { token: adminA })).data?.user.userStatus).toBe('Active');
  });

  it('a lock by one organization keeps the user out of that organization only', async () => {
    const shared = 'shared.lock@example.test';
    const sharedId = await person(shared, [orgA.id, orgB.id]);
    await gql(app, STATUS, { u: sharedId, o: 'Lock' }, { token: adminA });
    const login = await gql(app, LOGIN, { e: shared, p: PASSWORD });
    expect(login.data?.login.user.currentOrganization.id).toBe(String(orgB.id));
    const switched = await gql(
      app,
      'mutation($o: ID!) { switchOrganization(organizationId: $o) { accessToken } }',
      { o: String(orgA.id) },
      { token: login.data?.login.accessToken },
    );
    expect(switched.data?.switchOrganization.accessToken).toBeNull();
  });

  it('nobody locks itself, and an admin of another organization cannot lock this user', async () => {
    const self = await gql(app, STATUS, { u: await idOf(orgA.emailFor('Admin')), o: 'Lock' }, { token: adminA });
    expect(self.data?.updateUserStatus).toEqual({ success: false, message: 'You cannot lock or delete yourself' });
    const other = await gql(app, STATUS, { u: id, o: 'Lock' }, { token: adminB });
    expect(other.data?.updateUserStatus).toEqual({ success: false, message: 'Not found' });
    expect((await gql(app, LOGIN, { e: email, p: PASSWORD })).data?.login.accessToken).toEqual(expect.any(String));
  });
});

describe('what a user sees follows its role and views at its next request', () => {
  it('user views and a new role apply to the token already in hand', async () => {
    const email = 'views@example.test';
    const id = await person(email, [orgA.id]);
    await app.sql(`UPDATE organization_users SET role = 'Manager' WHERE organization_id = $1 AND user_id = $2`, [
      orgA.id,
      id,
    ]);
    const token = await signIn(app, email);
    const clients = async () =>
      ((await gql(app, '{ clients(first: 50) { nodes { id } } }', {}, { token })).data?.clients?.nodes ?? []).map(
        (n: { id: string }) => Number(n.id),
      );
    expect((await clients()).sort()).toEqual([orgA.clientId, otherClientA].sort());

    const res = await gql(
      app,
      UPDATE,
      { id, a: { clientUserViews: [{ clientId: String(otherClientA) }] } },
      { token: adminA },
    );
    expect(res.data?.updateUser.errors).toEqual([]);
    expect(res.data?.updateUser.user.clientUserViews).toEqual([
      { id: expect.any(String), clientId: String(otherClientA) },
    ]);
    expect(await clients()).toEqual([otherClientA]);

    await app.sql(`UPDATE organization_users SET role = 'Texter' WHERE organization_id = $1 AND user_id = $2`, [
      orgA.id,
      id,
    ]);
    expect((await gql(app, ME, {}, { token })).data?.currentUser.role).toBe('Texter');
    const refused = await gql(app, '{ clients(first: 50) { nodes { id } } }', {}, { token });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('editing and deleting', () => {
  it('changes name and team; the type and email stay as they were added', async () => {
    const id = await person('edit.me@example.test', [orgA.id]);
    const res = await gql(
      app,
      UPDATE,
      { id, a: { name: 'Edited', teamId: String(teamA), userType: 'Admin', email: 'stolen@example.test' } },
      { token: adminA },
    );
    expect(res.data?.updateUser).toMatchObject({
      errors: [],
      user: { name: 'Edited', teamId: String(teamA), userType: 'Texter', email: 'edit.me@example.test' },
    });
    const { rows } = await app.sql(
      'SELECT count(*)::int AS n FROM team_users WHERE organization_id = $1 AND user_id = $2',
      [orgA.id, id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('delete removes the user from this organization only: it still signs in to its other one', async () => {
    const email = 'leaving@example.test';
    const id = await person(email, [orgA.id, orgB.id]);
    const tokenInA = await signIn(app, email);
    const res = await gql(app, DESTROY, { id }, { token: adminA });
    expect(res.data?.destroyUser).toMatchObject({ errors: [], message: 'The user has been locked successfully' });
    expect((await gql(app, GET, { id }, { token: adminA })).data?.user).toBeNull();
    expect((await gql(app, ME, {}, { token: tokenInA })).data?.currentUser).toBeNull();
    const login = await gql(app, LOGIN, { e: email, p: PASSWORD });
    expect(login.data?.login.user.organizations).toEqual([{ id: String(orgB.id) }]);
    // Adding it back is an ordinary add of a known account.
    const back = await add({ name: 'Back', email, userType: 'Texter', teamId: teamA });
    expect(back.data?.createUser.errors).toEqual([]);
  });
});

describe('who sees which users', () => {
  it('a Client-role user sees only the users of its own client', async () => {
    const res = await gql(app, LIST, {}, { token: await orgA.tokenFor('Client') });
    expect(res.errors).toBeUndefined();
    const emails = res.data?.users.nodes.map((n: { email: string }) => n.email).sort();
    // The factory ties the Client and Agency users to the organization's client; the added Client user too.
    expect(emails).toEqual([orgA.emailFor('Agency'), orgA.emailFor('Client'), 'rules@example.test'].sort());
  });

  it('a viewer without View on Client sees every user type but those that belong to a client (spec §6)', async () => {
    const res = await gql(app, LIST, {}, { token: await orgA.tokenFor('TeamLead') });
    const types = new Set(res.data?.users.nodes.map((n: { userType: string }) => n.userType));
    expect(types.has('Texter') && types.has('Manager')).toBe(true);
    expect(types.has('Client') || types.has('Agency')).toBe(false);
  });

  it('a viewer limited by user views adds only users of its clients', async () => {
    const email = 'limited.adder@example.test';
    const id = await person(email, [orgA.id]);
    await app.sql(`UPDATE organization_users SET role = 'Manager' WHERE organization_id = $1 AND user_id = $2`, [
      orgA.id,
      id,
    ]);
    await app.sql('INSERT INTO user_views (organization_id, user_id, client_id) VALUES ($1, $2, $3)', [
      orgA.id,
      id,
      otherClientA,
    ]);
    const token = await signIn(app, email);
    const outside = await add({ name: 'T', email: 'outside@example.test', userType: 'Texter', teamId: teamA }, token);
    expect(outside.data?.createUser).toMatchObject({
      user: null,
      errors: [{ field: 'clientId', messages: ['Choose one of the clients you can see'] }],
    });
    const inside = await add(
      { name: 'C', email: 'inside@example.test', userType: 'Client', clientId: otherClientA },
      token,
    );
    expect(inside.data?.createUser.errors).toEqual([]);
    // The refused add leaves nothing behind: not even the account it would have invited.
    const { rows } = await app.sql(`SELECT count(*)::int AS n FROM users WHERE email = 'outside@example.test'`);
    expect(rows[0].n).toBe(0);
  });

  it('a Texter may not list users', async () => {
    const res = await gql(app, LIST, {}, { token: await orgA.tokenFor('Texter') });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('export', () => {
  it("writes the organization's users with their type, client and status, and only them", async () => {
    const [header, ...lines] = await exportUsers(adminA);
    expect(header).toEqual(['Name', 'Email', 'Type', 'Client', 'Team', 'Status', 'Created']);
    const client = lines.find((l) => l[1] === orgA.emailFor('Client'))!;
    expect(client[0]).toMatch(/^Client \d+$/);
    expect(client.slice(1, 6)).toEqual([orgA.emailFor('Client'), 'Client', 'Alpha Client', '', 'Active']);
    expect(lines.map((l) => l[1])).not.toContain(orgB.emailFor('Manager'));
    const { rows } = await app.sql('SELECT count(*)::int AS n FROM organization_users WHERE organization_id = $1', [
      orgA.id,
    ]);
    expect(lines).toHaveLength(rows[0].n);
  });
});

describe('tenancy', () => {
  let id: string;
  beforeAll(async () => {
    id = await person('alpha.only@example.test', [orgA.id]);
  });

  it('an admin of another organization cannot list, read, change or remove these users', async () => {
    const list = await gql(app, LIST, {}, { token: adminB });
    expect(list.data?.users.nodes.map((n: { id: string }) => n.id)).not.toContain(id);
    expect((await gql(app, LIST, {}, { token: adminA })).data?.users.nodes.map((n: { id: string }) => n.id)).toContain(
      id,
    );
    expect((await gql(app, GET, { id }, { token: adminB })).data?.user).toBeNull();
    const update = await gql(app, UPDATE, { id, a: { name: 'Hijacked' } }, { token: adminB });
    expect(update.data?.updateUser).toMatchObject({ user: null, errors: [{ field: 'base', messages: ['Not found'] }] });
    const destroy = await gql(app, DESTROY, { id }, { token: adminB });
    expect(destroy.data?.destroyUser.user).toBeNull();
    const { rows } = await app.sql(
      'SELECT u.name, m.organization_id FROM users u JOIN organization_users m ON m.user_id = u.id WHERE u.id = $1',
      [id],
    );
    expect(rows).toEqual([{ name: 'Person alpha.only@example.test', organization_id: orgA.id }]);
  });

  it('adding a person another organization has adds it here and changes nothing of its account or its place there', async () => {
    const email = 'alpha.two@example.test';
    const twoId = await person(email, [orgA.id]);
    const res = await add({ name: 'Renamed', email, userType: 'Manager' }, adminB);
    expect(res.data?.createUser.errors).toEqual([]);
    expect(res.data?.createUser.user).toMatchObject({ id: twoId, name: `Person ${email}`, userType: 'Manager' });
    const { rows } = await app.sql(
      'SELECT organization_id, role FROM organization_users WHERE user_id = $1 ORDER BY organization_id',
      [twoId],
    );
    expect(rows).toEqual([
      { organization_id: orgA.id, role: 'Texter' },
      { organization_id: orgB.id, role: 'Manager' },
    ]);
  });

  it('raw SQL as the app role in another organization sees none of its memberships, views or teams and writes none', async () => {
    const client = await app.platform.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE canvass_app');
      await client.query(`SET LOCAL app.organization_ids = '${orgB.id}'`);
      const seen = await client.query(
        'SELECT (SELECT count(*) FROM organization_users WHERE organization_id = $1)::int AS members, (SELECT count(*) FROM user_views WHERE organization_id = $1)::int AS views, (SELECT count(*) FROM team_users WHERE organization_id = $1)::int AS teams, (SELECT count(*) FROM users WHERE id = $2)::int AS person',
        [orgA.id, id],
      );
      expect(seen.rows[0]).toEqual({ members: 0, views: 0, teams: 0, person: 0 });
      await expect(
        client.query(`INSERT INTO organization_users (organization_id, user_id, role) VALUES ($1, $2, 'Admin')`, [
          orgA.id,
          id,
        ]),
      ).rejects.toThrow(/row-level security/);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
