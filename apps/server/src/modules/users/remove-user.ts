import { messages } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { syncMembership } from '../../platform/db/membership-sync';
import { organizationUsers, teamUsers, userViews } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import type { WriteResult } from '../../platform/resources/resource-service';
import { getUser } from './read-users';

/**
 * Removes a user from the viewer's organization: its membership, team memberships and data views here. Its account
 * and its other organizations are untouched; its tokens for this organization stop working at the next request
 * (resolveViewer finds no membership).
 */
export async function removeUser(tx: Tx, viewer: Viewer, id: number): Promise<WriteResult> {
  const existing = await getUser(tx, viewer, id);
  if (!existing) return { row: null, errors: { base: [messages.notFound] } };
  if (id === viewer.userId) return { row: null, errors: { base: [messages.cannotChangeYourself] } };
  const organizationId = viewer.organizationId;
  await tx.delete(userViews).where(and(eq(userViews.organizationId, organizationId), eq(userViews.userId, id)));
  await tx.delete(teamUsers).where(and(eq(teamUsers.organizationId, organizationId), eq(teamUsers.userId, id)));
  await tx
    .delete(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, id)));
  await syncMembership(tx, organizationId, id);
  return { row: existing, errors: {} };
}
