import { and, eq, inArray } from 'drizzle-orm';
import { clients, favorites, lists, phones, projects, teams } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import type { Viewer } from '../../platform/auth/viewer';

export type FavoriteTarget = 'clientId' | 'listId' | 'phoneId' | 'projectId' | 'teamId';
export const favoriteTargets: FavoriteTarget[] = ['clientId', 'listId', 'phoneId', 'projectId', 'teamId'];

/** Which of these records the viewer has starred, in one query for a page. */
export async function favoriteIds(tx: Tx, viewer: Viewer, target: FavoriteTarget, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: favorites[target] })
    .from(favorites)
    .where(
      and(
        eq(favorites.organizationId, viewer.organizationId),
        eq(favorites.userId, viewer.userId),
        inArray(favorites[target], ids),
      ),
    );
  return new Set(rows.map((r) => r.id as number));
}

const targetTables = { clientId: clients, listId: lists, phoneId: phones, projectId: projects, teamId: teams };

/**
 * Stars or unstars one record for the viewer; returns whether it is now a favorite. The record must be visible
 * in the viewer's organization (foreign keys alone would accept another organization's id).
 */
export async function toggleFavorite(
  tx: Tx,
  viewer: Viewer,
  target: FavoriteTarget,
  id: number,
): Promise<boolean | null> {
  const table = targetTables[target];
  const [visible] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!visible) return null;
  const removed = await tx
    .delete(favorites)
    .where(and(eq(favorites.userId, viewer.userId), eq(favorites[target], id)))
    .returning({ id: favorites.id });
  if (removed.length > 0) return false;
  await tx
    .insert(favorites)
    .values({ organizationId: viewer.organizationId, userId: viewer.userId, [target]: id })
    .onConflictDoNothing();
  return true;
}
