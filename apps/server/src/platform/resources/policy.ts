import {
  CLIENT_USER_TYPES,
  entryByName,
  guardOf,
  OWNER_RESOURCE,
  resourceByName,
  user,
  type RefField,
  type ResourceDef,
} from '@canvass/domain';
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { viewerCan, type Viewer } from '../auth/viewer';
import { columnsOf } from '../db/columns';
import { organizationUsers, projectTexters } from '../db/schema/index';

/** Resolves a registry name to its Drizzle table, so the policy can reach the clients table for agencies. */
export type TableOf = (resourceName: string) => PgTable | undefined;

/**
 * Which clients' rows a viewer is limited to (spec §6), as a condition on the column that holds the client id;
 * undefined when it is not limited (admins and the other roles see the whole organization):
 * - a Client-role user: its own client;
 * - an Agency user: its agency and the clients whose agency it is;
 * - user views: only those clients (on top of the role's limit).
 * Rows with no client (an organization-wide brand, an Unregistered campaign) are hidden from a limited viewer:
 * nothing says they are its, and `owner = x` is never true of NULL.
 */
export function ownerCondition(owner: PgColumn, viewer: Viewer, tableOf: TableOf): SQL | undefined {
  if (viewer.isAdmin) return undefined;
  const conditions: SQL[] = [];
  const own = viewer.clientId;
  if (viewer.role === 'Client') conditions.push(own ? eq(owner, own) : sql`false`);
  if (viewer.role === 'Agency') {
    const clients = tableOf(OWNER_RESOURCE)!;
    const c = columnsOf(clients);
    conditions.push(
      own
        ? sql`${owner} IN (SELECT ${c.id} FROM ${clients} WHERE ${c.organizationId} = ${viewer.organizationId} AND (${c.id} = ${own} OR ${c.agencyId} = ${own}))`
        : sql`false`,
    );
  }
  if (viewer.viewClientIds.length) conditions.push(inArray(owner, viewer.viewClientIds));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Whether spec §6 limits the viewer to some clients (a Client or Agency user, user views): the organization's own
 * numbers (its do-not-contact list, all its recipients) are then not its to read or act on.
 */
export function limitedToClients(viewer: Viewer): boolean {
  if (viewer.isAdmin) return false;
  return (CLIENT_USER_TYPES as readonly string[]).includes(viewer.role) || viewer.viewClientIds.length > 0;
}

/**
 * The one visibility policy of every resource: the rows of `def` this viewer may see. It names the viewer's
 * organization explicitly (row-level security stays the second wall) and adds the client limit of spec §6
 * through the registry's `ownedBy`. Lists, gets, references, exports, favorites and writes all use it.
 */
export function visibleWhere(def: ResourceDef, table: PgTable, tableOf: TableOf, viewer: Viewer): SQL {
  const cols = columnsOf(table);
  // People are global (users); a person is seen through a membership of the viewer's organization it may see.
  if (def.name === user.name)
    return sql`EXISTS (SELECT 1 FROM ${organizationUsers} WHERE ${organizationUsers.userId} = ${cols.id} AND ${visibleMembershipsWhere(viewer, tableOf)})`;
  const inOrganization = eq(cols.organizationId, viewer.organizationId);
  if (def.staffOnly && limitedToClients(viewer)) return and(inOrganization, sql`false`)!;
  const owner = def.ownedBy
    ? ownerCondition(cols[def.ownedBy], viewer, tableOf)
    : def.ownedThrough
      ? parentCondition(def, cols[def.ownedThrough], viewer, tableOf)
      : undefined;
  const assigned = def.texterAssignedThrough ? texterCondition(cols[def.texterAssignedThrough], viewer) : undefined;
  return and(inOrganization, owner, assigned)!;
}

/**
 * A Texter-role viewer sees a row only through a project it is one of the texters of (issue 35: its own projects'
 * texts, not every reply of the organization); a row of no project is not its. Only the Texter role: an admin or a
 * staffer sees every project's texts, and pays no semi-join for it.
 */
function texterCondition(project: PgColumn, viewer: Viewer): SQL | undefined {
  if (viewer.isAdmin || viewer.role !== 'Texter') return undefined;
  return sql`${project} IN (SELECT ${projectTexters.projectId} FROM ${projectTexters} WHERE ${projectTexters.organizationId} = ${viewer.organizationId} AND ${projectTexters.userId} = ${viewer.userId})`;
}

/**
 * The one policy of users (spec §6 through the client limit above, on the membership's client), on the memberships
 * (organization_users): members of the viewer's organization; a Client-role viewer only the users of its own client,
 * an Agency viewer those of its agency and the clients under it, a viewer with user views those of its clients. And
 * "seeing all user types needs view on User and Client": without View on Client, the users who belong to a client
 * (Client, Agency) are not shown. The users module lists them over the membership; a reference to a person and an
 * export's name of one read a person through visibleWhere, which asks for one of these memberships. (A write naming a
 * person checks only that it is a member: whom a viewer may name is not whom it may list.)
 */
export function visibleMembershipsWhere(viewer: Viewer, tableOf: TableOf): SQL {
  const inOrganization = eq(organizationUsers.organizationId, viewer.organizationId);
  const owner = ownerCondition(organizationUsers.clientId, viewer, tableOf);
  const types = viewerCan(viewer, 'View', 'Client')
    ? undefined
    : notInArray(organizationUsers.role, [...CLIENT_USER_TYPES]);
  return and(inOrganization, owner, types)!;
}

/**
 * A row seen through its parent (a project's texts): its parent must be one the viewer sees. Nothing is added for a
 * viewer the parent's policy does not limit, so the usual reader pays no semi-join on a million texts.
 */
function parentCondition(def: ResourceDef, column: PgColumn, viewer: Viewer, tableOf: TableOf): SQL | undefined {
  const through = def.fields[def.ownedThrough!];
  const parentDef = through.kind === 'ref' ? resourceByName(through.resource) : undefined;
  const parent = parentDef && tableOf(parentDef.name);
  if (!parentDef || !parent) return undefined;
  const parentCols = columnsOf(parent);
  const limit = parentDef.ownedBy
    ? ownerCondition(parentCols[parentDef.ownedBy === 'id' ? 'id' : parentDef.ownedBy], viewer, tableOf)
    : undefined;
  if (!limit) return undefined;
  return sql`${column} IN (SELECT ${parentCols.id} FROM ${parent} WHERE ${parentCols.organizationId} = ${viewer.organizationId} AND ${limit})`;
}

/**
 * The same policy for a resource known by its registry name; null when it is not a registry resource. `on` is an
 * alias of its table when the query joins it under another name (an export's reference columns).
 */
export function visibleWhereOf(resource: string, tableOf: TableOf, viewer: Viewer, on?: PgTable): SQL | null {
  const def = entryByName(resource);
  const table = on ?? tableOf(resource);
  return def && table ? visibleWhere(def, table, tableOf, viewer) : null;
}

/**
 * The rows of a resource whose names the viewer may read through a reference (`brand { client { name } }`, an
 * export's Client column): the same policy, and View on that resource, as reading the row itself needs. Null when
 * it may name none of them.
 */
export function referableWhere(resource: string, tableOf: TableOf, viewer: Viewer, on?: PgTable): SQL | null {
  const def = entryByName(resource);
  if (!def || !viewerCan(viewer, 'View', guardOf(def))) return null;
  return visibleWhereOf(resource, tableOf, viewer, on);
}

/**
 * The targets a reference field may name to a viewer who sees the record holding it: those of referableWhere, or,
 * for a field whose target's name is part of the record (namedWithRecord: a text's numbers), any target of the
 * viewer's organization (a person: any member of it). Null when it may name none of them.
 */
export function nameableWhere(field: RefField, tableOf: TableOf, viewer: Viewer, on?: PgTable): SQL | null {
  if (!field.namedWithRecord) return referableWhere(field.resource, tableOf, viewer, on);
  const table = on ?? tableOf(field.resource);
  if (!table) return null;
  const cols = columnsOf(table);
  if (field.resource === user.name)
    return sql`EXISTS (SELECT 1 FROM ${organizationUsers} WHERE ${organizationUsers.userId} = ${cols.id} AND ${organizationUsers.organizationId} = ${viewer.organizationId})`;
  return eq(cols.organizationId, viewer.organizationId);
}

/** What the viewer may do with a record it can see; the UI shows its buttons from this (spec §6). */
export interface RecordAbilities {
  update: boolean;
  destroy: boolean;
  export: boolean;
  favorite: boolean;
}

/**
 * Every row served went through visibleWhere, so what remains is the role's restrictions on the resource.
 * Kept per record so a rule that depends on the row (a locked record) has one place to go.
 */
export function abilitiesOf(def: ResourceDef, viewer: Viewer | null): RecordAbilities {
  const may = (op: Parameters<typeof viewerCan>[1]) => viewer !== null && viewerCan(viewer, op, guardOf(def));
  return {
    update: !def.readOnly && may('Update'),
    destroy: !def.readOnly && may('Delete'),
    export: may('Export'),
    favorite: def.favorite === true && may('View'),
  };
}
