import { sql, type SQL } from 'drizzle-orm';
import { syncMemberships } from '../../platform/db/membership-sync';
import { bigintArray, withSystemIn, type Tx } from '../../platform/db/tenant';
import { queueInvitations } from './invitations.job';
import { joinTeams } from './join-teams';

/**
 * Makes the staged rows of a user import (email, name, user_type, team_id, client_id, each row already checked
 * as Add checks a new user: checkNewUser) members of the organization, inside the import's one transaction, as Add
 * does one by one: a known account joins, an unknown email gets an account with no password, and each member
 * without a password is invited (queued here, mailed once this transaction has committed). A person already a
 * member is left as it is (the import counts it as skipped). Answers how many joined.
 */
export async function addImportedMembers(tx: Tx, staging: SQL, organizationId: number): Promise<number> {
  // Accounts are global: finding one by email crosses organizations, and a new one starts in none (accountFor does
  // the same for Add, in a transaction of its own; here it is the import's, so a failed import leaves no account).
  // A known email is left out by its unique key (lower(email)): a NOT EXISTS beside it is what Citus refuses, a
  // correlated subquery over the staged rows (a reference table there).
  const accounts = await withSystemIn(tx, async (system) => {
    await system.execute(sql`
      INSERT INTO users (name, email, current_organization_id)
      SELECT s.name, s.email, ${organizationId}::bigint
        FROM ${staging} s
       ORDER BY s.position
      ON CONFLICT DO NOTHING`);
    const found = await system.execute<{ position: number; user_id: string; invited: boolean }>(sql`
      SELECT s.position, u.id AS user_id, u.password_hash IS NULL AS invited
        FROM ${staging} s
        JOIN users u ON lower(u.email) = lower(s.email)`);
    return found.rows.map((r) => ({ position: Number(r.position), userId: Number(r.user_id), invited: r.invited }));
  });
  if (!accounts.length) return 0;

  // The memberships with the system context off again: row-level security holds them to this organization.
  const { rows } = await tx.execute<{ user_id: string; team_id: string | null }>(sql`
    INSERT INTO organization_users (organization_id, user_id, role, client_id, team_id)
    SELECT ${organizationId}::bigint, a.user_id, s.user_type::role, s.client_id::bigint, s.team_id::bigint
      FROM ${staging} s
      JOIN unnest(${bigintArray(accounts.map((a) => a.position))},
                  ${bigintArray(accounts.map((a) => a.userId))}) AS a(position, user_id)
        ON a.position = s.position
     ORDER BY s.position
    ON CONFLICT DO NOTHING
    RETURNING user_id, team_id`);
  const joined = rows.map((r) => ({ userId: Number(r.user_id), teamId: r.team_id }));
  const ids = joined.map((m) => m.userId);
  await syncMemberships(tx, organizationId, ids);
  await joinTeams(tx, organizationId, joined);
  const invited = new Set(accounts.filter((a) => a.invited).map((a) => a.userId));
  await queueInvitations(
    tx,
    organizationId,
    ids.filter((id) => invited.has(id)),
  );
  return joined.length;
}
