import { sql } from 'drizzle-orm';
import { bigintArray, withSystemIn, type Tx } from './tenant';

/**
 * Brings users.organization_ids (what the users policy reads) in step with organization_users for this user and
 * organization: call it after every insert or delete of a membership, in the same transaction. The function it runs
 * (migration 0017) reads the membership itself, so it is right whichever write came before it. The one writer of
 * that column: search for syncMembership to review every membership write.
 *
 * It runs with app.system on (the user is not yet visible to the organization that has just added it, and no
 * longer to the one it has just left): withSystemIn sets and resets it with SET LOCAL, the form Citus forwards.
 */
export async function syncMembership(tx: Tx, organizationId: number, userId: number): Promise<void> {
  await syncMemberships(tx, organizationId, [userId]);
}

/** syncMembership for many users of one organization at once (an import's new members), in one statement. */
export async function syncMemberships(tx: Tx, organizationId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const call =
    userIds.length === 1
      ? sql`SELECT canvass_sync_membership(${userIds[0]}::bigint, ${organizationId}::bigint)`
      : sql`SELECT canvass_sync_membership(u.id, ${organizationId}::bigint) FROM unnest(${bigintArray(userIds)}) AS u(id)`;
  await withSystemIn(tx, (system) => system.execute(call));
}
