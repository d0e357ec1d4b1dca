import { beforeAll, describe, expect, it } from 'vitest';
import { asAppRole } from './app-role';
import { addMember, buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let adminA: string;
let adminB: string;

const userId = async (email: string) =>
  String((await app.sql('SELECT id FROM users WHERE email = $1', [email])).rows[0].id);

const CREATE = `mutation($a: TeamAttributes!) { createTeam(attributes: $a) { team { id name teamStatus membersCount usersCount } errors { field messages } message } }`;
const MEMBERS = `query($t: ID!) { teamMembers(teamId: $t) { userId name isLead } }`;
const CANDIDATES = `query($t: ID!, $s: String!) { teamMemberCandidates(teamId: $t, search: $s) { id name } }`;
const PAYLOAD = `member { userId name isLead } errors { field messages } message`;
const ADD = `mutation($t: ID!, $u: ID!) { addTeamMember(teamId: $t, userId: $u) { ${PAYLOAD} } }`;
const REMOVE = `mutation($t: ID!, $u: ID!) { removeTeamMember(teamId: $t, userId: $u) { ${PAYLOAD} } }`;
const LEAD = `mutation($t: ID!, $u: ID!, $l: Boolean!) { setTeamLead(teamId: $t, userId: $u, isLead: $l) { ${PAYLOAD} } }`;

async function createTeam(token: string, name: string): Promise<string> {
  const res = await gql(app, CREATE, { a: { name } }, { token });
  expect(res.data?.createTeam.errors).toEqual([]);
  return res.data?.createTeam.team.id;
}

beforeAll(async () => {
  app = await createTestApp();
  orgA = await buildOrganization(app, 'Teams A');
  orgB = await buildOrganization(app, 'Teams B');
  adminA = await orgA.tokenFor('Admin');
  adminB = await orgB.tokenFor('Admin');
});

describe('teams', () => {
  it('need a name and a status; a new team is Active', async () => {
    const missing = await gql(app, CREATE, { a: { name: ' ', teamStatus: null } }, { token: adminA });
    expect(missing.data?.createTeam.errors).toEqual([{ field: 'name', messages: ['Name is required'] }]);
    const created = await gql(app, CREATE, { a: { name: 'Night shift' } }, { token: adminA });
    expect(created.data?.createTeam.team).toMatchObject({ name: 'Night shift', teamStatus: 'Active' });
    expect(created.data?.createTeam.message).toBe('The Team has been created successfully');
  });

  it('change status from Active to Inactive, and are deleted with the spec message', async () => {
    const id = await createTeam(adminA, 'Short lived');
    const updated = await gql(
      app,
      `mutation($id: ID!) { updateTeam(id: $id, attributes: { teamStatus: Inactive }) { team { teamStatus } } }`,
      { id },
      { token: adminA },
    );
    expect(updated.data?.updateTeam.team.teamStatus).toBe('Inactive');
    const gone = await gql(
      app,
      `mutation($id: ID!) { destroyTeam(id: $id) { message errors { messages } } }`,
      { id },
      { token: adminA },
    );
    expect(gone.data?.destroyTeam).toEqual({ message: 'The team has been deleted successfully', errors: [] });
  });
});

describe("a team that is still some user's own team", () => {
  it('is not deleted, and the user is told why', async () => {
    const id = await createTeam(adminA, 'Home team');
    await app.sql(`UPDATE organization_users SET team_id = $1 WHERE organization_id = $2 AND role = 'Texter'`, [
      id,
      orgA.id,
    ]);
    const counted = await gql(app, `query($id: ID!) { team(id: $id) { usersCount } }`, { id }, { token: adminA });
    expect(counted.data?.team.usersCount).toBe(1);
    const res = await gql(
      app,
      `mutation($id: ID!) { destroyTeam(id: $id) { message errors { field messages } } }`,
      { id },
      { token: adminA },
    );
    expect(res.data?.destroyTeam).toEqual({
      message: null,
      errors: [{ field: 'base', messages: ['This team is still in use and cannot be deleted'] }],
    });
    await app.sql(`UPDATE organization_users SET team_id = NULL WHERE organization_id = $1`, [orgA.id]);
  });
});

describe("a team's members and leads", () => {
  let team: string;
  let texter: string;
  let teamLead: string;

  beforeAll(async () => {
    team = await createTeam(adminA, 'Phone bank');
    texter = await userId(orgA.emailFor('Texter'));
    teamLead = await userId(orgA.emailFor('TeamLead'));
  });

  it('are added from the organization, counted, and refused a second time', async () => {
    const added = await gql(app, ADD, { t: team, u: texter }, { token: adminA });
    expect(added.data?.addTeamMember).toMatchObject({ member: { userId: texter, isLead: false }, errors: [] });
    await gql(app, ADD, { t: team, u: teamLead }, { token: adminA });
    const again = await gql(app, ADD, { t: team, u: texter }, { token: adminA });
    expect(again.data?.addTeamMember.errors).toEqual([
      { field: 'userId', messages: ['This user is already a member of the team'] },
    ]);
    const counted = await gql(
      app,
      `query($id: ID!) { team(id: $id) { membersCount } }`,
      { id: team },
      { token: adminA },
    );
    expect(counted.data?.team.membersCount).toBe(2);
  });

  it('are searched among the organization users not yet in the team, five at most', async () => {
    const all = await gql(app, CANDIDATES, { t: team, s: '' }, { token: adminA });
    const ids = all.data?.teamMemberCandidates.map((c: { id: string }) => c.id);
    expect(ids).toHaveLength(4); // six users of the organization, two already members
    expect(ids).not.toContain(texter);
    for (let i = 0; i < 4; i++) {
      const u = await app.sql(`INSERT INTO users (name, email) VALUES ($1, $2) RETURNING id`, [
        `Extra ${i}`,
        `extra${i}@teams.test`,
      ]);
      await addMember(app, orgA.id, u.rows[0].id, 'Texter');
    }
    const limited = await gql(app, CANDIDATES, { t: team, s: '' }, { token: adminA });
    expect(limited.data?.teamMemberCandidates).toHaveLength(5);
    const byName = await gql(app, CANDIDATES, { t: team, s: 'extra 2' }, { token: adminA });
    expect(byName.data?.teamMemberCandidates.map((c: { name: string }) => c.name)).toEqual(['Extra 2']);
  });

  it('are marked and unmarked as team leads, leads listed first', async () => {
    const marked = await gql(app, LEAD, { t: team, u: texter, l: true }, { token: adminA });
    expect(marked.data?.setTeamLead.member).toMatchObject({ userId: texter, isLead: true });
    const listed = await gql(app, MEMBERS, { t: team }, { token: adminA });
    expect(listed.data?.teamMembers[0]).toMatchObject({ userId: texter, isLead: true });
    const unmarked = await gql(app, LEAD, { t: team, u: texter, l: false }, { token: adminA });
    expect(unmarked.data?.setTeamLead.member.isLead).toBe(false);
  });

  it('are removed', async () => {
    const removed = await gql(app, REMOVE, { t: team, u: teamLead }, { token: adminA });
    expect(removed.data?.removeTeamMember.errors).toEqual([]);
    const listed = await gql(app, MEMBERS, { t: team }, { token: adminA });
    expect(listed.data?.teamMembers.map((m: { userId: string }) => m.userId)).toEqual([texter]);
    const again = await gql(app, REMOVE, { t: team, u: teamLead }, { token: adminA });
    expect(again.data?.removeTeamMember.errors[0].messages).toEqual(['This user is not a member of the team']);
  });

  it("keep the users whose own team it is: the users tab lists everyone the team's figures count", async () => {
    const own = await createTeam(adminA, 'Own team');
    const manager = await userId(orgA.emailFor('Manager'));
    await gql(app, ADD, { t: own, u: manager }, { token: adminA });
    await app.sql(`UPDATE organization_users SET team_id = $1 WHERE organization_id = $2 AND user_id = $3`, [
      own,
      orgA.id,
      manager,
    ]);
    const refused = await gql(app, REMOVE, { t: own, u: manager }, { token: adminA });
    expect(refused.data?.removeTeamMember.errors).toEqual([
      { field: 'userId', messages: ["This is the user's own team: choose another team on the user's form first"] },
    ]);
    const listed = await gql(app, MEMBERS, { t: own }, { token: adminA });
    const counted = await gql(
      app,
      `query($id: ID!) { team(id: $id) { membersCount usersCount } }`,
      { id: own },
      {
        token: adminA,
      },
    );
    expect(listed.data?.teamMembers.map((m: { userId: string }) => m.userId)).toEqual([manager]);
    expect(counted.data?.team).toEqual({ membersCount: 1, usersCount: 1 });
    await app.sql(`UPDATE organization_users SET team_id = NULL WHERE organization_id = $1 AND user_id = $2`, [
      orgA.id,
      manager,
    ]);
  });

  it('are changed only by those who may update teams', async () => {
    const asTexter = await gql(app, ADD, { t: team, u: teamLead }, { token: await orgA.tokenFor('Texter') });
    expect(asTexter.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  describe('of another organization', () => {
    it('cannot be listed, searched or changed through the API', async () => {
      const listed = await gql(app, MEMBERS, { t: team }, { token: adminB });
      expect(listed.errors?.[0].extensions?.code).toBe('NOT_FOUND');
      const searched = await gql(app, CANDIDATES, { t: team, s: '' }, { token: adminB });
      expect(searched.errors?.[0].extensions?.code).toBe('NOT_FOUND');
      for (const [query, field] of [
        [ADD, 'addTeamMember'],
        [REMOVE, 'removeTeamMember'],
      ] as const) {
        const res = await gql(app, query, { t: team, u: texter }, { token: adminB });
        expect(res.data?.[field].errors).toEqual([{ field: 'base', messages: ['Team not found'] }]);
      }
      const lead = await gql(app, LEAD, { t: team, u: texter, l: true }, { token: adminB });
      expect(lead.data?.setTeamLead.errors).toEqual([{ field: 'base', messages: ['Team not found'] }]);
      expect((await gql(app, MEMBERS, { t: team }, { token: adminA })).data?.teamMembers).toEqual([
        { userId: texter, name: expect.any(String), isLead: false },
      ]);
    });

    it('cannot take a user of another organization as a member', async () => {
      const stranger = await userId(orgB.emailFor('Texter'));
      const res = await gql(app, ADD, { t: team, u: stranger }, { token: adminA });
      expect(res.data?.addTeamMember.errors).toEqual([{ field: 'userId', messages: ['User not found'] }]);
      const searched = await gql(app, CANDIDATES, { t: team, s: 'Texter' }, { token: adminA });
      expect(searched.data?.teamMemberCandidates.map((c: { id: string }) => c.id)).not.toContain(stranger);
    });

    it('are out of reach of raw SQL as the app role', async () => {
      await asAppRole(app, orgB.id, async (c) => {
        expect((await c.query('SELECT count(*)::int AS n FROM team_users WHERE team_id = $1', [team])).rows[0].n).toBe(
          0,
        );
        expect((await c.query('SELECT count(*)::int AS n FROM teams WHERE id = $1', [team])).rows[0].n).toBe(0);
        const changed = await c.query('UPDATE team_users SET is_lead = true WHERE team_id = $1', [team]);
        expect(changed.rowCount).toBe(0);
        await expect(
          c.query('INSERT INTO team_users (organization_id, team_id, user_id) VALUES ($1, $2, $3)', [
            orgA.id,
            team,
            texter,
          ]),
        ).rejects.toThrow(/row-level security/);
      });
    });
  });
});
