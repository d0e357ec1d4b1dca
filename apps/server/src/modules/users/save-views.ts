import { childRowChanges, user } from '@canvass/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { userViews } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';

/** Saves the Data Views rows: removed and emptied rows go, new ones are added (one client once). */
export async function saveViews(tx: Tx, organizationId: number, userId: number, rows: unknown): Promise<void> {
  if (rows == null) return;
  const changes = childRowChanges(user.fields.clientUserViews, rows as never, (_f, v) => v);
  const own = and(eq(userViews.organizationId, organizationId), eq(userViews.userId, userId));
  if (changes.remove.length) await tx.delete(userViews).where(and(own, inArray(userViews.id, changes.remove)));
  for (const c of changes.change)
    await tx
      .update(userViews)
      .set({ clientId: Number(c.values.clientId) })
      .where(and(own, eq(userViews.id, c.id)));
  for (const a of changes.add)
    await tx
      .insert(userViews)
      .values({ organizationId, userId, clientId: Number(a.clientId) })
      .onConflictDoNothing();
}
