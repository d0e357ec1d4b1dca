import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

// The users policy reads users.organization_ids, a copy of the memberships that every membership write keeps in
// step (syncMembership): what an organization sees of a person follows its adds and removals, and nothing else
// writes the copy for the app role.

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;

beforeAll(async () => {
  app = await createTestApp();
  orgA = await buildOrganization(app, 'Alpha');
  orgB = await buildOrganization(app, 'Bravo');
});

/** Runs `fn` as the app role in `organizationId`, in a transaction rolled back at the end. */
async function asApp<T>(
  organizationId: number,
  fn: (q: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) => Promise<T>,
): Promise<T> {
  const client = await app.platform.database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL ROLE canvass_app');
    await client.query(`SET LOCAL app.organization_ids = '${organizationId}'`);
    return await fn((text, values) => client.query(text, values));
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

const sees = (organizationId: number, userId: string) =>
  asApp(
    organizationId,
    async (q) => (await q('SELECT count(*)::int AS n FROM users WHERE id = $1', [userId])).rows[0].n,
  );

describe('who sees a person', () => {
  it('an organization sees a person from its adding on, and no longer once it removes it; its other organization still does', async () => {
    const email = orgB.emailFor('Texter');
    const { rows } = await app.sql('SELECT id FROM users WHERE email = $1', [email]);
    const id = String(rows[0].id);
    expect([await sees(orgA.id, id), await sees(orgB.id, id)]).toEqual([0, 1]);

    const token = await orgA.tokenFor('Admin');
    const added = await gql(
      app,
      'mutation($a: UserAttributes!) { createUser(attributes: $a) { errors { field } } }',
      { a: { name: 'Known', email, userType: 'Manager' } },
      { token },
    );
    expect(added.data?.createUser.errors).toEqual([]);
    expect([await sees(orgA.id, id), await sees(orgB.id, id)]).toEqual([1, 1]);

    const removed = await gql(
      app,
      'mutation($id: ID!) { destroyUser(id: $id) { errors { field } } }',
      { id },
      { token },
    );
    expect(removed.data?.destroyUser.errors).toEqual([]);
    expect([await sees(orgA.id, id), await sees(orgB.id, id)]).toEqual([0, 1]);
  });

  it('the app role cannot make a person in an organization without a membership', async () => {
    await asApp(orgA.id, async (q) => {
      await expect(
        q(`INSERT INTO users (name, email, organization_ids) VALUES ('Forged', 'forged@example.test', $1)`, [
          `{${orgB.id}}`,
        ]),
      ).rejects.toThrow(/row-level security/);
    });
  });
});
