import crypto from 'node:crypto';
import { messages, type FieldErrors } from '@canvass/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords';
import { hashOpaqueToken } from '../../platform/auth/tokens';
import { organizationUsers, passwordResets, users } from '../../platform/db/schema/index';
import { withSystem } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { passwordMatches } from './password-check';
import { queueSignUpNotice } from './sign-up-notice.job';
import { closeAllSessions, openSession } from './sessions.service';

export type SignInResult =
  | { ok: true; userId: number; organizationId: number; refreshToken: string; sessionId: number }
  | { ok: false; message: string };

const RESET_TTL_MINUTES = 60;

/**
 * The organization a user lands in: its current one if still a member, else its first membership; memberships an
 * organization has locked do not count.
 */
export async function landingOrganization(
  platform: Platform,
  userId: number,
  preferred?: number | null,
): Promise<number | null> {
  return withSystem(platform.database, 'landing-organization', async (tx) => {
    const memberships = await tx
      .select({ organizationId: organizationUsers.organizationId })
      .from(organizationUsers)
      .where(and(eq(organizationUsers.userId, userId), isNull(organizationUsers.lockedAt)))
      .orderBy(organizationUsers.organizationId);
    const ids = memberships.map((m) => m.organizationId);
    return preferred && ids.includes(preferred) ? preferred : (ids[0] ?? null);
  });
}

/** Whether every organization the user belongs to has locked it (it belongs to one at least). */
export async function isLockedOut(platform: Platform, userId: number): Promise<boolean> {
  const memberships = await withSystem(platform.database, 'locked-out', (tx) =>
    tx
      .select({ lockedAt: organizationUsers.lockedAt })
      .from(organizationUsers)
      .where(eq(organizationUsers.userId, userId)),
  );
  return memberships.length > 0 && memberships.every((m) => m.lockedAt !== null);
}

/** The organization a user chose last (kept across sessions), if any. */
export async function preferredOrganization(platform: Platform, userId: number): Promise<number | null> {
  const [u] = await withSystem(platform.database, 'refresh-session', (tx) =>
    tx.select({ current: users.currentOrganizationId }).from(users).where(eq(users.id, userId)),
  );
  return u?.current ?? null;
}

/** Remembers the organization a user switched to, so the next session lands there. */
export async function setPreferredOrganization(
  platform: Platform,
  userId: number,
  organizationId: number,
): Promise<void> {
  await withSystem(platform.database, 'switch-organization', (tx) =>
    tx.update(users).set({ currentOrganizationId: organizationId }).where(eq(users.id, userId)),
  );
}

