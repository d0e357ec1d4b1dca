import { guardOf, resources, type ResourceDef } from '@canvass/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { assertCan, type Viewer } from '../../platform/auth/viewer';
import { columnsOf } from '../../platform/db/columns';
import { favorites } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { visibleWhere } from '../../platform/resources/policy';
import { tableOf } from '../tables';

/** A favourites column: `<name>Id` of a registry entry marked favorite (clientId, phoneId). */
export type FavoriteTarget = `${string}Id`;

/** The registry entries the viewer can star, by the favourites column that holds them. */
const favoriteResources = new Map<FavoriteTarget, ResourceDef>(
  Object.values(resources as Record<string, ResourceDef>)
    .filter((def) => def.favorite)
    .map((def) => [`${def.name}Id`, def]),
);
export const favoriteTargets: readonly FavoriteTarget[] = [...favoriteResources.keys()];

/** The favourites table's column for a target (tables.test.ts checks every favourite resource has one). */
const targetColumn = (target: FavoriteTarget) => columnsOf(favorites)[target];

/** Which of these records the viewer has starred, in one query for a page. */
export async function favoriteIds(tx: Tx, viewer: Viewer, target: FavoriteTarget, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: targetColumn(target) })
    .from(favorites)
    .where(
      and(
        eq(favorites.organizationId, viewer.organizationId),
        eq(favorites.userId, viewer.userId),
        inArray(targetColumn(target), ids),
      ),
    );
  return new Set(rows.map((r) => r.id as number));
}

/**
 * Stars or unstars one record for the viewer; returns whether it is now a favorite, or null when the viewer
 * cannot see that record. It needs View on the resource (else ForbiddenError) and goes through the resource's
 * visibility policy, so an id the viewer may not see answers exactly as one that does not exist.
 */
export async function toggleFavorite(
  tx: Tx,
  viewer: Viewer,
  target: FavoriteTarget,
  id: number,
): Promise<boolean | null> {
  const def = favoriteResources.get(target);
  const table = def && tableOf(def.name);
  if (!def || !table) return null;
  assertCan(viewer, 'View', guardOf(def));
  const idCol = columnsOf(table).id;
  const [visible] = await tx
    .select({ id: idCol })
    .from(table)
    .where(and(visibleWhere(def, table, tableOf, viewer), eq(idCol, id)));
  if (!visible) return null;
  const removed = await tx
    .delete(favorites)
    .where(
      and(
        eq(favorites.organizationId, viewer.organizationId),
        eq(favorites.userId, viewer.userId),
        eq(targetColumn(target), id),
      ),
    )
    .returning({ id: favorites.id });
  if (removed.length > 0) return false;
  await tx
    .insert(favorites)
    .values({ organizationId: viewer.organizationId, userId: viewer.userId, [target]: id })
    .onConflictDoNothing();
  return true;
}
