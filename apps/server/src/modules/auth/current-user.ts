import { eq } from 'drizzle-orm';
import { organizations, organizationUsers, users } from '../../platform/db/schema/index';
import { withSystem } from '../../platform/db/tenant';
import type { Viewer } from '../../platform/auth/viewer';
import type { Platform } from '../../platform/platform';

export interface OrganizationSummary {
  id: number;
  name: string;
  domain: string;
  timeZone: string;
}

export interface CurrentUserShape {
  viewer: Viewer;
  name: string;
  email: string;
  username: string | null;
  googleEmailAddress: string | null;
  hasRefreshToken: boolean;
  mediaUrl: string | null;
  organizations: OrganizationSummary[];
}

/**
 * The signed-in user with every organization it belongs to. Memberships span organizations, so this one read
 * uses the system handle, limited to the viewer's own user id.
 */
export async function loadCurrentUser(platform: Platform, viewer: Viewer): Promise<CurrentUserShape | null> {
  return withSystem(platform.database, 'current-user', async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, viewer.userId));
    if (!u) return null;
    const orgs = await tx
      .select({
        id: organizations.id,
        name: organizations.name,
        domain: organizations.domain,
        timeZone: organizations.timeZone,
      })
      .from(organizationUsers)
      .innerJoin(organizations, eq(organizations.id, organizationUsers.organizationId))
      .where(eq(organizationUsers.userId, viewer.userId))
      .orderBy(organizations.name);
    return {
      viewer,
      name: u.name,
      email: u.email,
      username: u.username,
      googleEmailAddress: u.googleEmailAddress,
      hasRefreshToken: Boolean(u.googleRefreshToken),
      mediaUrl: u.mediaUrl,
      organizations: orgs,
    };
  });
}
