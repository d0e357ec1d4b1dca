import {
  defaultRestrictions,
  restrictionsOrDefaults,
  type Operation,
  type Restriction,
  type RoleName,
} from '@canvass/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { organizationUsers, restrictions, sessions, users, userViews } from '../db/schema/index';
import { withTenant, type Database } from '../db/tenant';
import type { Viewer } from './viewer';

/**
 * Builds the viewer of a request from a verified access token: the membership in the token's organization
 * gives role, team and client; the organization's restrictions give permissions. A locked or deleted user (or one
 * locked by this organization), or one no longer a member, gets no viewer: read on every request, so a change of
 * role, views, lock or membership shows at the user's next request, not its next sign-in. Claims from a token
 * name its session, which must still be live (signed out, revoked: no viewer); a job acting for a user has none.
 */
export async function resolveViewer(
  database: Database,
  adminEmails: readonly string[],
  claims: { userId: number; organizationId: number; sessionId?: number },
): Promise<Viewer | null> {
  return withTenant(database, { organizationIds: [claims.organizationId], userId: claims.userId }, async (tx) => {
    // One primary-key read, in the transaction the request opens anyway: logout ends the token at once.
    if (claims.sessionId !== undefined) {
      const [live] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt)));
      if (!live) return null;
    }
    const [m] = await tx
      .select({
        role: organizationUsers.role,
        teamId: organizationUsers.teamId,
        clientId: organizationUsers.clientId,
        email: users.email,
        lockedAt: users.lockedAt,
        lockedHere: organizationUsers.lockedAt,
        deletedAt: users.deletedAt,
      })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(
        and(eq(organizationUsers.userId, claims.userId), eq(organizationUsers.organizationId, claims.organizationId)),
      );
    if (!m || m.lockedAt || m.lockedHere || m.deletedAt) return null;
    const role = m.role as RoleName;
    const rs = await tx
      .select({ resource: restrictions.resource, operations: restrictions.operations })
      .from(restrictions)
      .where(and(eq(restrictions.organizationId, claims.organizationId), eq(restrictions.role, role)));
    const views = await tx
      .select({ clientId: userViews.clientId })
      .from(userViews)
      .where(and(eq(userViews.organizationId, claims.organizationId), eq(userViews.userId, claims.userId)));
    const isAdmin = adminEmails.includes(m.email.toLowerCase());
    const list: Restriction[] = restrictionsOrDefaults(
      role,
      rs.map((r) => ({ resource: r.resource, operations: r.operations as Operation[] })),
    );
    return {
      userId: claims.userId,
      organizationId: claims.organizationId,
      sessionId: claims.sessionId ?? null,
      organizationIds: [claims.organizationId],
      role: isAdmin ? 'Admin' : role,
      isAdmin,
      restrictions: isAdmin ? defaultRestrictions.Admin : list,
      clientId: m.clientId,
      teamId: m.teamId,
      viewClientIds: views.map((v) => v.clientId),
    };
  });
}
