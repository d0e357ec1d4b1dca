import {
  childRowChanges,
  messages,
  normalizeAttributes,
  user,
  userTypeOptions,
  validateAttributes,
  type FieldErrors,
  type RoleName,
} from '@canvass/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { viewerCan, type Viewer } from '../../platform/auth/viewer';
import { organizationUsers, teams } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { ownerCondition, visibleWhereOf } from '../../platform/resources/policy';
import type { Row } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';

/** What a user's form and its references must satisfy before a user is added or changed. */

/** Whether the viewer may give this type (spec §5 type options, read with §6: see userTypeOptions). */
function mayGiveType(viewer: Viewer, type: unknown): boolean {
  const can = (op: Parameters<typeof viewerCan>[1], resource: string) => viewerCan(viewer, op, resource);
  return userTypeOptions({ role: viewer.role, isAdmin: viewer.isAdmin, can }).includes(type as RoleName);
}

/** A client the viewer may see (its own policy), a team of the organization, data views among visible clients. */
export async function checkReferences(tx: Tx, viewer: Viewer, attrs: Record<string, unknown>): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const clientsTable = tableOf('client') as PgTable & Record<string, PgColumn>;
  const visibleClients = async (ids: number[]) =>
    ids.length === 0
      ? 0
      : (
          await tx
            .select({ n: count() })
            .from(clientsTable)
            .where(and(visibleWhereOf('client', tableOf, viewer)!, inArray(clientsTable.id, ids)))
        )[0].n;
  if (attrs.clientId != null && (await visibleClients([Number(attrs.clientId)])) === 0)
    errors.clientId = ['Client not found'];
  if (attrs.teamId != null) {
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.organizationId, viewer.organizationId), eq(teams.id, Number(attrs.teamId))));
    if (!team) errors.teamId = ['Team not found'];
  }
  const views = childRowChanges(user.fields.clientUserViews, attrs.clientUserViews as never, (_f, v) => v);
  const viewIds = [...new Set([...views.add, ...views.change.map((c) => c.values)].map((v) => Number(v.clientId)))];
  if ((await visibleClients(viewIds)) !== viewIds.length) errors.clientUserViews = ['Client not found'];
  return errors;
}

export function validateUser(attrs: Record<string, unknown>, viewer: Viewer, existing: Row | null): FieldErrors {
  return validateAttributes(user, attrs, { isCreate: existing === null, isAdmin: viewer.isAdmin }, existing ?? {});
}

/**
 * A new user as the viewer would add it (the Users screen's Add, an import's row): its attributes as they will be
 * saved (fields its type disables cleared, the form's default type) and what the form's rules and the types the
 * viewer may give say against it. References (client, team) are the caller's to find.
 */
export function checkNewUser(viewer: Viewer, raw: Record<string, unknown>) {
  const attrs = normalizeAttributes(user, { ...raw, userType: raw.userType ?? user.fields.userType.default });
  const errors = validateUser(attrs, viewer, null);
  if (!errors.userType && !mayGiveType(viewer, attrs.userType)) errors.userType = [messages.cannotBeChosen('Type')];
  return { attrs, errors };
}

/**
 * Whether a user the viewer adds may have no client: not for a viewer limited to some clients (visibleUsersWhere's
 * client limit), who would not see it. Add finds that out by reading the new user back; an import needs it first.
 */
export function mayAddWithoutClient(viewer: Viewer): boolean {
  return ownerCondition(organizationUsers.clientId, viewer, tableOf) === undefined;
}
