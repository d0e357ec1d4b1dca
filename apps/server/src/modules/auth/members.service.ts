import { and, eq, sql } from 'drizzle-orm';
import { organizationUsers, users } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';

/** Whether a user belongs to an organization (read inside the caller's tenant transaction). */
export async function isMember(tx: Tx, userId: number, organizationId: number): Promise<boolean> {
  const found = await tx
    .select({ n: sql<number>`1` })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.userId, userId), eq(organizationUsers.organizationId, organizationId)));
  return found.length > 0;
}

/** Locks, unlocks or deletes (soft: deleted_at) a user; operation is a UserOperation value. */
export async function changeUserStatus(tx: Tx, userId: number, operation: string): Promise<void> {
  const now = new Date();
  const change =
    operation === 'Lock' ? { lockedAt: now } : operation === 'Unlock' ? { lockedAt: null } : { deletedAt: now };
  await tx.update(users).set(change).where(eq(users.id, userId));
}
