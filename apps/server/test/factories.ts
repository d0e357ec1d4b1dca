import type { RoleName } from '@canvass/domain';
import { hashPassword } from '../src/platform/auth/passwords';
import { clients, organizations, organizationUsers, users } from '../src/platform/db/schema/index';
import { syncMembership } from '../src/platform/db/membership-sync';
import { withSystem } from '../src/platform/db/tenant';
import { seedRestrictions } from '../src/modules/demo/demo-seed';
import { gql, type TestApp } from './harness';

export const PASSWORD = 'correct-horse-battery';
let seq = 0;

export interface BuiltOrganization {
  id: number;
  /** Signs in as the org's user of this role; returns the access token. */
  tokenFor(role: RoleName): Promise<string>;
  emailFor(role: RoleName): string;
  clientId: number;
}

/**
 * An organization with one user of each role (the Client-role user tied to the org's first client),
 * its default restrictions, and one client. Each call makes a distinct organization.
 */
export async function buildOrganization(app: TestApp, name = `Org ${++seq}`): Promise<BuiltOrganization> {
  const n = ++seq;
  const passwordHash = await hashPassword(PASSWORD);
  const roles: RoleName[] = ['Admin', 'Manager', 'Client', 'TeamLead', 'Texter', 'Agency'];
  const emailFor = (role: RoleName) => `${role.toLowerCase()}${n}@org${n}.test`;
  const { orgId, clientId } = await withSystem(app.platform.database, 'test-factory', async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name, domain: `org${n}.test` })
      .returning();
    await seedRestrictions(tx, org.id);
    const [client] = await tx
      .insert(clients)
      .values({ organizationId: org.id, name: `${name} Client`, clientType: 'Campaign', clientStatus: 'Active' })
      .returning();
    for (const role of roles) {
      const [u] = await tx
        .insert(users)
        .values({ name: `${role} ${n}`, email: emailFor(role), passwordHash, currentOrganizationId: org.id })
        .returning();
      await tx.insert(organizationUsers).values({
        organizationId: org.id,
        userId: u.id,
        role,
        clientId: role === 'Client' || role === 'Agency' ? client.id : null,
      });
      await syncMembership(tx, org.id, u.id);
    }
    return { orgId: org.id, clientId: client.id };
  });
  return {
    id: orgId,
    clientId,
    emailFor,
    tokenFor: (role) => signIn(app, emailFor(role)),
  };
}

/** Signs in through the API and returns the access token; fails the test with the server's message otherwise. */
export async function signIn(app: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await gql(app, 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ accessToken message } }', {
    e: email,
    p: password,
  });
  const token = res.data?.login?.accessToken as string | undefined;
  if (!token) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(res.data?.login ?? res.errors)}`);
  return token;
}

/** The platform admin the test app was created with (ADMIN_EMAILS: PLATFORM_ADMIN), as a Manager of `org`. */
export const PLATFORM_ADMIN = 'root@platform.test';

/** Adds the platform admin to an organization and signs in as it; returns the access token. */
export async function platformAdminToken(app: TestApp, org: BuiltOrganization): Promise<string> {
  const { rows } = await app.sql(
    `INSERT INTO users (name, email, password_hash) VALUES ('Root', $1, $2) RETURNING id`,
    [PLATFORM_ADMIN, await hashPassword(PASSWORD)],
  );
  await addMember(app, org.id, rows[0].id, 'Manager');
  return signIn(app, PLATFORM_ADMIN);
}

/**
 * Makes a user a member of an organization as the app's membership writes do: the membership, then the user's copy
 * of its organizations that the users policy reads (syncMembership).
 */
export async function addMember(app: TestApp, organizationId: number, userId: number, role: string): Promise<void> {
  await app.sql(`INSERT INTO organization_users (organization_id, user_id, role) VALUES ($1, $2, $3)`, [
    organizationId,
    userId,
    role,
  ]);
  await app.sql('SELECT canvass_sync_membership($1, $2)', [userId, organizationId]);
}

/**
 * A background task of `kind` for the organization's member `email`, as a run leaves it (a worker killed mid-run
 * leaves it Running). Two statements, not a subquery in the INSERT: Citus takes none (the Citus suite runs these).
 */
export async function insertTask(
  app: TestApp,
  organizationId: number,
  email: string,
  kind: string,
  status = 'Running',
): Promise<number> {
  const { rows: users } = await app.sql('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  const { rows } = await app.sql(
    `INSERT INTO background_tasks (organization_id, user_id, kind, status, payload)
     VALUES ($1, $2, $3, $4, '{}') RETURNING id`,
    [organizationId, users[0].id, kind, status],
  );
  return Number(rows[0].id);
}
