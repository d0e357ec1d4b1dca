import { userDisplayStatus } from '@canvass/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { organizationUsers, users, userViews } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { visibleMembershipsWhere } from '../../platform/resources/policy';
import type { Row } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';

/**
 * A user of an organization is a person (users: name, email, sign-in, lock) and its membership (organization_users:
 * type, team, client). Every query here starts from the membership of the viewer's organization, so the
 * organization is named in each; row-level security on organization_users and users is the second wall.
 */

/** What a list filters and sorts by, field → column: the person's own columns and its place in the organization. */
export const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  userType: organizationUsers.role,
  clientId: organizationUsers.clientId,
  teamId: organizationUsers.teamId,
  createdAt: organizationUsers.createdAt,
};
export const selection = {
  ...listColumns,
  updatedAt: users.updatedAt,
  // Locked by this organization, or the account locked as a whole.
  lockedAt: sql<Date | null>`coalesce(${organizationUsers.lockedAt}, ${users.lockedAt})`,
  deletedAt: users.deletedAt,
};
type Selected = { [K in keyof typeof selection]: unknown };

/** The users the viewer may see, on their memberships (policy.ts visibleMembershipsWhere). */
export const visibleUsersWhere = (viewer: Viewer): SQL => visibleMembershipsWhere(viewer, tableOf);

const members = (tx: Tx) =>
  tx.select({ row: selection }).from(organizationUsers).innerJoin(users, eq(users.id, organizationUsers.userId));

export function toRow(r: Selected): Row {
  return { ...r, id: Number(r.id), userStatus: userDisplayStatus(r as { lockedAt: Date; deletedAt: Date }) } as Row;
}

/** Each user's views (the clients it is limited to) in this organization, as the form's Data Views rows. */
export async function attachViews(tx: Tx, organizationId: number, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows;
  const views = await tx
    .select({ id: userViews.id, userId: userViews.userId, clientId: userViews.clientId })
    .from(userViews)
    .where(
      and(
        eq(userViews.organizationId, organizationId),
        inArray(
          userViews.userId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(userViews.id);
  for (const r of rows)
    r.clientUserViews = views.filter((v) => v.userId === r.id).map((v) => ({ id: v.id, clientId: v.clientId }));
  return rows;
}

export async function getUser(tx: Tx, viewer: Viewer, id: number): Promise<Row | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [found] = await members(tx).where(and(visibleUsersWhere(viewer), eq(organizationUsers.userId, id)));
  return found ? (await attachViews(tx, viewer.organizationId, [toRow(found.row)]))[0] : null;
}
