import { sql } from 'drizzle-orm';
import type { Tx } from './tenant';

/**
 * Brings users.organization_ids (what the users policy reads) in step with organization_users for this user and
 * organization: call it after every insert or delete of a membership, in the same transaction. The function it runs
 * (migration 0017) reads the membership itself, so it is right whichever write came before it. The one writer of
 * that column: search for syncMembership to review every membership write.
 *
 * It runs with app.system on (the user is not yet visible to the organization that has just added it, and no
 * longer to the one it has just left), set and reset with SET LOCAL, the form Citus forwards to its workers.
 */
export async function syncMembership(tx: Tx, organizationId: number, userId: number): Promise<void> {
  const [{ system }] = (
    await tx.execute<{ system: string | null }>(sql`SELECT current_setting('app.system', true) AS system`)
  ).rows;
  const call = sql`SELECT canvass_sync_membership(${userId}::bigint, ${organizationId}::bigint)`;
  if (system === 'on') {
    await tx.execute(call);
    return;
  }
  // Three statements: Citus refuses a SET LOCAL that shares one query string with a distributed statement.
  await tx.execute(sql.raw(`SET LOCAL app.system = 'on'`));
  await tx.execute(call);
  await tx.execute(sql.raw(`SET LOCAL app.system = 'off'`));
}
