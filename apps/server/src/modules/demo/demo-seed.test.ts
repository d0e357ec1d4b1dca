import { describe, expect, it } from 'vitest';
import { createTestApp, gql } from '../../../test/harness';
import { withSystem } from '../../platform/db/tenant';
import { providerFor, senderIdentity } from '../sending/resolve-provider';
import { DEMO_ADMIN_EMAIL, DEMO_DOMAIN, DEMO_PASSWORD, demoSenderNumbers, demoUsers, seedDemo } from './demo-seed';

describe('demo seed', () => {
  it('seeds once when three processes start together on a new database, and the others come up', async () => {
    const app = await createTestApp();
    // Three pool connections seed at the same moment, as `--role api` ×2 and `--role worker` do on their start.
    const outcomes = await Promise.allSettled([seedDemo(app.platform), seedDemo(app.platform), seedDemo(app.platform)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === true)).toHaveLength(1);

    const orgs = await app.sql('SELECT id FROM organizations WHERE domain = $1', [DEMO_DOMAIN]);
    expect(orgs.rowCount).toBe(1);
    const members = await app.sql('SELECT count(*)::int AS n FROM organization_users WHERE organization_id = $1', [
      orgs.rows[0].id,
    ]);
    expect(members.rows[0].n).toBe(demoUsers.length);
    // A later start changes nothing.
    expect(await seedDemo(app.platform)).toBe(false);
    expect((await app.sql('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(demoUsers.length);
  });

  it('sends through the built-in simulator from its own numbers, with no provider account', async () => {
    const app = await createTestApp();
    await seedDemo(app.platform);
    const { rows } = await app.sql(
      `SELECT p.organization_id, p.id FROM phones p JOIN organizations o ON o.id = p.organization_id
        WHERE o.domain = $1 AND p.phone_type = 'FromPhone' AND p.phone_status = 'Active' ORDER BY p.number`,
      [DEMO_DOMAIN],
    );
    expect(rows).toHaveLength(demoSenderNumbers.length);
    const identity = await withSystem(app.platform.database, 'test', (tx) =>
      senderIdentity(tx, app.platform, Number(rows[0].organization_id), Number(rows[0].id)),
    );
    expect(identity?.provider).toBe('Simulator');
    const provider = providerFor(app.platform, identity!);
    expect(provider.capabilities).toMatchObject({ deliveryReceipts: true, inbound: true, idempotentSend: true });
  });

  it("lists the team's users on its users tab, as many as its overview counts", async () => {
    const app = await createTestApp();
    await seedDemo(app.platform);
    const signedIn = await gql(
      app,
      `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }`,
      { e: DEMO_ADMIN_EMAIL, p: DEMO_PASSWORD },
    );
    const token = signedIn.data?.login.accessToken as string;
    const teams = await gql(app, `{ teams { nodes { id name membersCount usersCount } } }`, {}, { token });
    const [team] = teams.data?.teams.nodes ?? [];
    const inTeam = demoUsers.filter((u) => u.inTeam).length;
    // Today's demo: "MEMBERS 0 / USERS 3" over a users tab saying "This team has no members yet."
    expect(team).toMatchObject({ name: 'Phone Bank A', membersCount: inTeam, usersCount: inTeam });
    const members = await gql(app, `query($t: ID!) { teamMembers(teamId: $t) { email } }`, { t: team.id }, { token });
    expect(members.data?.teamMembers.map((m: { email: string }) => m.email).sort()).toEqual(
      demoUsers
        .filter((u) => u.inTeam)
        .map((u) => u.email)
        .sort(),
    );
  });
});
