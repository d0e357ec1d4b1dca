import type { EnumValue } from './enum';
import type { PermissionOperation, Role } from './enums';

export type Operation = EnumValue<typeof PermissionOperation>;
export type RoleName = EnumValue<typeof Role>;

/** resource (spec §6 restriction resource, e.g. 'Client') × the operations permitted on it. */
export interface Restriction {
  resource: string;
  operations: Operation[];
}

const ALL: Operation[] = ['Convert', 'Copy', 'Create', 'Delete', 'Export', 'Import', 'Merge', 'Update', 'View'];

/** What the UI asks: can(viewer, 'Create', 'Client'). */
export function can(restrictions: readonly Restriction[], operation: Operation, resource: string): boolean {
  return restrictions.some((r) => r.resource === resource && r.operations.includes(operation));
}

export const allOperations = ALL;

/** Spec §6: the organization's own admins (role Admin there) and the platform admins edit its restrictions. */
export function isOrganizationAdmin(who: { isAdmin: boolean; role: string }): boolean {
  return who.isAdmin || who.role === 'Admin';
}
