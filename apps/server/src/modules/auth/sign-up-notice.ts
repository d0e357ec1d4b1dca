import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../platform/db/schema/index';
import { withSystem } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';

/**
 * Tells the owner of an account that someone signed up with its email: sign-up answers that attempt as it answers a
 * new email (so it does not reveal which emails have accounts), and only the mailbox's owner learns the truth.
 * Answers whether it mailed (a deleted account gets nothing).
 */
export async function mailSignUpNotice(platform: Platform, userId: number): Promise<boolean> {
  const [user] = await withSystem(platform.database, 'sign-up-notice', (tx) =>
    tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt))),
  );
  if (!user) return false;
  const url = platform.config.publicUrl;
  await platform.mailer.send({
    to: user.email,
    subject: 'Your Canvass account',
    text: `Hello ${user.name},\n\nSomeone tried to sign up to Canvass with this email address, which already has an account. Nothing was changed.\n\nIf it was you, sign in at ${url}/login, or choose a new password at ${url}/password-recovery.\nIf it was not you, ignore this email.\n`,
  });
  return true;
}
