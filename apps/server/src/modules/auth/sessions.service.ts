import { and, eq, isNull, sql } from 'drizzle-orm';
import { sessions } from '../../platform/db/schema/index';
import { withSystem } from '../../platform/db/tenant';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/auth/tokens';
import type { Platform } from '../../platform/platform';

// Sessions are looked up by their refresh token before anyone is known, hence the system handle.

/** The session of this refresh token, if neither revoked nor idle longer than the timeout. */
const liveSession = (refreshToken: string, timeoutMinutes: number) =>
  and(
    eq(sessions.refreshTokenHash, hashOpaqueToken(refreshToken)),
    isNull(sessions.revokedAt),
    sql`${sessions.lastActiveAt} > now() - make_interval(mins => ${Math.floor(timeoutMinutes)})`,
  );

/** Opens a session for a signed-in user; returns the refresh token to put in the cookie. */
export async function openSession(platform: Platform, userId: number, userAgent?: string): Promise<string> {
  const { token, hash } = newOpaqueToken();
  await withSystem(platform.database, 'open-session', (tx) =>
    tx.insert(sessions).values({ userId, refreshTokenHash: hash, userAgent: userAgent?.slice(0, 300) }),
  );
  return token;
}

/**
 * Exchanges a refresh token for a new one (rotation: the old one stops working at once) when the session is
 * neither revoked nor idle longer than the timeout. Returns the user and the new token, or null.
 */
export async function rotateSession(
  platform: Platform,
  refreshToken: string,
  timeoutMinutes: number,
): Promise<{ userId: number; refreshToken: string } | null> {
  const next = newOpaqueToken();
  return withSystem(platform.database, 'rotate-session', async (tx) => {
    const [row] = await tx
      .update(sessions)
      .set({ refreshTokenHash: next.hash, lastActiveAt: new Date() })
      .where(liveSession(refreshToken, timeoutMinutes))
      .returning({ userId: sessions.userId });
    return row ? { userId: row.userId, refreshToken: next.token } : null;
  });
}

/**
 * The user of a live session, without rotating its token: for a browser navigation (no bearer header) that must
 * know who is signed in, such as connecting a Google account. Null when revoked or idle longer than the timeout.
 */
export async function sessionUser(
  platform: Platform,
  refreshToken: string,
  timeoutMinutes: number,
): Promise<number | null> {
  const [row] = await withSystem(platform.database, 'session-user', (tx) =>
    tx.select({ userId: sessions.userId }).from(sessions).where(liveSession(refreshToken, timeoutMinutes)),
  );
  return row?.userId ?? null;
}

export async function closeSession(platform: Platform, refreshToken: string): Promise<void> {
  await withSystem(platform.database, 'close-session', (tx) =>
    tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.refreshTokenHash, hashOpaqueToken(refreshToken))),
  );
}

/** Signs a user out everywhere (password reset, lock, delete, "inactivate sessions"). */
export async function closeAllSessions(platform: Platform, userId: number): Promise<number> {
  const rows = await withSystem(platform.database, 'close-all-sessions', (tx) =>
    tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id }),
  );
  return rows.length;
}