/** Password sign-in. Locked and deleted users cannot sign in; the message never tells which emails exist. */
export async function signIn(
  platform: Platform,
  email: string,
  password: string,
  userAgent?: string,
): Promise<SignInResult> {
  const [user] = await withSystem(platform.database, 'sign-in', (tx) =>
    tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`)
      .limit(1),
  );
  // The hash is verified before anything else is looked at: a deleted or unknown account costs the same time.
  const matches = await passwordMatches(user?.passwordHash, password);
  if (!user || user.deletedAt || !matches) return { ok: false, message: messages.invalidCredentials };
  if (user.lockedAt) return { ok: false, message: messages.accountLocked };
  const organizationId = await landingOrganization(platform, user.id, user.currentOrganizationId);
  if (!organizationId)
    return {
      ok: false,
      message: (await isLockedOut(platform, user.id)) ? messages.accountLocked : messages.noOrganization,
    };
  const session = await openSession(platform, user.id, userAgent);
  return { ok: true, userId: user.id, organizationId, ...session };
}

export interface SignUpInput {
  name: string;
  username: string;
  email: string;
  password: string;
}

/**
 * Creates an account; it can sign in once an organization adds it. An email that has an account already is answered
 * as a new one (nothing changes; its owner is mailed instead), so sign-up does not reveal which emails exist. A
 * taken username is refused whatever the email.
 */
export async function signUp(platform: Platform, input: SignUpInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (!input.name.trim()) errors.name = [messages.required('Full name')];
  if (!input.username.trim()) errors.username = [messages.required('Username')];
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) errors.email = [messages.invalidEmail];
  if (input.password.length < 8) errors.password = [messages.passwordTooShort];
  if (Object.keys(errors).length) return errors;
  const passwordHash = await hashPassword(input.password);
  return withSystem(platform.database, 'sign-up', async (tx): Promise<FieldErrors> => {
    const [usernameTaken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${input.username.trim()})`)
      .limit(1);
    if (usernameTaken) return { username: [messages.usernameTaken] };
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email.trim()})`)
      .limit(1);
    if (existing) {
      await queueSignUpNotice(tx, existing.id);
      return {};
    }
    await tx.insert(users).values({
      name: input.name.trim(),
      username: input.username.trim(),
      email: input.email.trim(),
      passwordHash,
    });
    return {};
  });
}

/**
 * A one-time link that sets the user's password: a public uuid and a secret token (stored only as its hash), valid
 * for `ttlMinutes`. Password recovery and invitations both use it; `setPasswordFromLink` consumes it.
 */
export async function issuePasswordLink(
  platform: Platform,
  userId: number,
  path: string,
  ttlMinutes: number,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const uuid = crypto.randomUUID();
  await withSystem(platform.database, 'password-link', (tx) =>
    tx.insert(passwordResets).values({
      uuid,
      userId,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
    }),
  );
  return `${platform.config.publicUrl}${path}?uuid=${uuid}&token=${token}`;
}

/** Mails a one-time reset link carrying uuid and token; says the same thing whether or not the email exists. */
export async function sendResetLink(platform: Platform, email: string): Promise<void> {
  const [user] = await withSystem(platform.database, 'password-reset-request', (tx) =>
    tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deletedAt)))
      .limit(1),
  );
  if (!user) return;
  const link = await issuePasswordLink(platform, user.id, '/reset', RESET_TTL_MINUTES);
  await platform.mailer.send({
    to: user.email,
    subject: 'Reset your Canvass password',
    text: `Hello ${user.name},\n\nOpen this link to choose a new password (valid for ${RESET_TTL_MINUTES} minutes):\n${link}\n\nIf you did not ask for this, ignore this email.`,
  });
}

function passwordProblems(password: string, passwordVerify: string): FieldErrors {
  if (password !== passwordVerify) return { passwordVerify: [messages.passwordMustMatch] };
  if (password.length < 8) return { password: [messages.passwordTooShort] };
  return {};
}

/**
 * Sets a new password from a password link (recovery or invitation); the link works once, and every open session
 * is signed out. Answers the user whose password was set, or the errors.
 */
export async function setPasswordFromLink(
  platform: Platform,
  input: { uuid: string; token: string; password: string; passwordVerify: string },
): Promise<{ userId: number } | { errors: FieldErrors }> {
  const problems = passwordProblems(input.password, input.passwordVerify);
  if (Object.keys(problems).length) return { errors: problems };
  const passwordHash = await hashPassword(input.password);
  const userId = await withSystem(platform.database, 'password-reset', async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.uuid, input.uuid),
          eq(passwordResets.tokenHash, hashOpaqueToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
    return reset.userId;
  });
  if (!userId) return { errors: { base: [messages.resetLinkInvalid] } };
  await closeAllSessions(platform, userId);
  return { userId };
}

/** Sets a new password from a reset link (see setPasswordFromLink). */
export async function resetPassword(
  platform: Platform,
  input: { uuid: string; token: string; password: string; passwordVerify: string },
): Promise<FieldErrors> {
  const result = await setPasswordFromLink(platform, input);
  return 'errors' in result ? result.errors : {};
}

/** A signed-in user's own password change. */
export async function updatePassword(
  platform: Platform,
  userId: number,
  password: string,
  passwordVerify: string,
): Promise<FieldErrors> {
  const problems = passwordProblems(password, passwordVerify);
  if (Object.keys(problems).length) return problems;
  const passwordHash = await hashPassword(password);
  await withSystem(platform.database, 'update-password', (tx) =>
    tx.update(users).set({ passwordHash }).where(eq(users.id, userId)),
  );
  return {};
}
