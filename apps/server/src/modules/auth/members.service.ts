import { and, eq, sql } from 'drizzle-orm';
import { organizationUsers } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';

/** Whether a user belongs to an organization (read inside the caller's tenant transaction). */
export async function isMember(tx: Tx, userId: number, organizationId: number): Promise<boolean> {
  const found = await tx
    .select({ n: sql<number>`1` })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.userId, userId), eq(organizationUsers.organizationId, organizationId)));
  return found.length > 0;
}

/**
 * Locks or unlocks a user in one organization (its membership): a lock keeps it out of that organization only.
 * Whether it may still sign in anywhere is `hasUnlockedMembership`.
 */
export async function setMembershipLock(tx: Tx, organizationId: number, userId: number, locked: boolean) {
  await tx
    .update(organizationUsers)
    .set({ lockedAt: locked ? new Date() : null })
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, userId)));
}
