import { resolveViewer } from '../auth/resolve-viewer';
import { assertCan, ForbiddenError, type Viewer } from '../auth/viewer';
import { withTenant, type Tx } from '../db/tenant';
import type { Context } from './context';

export const chosenOrganizationMessages = {
  notAdmin: 'Only a platform admin may choose the organization',
  notMember: 'You are not a member of that organization',
} as const;

/**
 * Runs fn as the viewer in the organization a platform admin chose for a new record (ResourceDef
 * organizationChoice): the admin's membership there is read afresh, its permission checked there, and the
 * transaction scoped to that organization alone. No choice, or the viewer's own organization, is the usual tenant.
 */
export async function inChosenOrganization<T>(
  ctx: Context,
  organizationId: number | null,
  guard: string,
  fn: (tx: Tx, viewer: Viewer) => Promise<T>,
): Promise<T> {
  const viewer = assertCan(ctx.viewer, 'Create', guard);
  if (organizationId === null || organizationId === viewer.organizationId) return ctx.tenant(fn);
  if (!viewer.isAdmin) throw new ForbiddenError(chosenOrganizationMessages.notAdmin);
  const { database, config } = ctx.platform;
  const there = await resolveViewer(database, config.ADMIN_EMAILS, { userId: viewer.userId, organizationId });
  if (!there) throw new ForbiddenError(chosenOrganizationMessages.notMember);
  assertCan(there, 'Create', guard);
  return withTenant(database, { organizationIds: [organizationId], userId: viewer.userId }, (tx) => fn(tx, there));
}
