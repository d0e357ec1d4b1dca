import { Role } from './enums';
import { isLifecycleResource, LIFECYCLE_OPERATION } from './lifecycle-restrictions';
import { defaultRestrictions } from './default-restrictions';
import { allOperations, type Operation, type Restriction, type RoleName } from './permissions';

/**
 * The restrictions screen (spec §6): one grid of role × restriction resource × operation, edited and saved whole.
 * Its rows are every role and every restriction resource a role can be granted anything on.
 */
export interface RoleRestriction {
  role: RoleName;
  resource: string;
  operations: Operation[];
}

/** Every restriction resource, in the order the admin role's defaults name them. */
export const restrictionResources: readonly string[] = defaultRestrictions.Admin.map((r) => r.resource);
export const restrictionRoles: readonly RoleName[] = Role.values;

/** The operations a grid row offers: a lifecycle action is run or not (Update); a resource has them all. */
export function operationsOf(resource: string): readonly Operation[] {
  return isLifecycleResource(resource) ? [LIFECYCLE_OPERATION] : allOperations;
}

/**
 * What a role may do in an organization: its stored restrictions, and the domain defaults on each resource the
 * organization has stored nothing for the role (a row added to the grid after the organization saved its own, as
 * the lifecycle actions were). Saving the grid stores every cell, so a cleared cell stays cleared.
 */
export function restrictionsOrDefaults(role: RoleName, stored: readonly Restriction[]): Restriction[] {
  const unstored = defaultRestrictions[role].filter((d) => !stored.some((s) => s.resource === d.resource));
  return [...stored, ...unstored];
}

/** The whole grid from the stored rows (any roles) with defaults filled in per role, in a fixed order. */
export function restrictionGrid(stored: readonly RoleRestriction[]): RoleRestriction[] {
  return restrictionRoles.flatMap((role) => {
    const own = restrictionsOrDefaults(
      role,
      stored.filter((r) => r.role === role),
    );
    return restrictionResources.map((resource) => ({
      role,
      resource,
      // Kept in the operations' own order, so a saved grid reads back exactly as sent.
      operations: operationsOf(resource).filter((op) =>
        own.some((r) => r.resource === resource && r.operations.includes(op)),
      ),
    }));
  });
}
