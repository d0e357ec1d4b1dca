import { messages, type RoleName } from '@canvass/domain';
import { and, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { syncMembership } from '../../platform/db/membership-sync';
import { organizationUsers, users } from '../../platform/db/schema/index';
import { withSystem, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import type { WriteResult } from '../../platform/resources/resource-service';
import { checkNewUser, checkReferences } from './check-user';
import { invitationLink, mailInvitation } from './invitations.service';
import { joinTeams } from './join-teams';
import { getUser } from './read-users';
import { saveViews } from './save-views';

/**
 * The account of an email, made when nobody has it yet (name as given, no password: the invitation sets one).
 * Accounts are global, so finding one by email crosses organizations: the one named system place of this module.
 */
async function accountFor(
  platform: Platform,
  email: string,
  name: string,
  organizationId: number,
): Promise<{ id: number; hasPassword: boolean; created: boolean }> {
  return withSystem(platform.database, 'add-user-account', async (tx) => {
    const byEmail = sql`lower(${users.email}) = lower(${email})`;
    const [found] = await tx.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(byEmail);
    if (found) return { id: found.id, hasPassword: found.passwordHash !== null, created: false };
    // The organization that invites a person is where its first sign-in lands.
    const [made] = await tx
      .insert(users)
      .values({ name, email, currentOrganizationId: organizationId })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (made) return { id: made.id, hasPassword: false, created: true };
    // Another request made it meanwhile.
    const [raced] = await tx.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(byEmail);
    return { id: raced.id, hasPassword: raced.passwordHash !== null, created: false };
  });
}

/**
 * Undoes accountFor's new account when the add that made it is refused, so a refused add leaves nothing behind (its
 * invitation link goes with it): only while the account is still bare (no password, no organization).
 */
async function dropNewAccount(platform: Platform, userId: number): Promise<void> {
  await withSystem(platform.database, 'add-user-account', (tx) =>
    tx.delete(users).where(and(eq(users.id, userId), isNull(users.passwordHash), sql`${users.organizationIds} = '{}'`)),
  );
}

/**
 * Adds a person to the viewer's organization by email: a known account at once (it sees the organization in its
 * switcher), an unknown one as a new account with an invitation mailed to it. A person already a user of the
 * organization is refused.
 */
export async function addUser(
  tx: Tx,
  viewer: Viewer,
  raw: Record<string, unknown>,
  platform: Platform | undefined,
): Promise<WriteResult> {
  if (!platform) throw new Error('adding a user needs the platform (mail, accounts)');
  const { attrs, errors } = checkNewUser(viewer, raw);
  if (Object.keys(errors).length === 0) Object.assign(errors, await checkReferences(tx, viewer, attrs));
  if (Object.keys(errors).length) return { row: null, errors };

  const email = String(attrs.email).trim();
  const organizationId = viewer.organizationId;
  const account = await accountFor(platform, email, String(attrs.name).trim(), organizationId);
  const [already] = await tx
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, organizationId), eq(organizationUsers.userId, account.id)));
  if (already) return { row: null, errors: { email: [messages.alreadyMember] } };
  // Someone who has never set a password (new, or invited elsewhere and never came) is sent a link to set one;
  // issued before the membership is written (invitationLink says why), mailed only once the user is added.
  const link = account.hasPassword ? null : await invitationLink(platform, account.id);

  // A viewer limited to some clients adds only users it will see (one of its clients): otherwise the savepoint is
  // undone and the client field says why, as the generic writes do.
  const row = await tx
    .transaction(async (sp) => {
      await sp.insert(organizationUsers).values({
        organizationId,
        userId: account.id,
        role: attrs.userType as RoleName,
        clientId: attrs.clientId == null ? null : Number(attrs.clientId),
        teamId: attrs.teamId == null ? null : Number(attrs.teamId),
      });
      await syncMembership(sp, organizationId, account.id);
      await joinTeams(sp, organizationId, [{ userId: account.id, teamId: attrs.teamId }]);
      await saveViews(sp, organizationId, account.id, attrs.clientUserViews);
      const seen = await getUser(sp, viewer, account.id);
      if (!seen) sp.rollback();
      return seen;
    })
    .catch((err: unknown) => {
      if (err instanceof TransactionRollbackError) return null;
      throw err;
    });
  if (!row) {
    if (account.created) await dropNewAccount(platform, account.id);
    return { row: null, errors: { clientId: [messages.outsideYourClients] } };
  }
  if (link) await mailInvitation(platform, tx, account.id, organizationId, link);
  return { row, errors: {} };
}
