import { and, eq } from 'drizzle-orm';
import { organizationUsers, users } from '../../platform/db/schema/index';
import { withSystem, withTenant } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { googleRefreshTokenName as sealName } from '../../platform/secrets/reseal-google';

export interface GoogleAuthorization {
  refreshToken: string;
  email: string | null;
  /** The stored (sealed) value, so a revoked token is cleared only if it is still the one stored. */
  sealed: string;
}

/**
 * Saves (or with null, removes) a user's Google authorization. The user row spans organizations, so the write
 * uses the system handle, limited to this one user id (who has already been established by the caller).
 */
export async function saveGoogleAuthorization(
  platform: Platform,
  userId: number,
  authorization: { refreshToken: string; email: string | null } | null,
): Promise<void> {
  const googleRefreshToken = authorization ? platform.secrets.seal(authorization.refreshToken, sealName(userId)) : null;
  await withSystem(platform.database, 'google-authorization', (tx) =>
    tx
      .update(users)
      .set({ googleRefreshToken, googleEmailAddress: authorization?.email ?? null })
      .where(eq(users.id, userId)),
  );
}

/**
 * The Google authorization of a user acting in an organization, or null when the user has none or is not a
 * member of that organization (a list of one organization is never read with an outsider's Google account).
 */
export async function readGoogleAuthorization(
  platform: Platform,
  organizationId: number,
  userId: number,
): Promise<GoogleAuthorization | null> {
  const [row] = await withTenant(platform.database, { organizationIds: [organizationId], userId }, (tx) =>
    tx
      .select({ sealed: users.googleRefreshToken, email: users.googleEmailAddress })
      .from(users)
      .innerJoin(organizationUsers, eq(organizationUsers.userId, users.id))
      .where(and(eq(organizationUsers.organizationId, organizationId), eq(users.id, userId))),
  );
  if (!row?.sealed) return null;
  let refreshToken: string;
  try {
    refreshToken = platform.secrets.open(row.sealed, sealName(userId));
  } catch (err) {
    // Sealed under a key no longer in the ring, or not this user's: as good as no authorization.
    platform.logger.warn({ err, userId }, 'stored Google authorization cannot be opened');
    return null;
  }
  return { refreshToken, email: row.email, sealed: row.sealed };
}

/**
 * Forgets a refresh token Google has revoked (invalid_grant), so the user is asked to connect again instead of
 * every load failing the same way. Only if it is still the stored one: a newer authorization saved meanwhile stays.
 */
export async function forgetRevokedAuthorization(platform: Platform, userId: number, sealed: string): Promise<void> {
  await withSystem(platform.database, 'google-authorization-revoked', (tx) =>
    tx
      .update(users)
      .set({ googleRefreshToken: null })
      .where(and(eq(users.id, userId), eq(users.googleRefreshToken, sealed))),
  );
}
