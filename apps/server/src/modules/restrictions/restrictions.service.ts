import {
  allOperations,
  isOrganizationAdmin,
  messages,
  operationsOf,
  restrictionGrid,
  restrictionResources,
  type FieldErrors,
  type Operation,
  type RoleName,
  type RoleRestriction,
} from '@canvass/domain';
import { eq, sql } from 'drizzle-orm';
import { ForbiddenError, type Viewer } from '../../platform/auth/viewer';
import { restrictions } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';

function assertOrganizationAdmin(viewer: Viewer): void {
  if (!isOrganizationAdmin(viewer)) throw new ForbiddenError(messages.onlyOrganizationAdmins);
}

/** The organization's grid: every role × resource, a role with nothing stored showing its defaults. */
export async function organizationRestrictions(tx: Tx, viewer: Viewer): Promise<RoleRestriction[]> {
  assertOrganizationAdmin(viewer);
  const stored = await tx
    .select({ role: restrictions.role, resource: restrictions.resource, operations: restrictions.operations })
    .from(restrictions)
    .where(eq(restrictions.organizationId, viewer.organizationId));
  return restrictionGrid(
    stored.map((r) => ({ role: r.role as RoleName, resource: r.resource, operations: r.operations as Operation[] })),
  );
}

/** A cell the grid cannot hold (an unknown resource or operation) is named, and nothing is saved. */
function checkCells(cells: readonly RoleRestriction[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const cell of cells) {
    if (!restrictionResources.includes(cell.resource))
      (errors.resource ??= []).push(`${cell.resource} is not a restriction resource`);
    const unknown = cell.operations.filter((op) => !allOperations.includes(op));
    if (unknown.length) (errors.operations ??= []).push(`${unknown.join(', ')} is not an operation`);
    // A project action's row is run or not: its one operation is Update (lifecycle-restrictions.ts).
    const offered = operationsOf(cell.resource);
    const other = cell.operations.filter((op) => allOperations.includes(op) && !offered.includes(op));
    if (other.length) (errors.operations ??= []).push(`${other.join(', ')} is not an operation of ${cell.resource}`);
  }
  return errors;
}

/**
 * Saves the grid in one statement: the given cells over the current grid, every cell of every role stored (an
 * emptied cell as an empty list), so the next request of any user of the organization is checked against it.
 */
export async function saveRestrictions(
  tx: Tx,
  viewer: Viewer,
  cells: readonly RoleRestriction[],
): Promise<{ grid: RoleRestriction[]; errors: FieldErrors }> {
  assertOrganizationAdmin(viewer);
  const errors = checkCells(cells);
  if (Object.keys(errors).length) return { grid: [], errors };
  const key = (c: Pick<RoleRestriction, 'role' | 'resource'>) => `${c.role}\u0000${c.resource}`;
  const given = new Map(cells.map((c) => [key(c), c.operations]));
  const grid = (await organizationRestrictions(tx, viewer)).map((c) => ({
    ...c,
    operations: operationsOf(c.resource).filter((op) => (given.get(key(c)) ?? c.operations).includes(op)),
  }));
  await tx
    .insert(restrictions)
    .values(grid.map((c) => ({ organizationId: viewer.organizationId, ...c })))
    .onConflictDoUpdate({
      target: [restrictions.organizationId, restrictions.role, restrictions.resource],
      set: { operations: sql`excluded.operations`, updatedAt: new Date() },
    });
  return { grid, errors: {} };
}
