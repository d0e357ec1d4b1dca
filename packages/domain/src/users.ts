import type { EnumValue } from './enum';
import type { UserDisplayStatus } from './enums';
import { messages } from './messages';
import type { Operation, RoleName } from './permissions';

/**
 * The user form's rules (spec §5 "User form"), shared by the form and the server.
 *
 * Spec §5 names two types only ("Client required for type Client, Team required otherwise"); an organization also
 * has Agency users (who belong to their agency, a client) and its own staff (Admin, Manager), who text for no team.
 * So: a client for the types that belong to one (Client, Agency), a team for the types that text (TeamLead, Texter),
 * neither for staff.
 */
export const CLIENT_USER_TYPES = ['Client', 'Agency'] as const satisfies readonly RoleName[];
export const TEAM_USER_TYPES = ['TeamLead', 'Texter'] as const satisfies readonly RoleName[];

const isBlank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

export function userRules(u: Record<string, unknown>): [string, string][] {
  if ((CLIENT_USER_TYPES as readonly unknown[]).includes(u.userType) && isBlank(u.clientId))
    return [['clientId', messages.required('Client')]];
  if ((TEAM_USER_TYPES as readonly unknown[]).includes(u.userType) && isBlank(u.teamId))
    return [['teamId', messages.required('Team')]];
  return [];
}

/**
 * The types a viewer may give a new user. Spec §5 reads "only Client if the viewer may view users and clients,
 * otherwise only Texter"; spec §6 "seeing all user types needs view on User and Client". Read together, and because
 * an organization's admin must be able to add its team leads, texters, agencies and clients: a viewer with View on
 * User and on Client chooses among every type (Client included), anyone else only Texter. Admin, the organization's
 * own admin, is given only by an admin.
 */
export function userTypeOptions(viewer: {
  role: RoleName;
  isAdmin: boolean;
  can(operation: Operation, resource: string): boolean;
}): RoleName[] {
  if (!(viewer.can('View', 'User') && viewer.can('View', 'Client'))) return ['Texter'];
  const all: RoleName[] = ['Client', 'Agency', 'TeamLead', 'Texter', 'Manager'];
  return viewer.isAdmin || viewer.role === 'Admin' ? [...all, 'Admin'] : all;
}

/** Spec §4: Deleted if deletedAt is set, else Locked if lockedAt is set, else Active. */
export function userDisplayStatus(u: {
  lockedAt?: Date | string | null;
  deletedAt?: Date | string | null;
}): EnumValue<typeof UserDisplayStatus> {
  if (u.deletedAt) return 'Deleted';
  return u.lockedAt ? 'Locked' : 'Active';
}
