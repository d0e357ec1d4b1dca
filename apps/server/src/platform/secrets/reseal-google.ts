import { and, eq, isNotNull } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { withSystem, type Database } from '../db/tenant';
import type { SecretsCipher } from './cipher';

/**
 * The name a user's Google refresh token is sealed under: it names the user, so a token copied onto another
 * user's row fails to open instead of reading that user's sheets with someone else's Google account.
 */
export const googleRefreshTokenName = (userId: number) => `users.google_refresh_token:${userId}`;

/**
 * Seals under the current key every Google refresh token that is not (sealed under SECRETS_KEY_PREVIOUS before a
 * rotation), as start-up does for provider settings, so dropping the previous key later loses no authorization.
 * Each write applies only if the token is unchanged, so a user connecting meanwhile wins; idempotent.
 */
export async function resealGoogleAuthorizations(
  database: Database,
  cipher: SecretsCipher,
): Promise<{ changed: number; unreadable: number[] }> {
  return withSystem(database, 'reseal-google-authorizations', async (tx) => {
    const rows = await tx
      .select({ id: users.id, sealed: users.googleRefreshToken })
      .from(users)
      .where(isNotNull(users.googleRefreshToken));
    let changed = 0;
    const unreadable: number[] = [];
    for (const { id, sealed } of rows) {
      if (!sealed || cipher.isCurrent(sealed)) continue;
      let resealed: string;
      try {
        resealed = cipher.seal(cipher.open(sealed, googleRefreshTokenName(id)), googleRefreshTokenName(id));
      } catch {
        unreadable.push(id);
        continue;
      }
      const updated = await tx
        .update(users)
        .set({ googleRefreshToken: resealed })
        .where(and(eq(users.id, id), eq(users.googleRefreshToken, sealed)))
        .returning({ id: users.id });
      changed += updated.length;
    }
    return { changed, unreadable };
  });
}
