import { and, eq, isNull } from 'drizzle-orm';
import { organizations, organizationUsers, users } from '../../platform/db/schema/index';
import { withTenant, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { issuePasswordLink } from '../auth/auth.service';

/** How long an invitation link works: a week, since the person may not read its mail today. */
export const INVITATION_TTL_MINUTES = 7 * 24 * 60;

/**
 * The link that sets an invited person's password and signs it in (the password-link machinery of password
 * recovery, on the /invitation page). Its row is written in a transaction of its own: issue it before the adding
 * transaction writes the membership, which on Citus holds every other write that references the user until it ends
 * (see syncMembership), this one included.
 */
export function invitationLink(platform: Platform, userId: number): Promise<string> {
  return issuePasswordLink(platform, userId, '/invitation', INVITATION_TTL_MINUTES);
}

/** Mails a person just added to an organization its invitation link. Read inside the adding transaction. */
export async function mailInvitation(
  platform: Platform,
  tx: Tx,
  userId: number,
  organizationId: number,
  link: string,
): Promise<void> {
  const [who] = await tx
    .select({ name: users.name, email: users.email, organization: organizations.name })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, organizationId))
    .where(eq(users.id, userId));
  await platform.mailer.send({
    to: who.email,
    subject: `You have been invited to ${who.organization} on Canvass`,
    text: `Hello ${who.name},\n\nYou have been added to ${who.organization} on Canvass. Open this link to choose your password and sign in (valid for 7 days):\n${link}\n`,
  });
}

/**
 * Invites a member whose adding has committed (sendInvitationJob): the link and the mail Add sends, unless the
 * person has meanwhile chosen a password (an invitation from elsewhere) or left the organization. Answers whether
 * it mailed.
 */
export async function inviteMember(platform: Platform, organizationId: number, userId: number): Promise<boolean> {
  const scope = { organizationIds: [organizationId], userId: null };
  const [waiting] = await withTenant(platform.database, scope, (tx) =>
    tx
      .select({ userId: organizationUsers.userId })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(
        and(
          eq(organizationUsers.organizationId, organizationId),
          eq(organizationUsers.userId, userId),
          isNull(users.passwordHash),
        ),
      ),
  );
  if (!waiting) return false;
  const link = await invitationLink(platform, userId);
  await withTenant(platform.database, scope, (tx) => mailInvitation(platform, tx, userId, organizationId, link));
  return true;
}
