import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { rotatedRefreshTokens, sessions } from '../../platform/db/schema/index';
import { withSystem, type Tx } from '../../platform/db/tenant';
import { announceAccessChange } from '../../platform/auth/access-changes';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/auth/tokens';
import type { Platform } from '../../platform/platform';
import { REFRESH_COOKIE_MAX_AGE_SECONDS } from './session-cookie';

// Sessions are looked up by their refresh token before anyone is known, hence the system handle.

/** A session neither revoked nor idle longer than the timeout. */
const live = (timeoutMinutes: number) =>
  and(
    isNull(sessions.revokedAt),
    sql`${sessions.lastActiveAt} > now() - make_interval(mins => ${Math.floor(timeoutMinutes)})`,
  );

/** The live session of this refresh token. */
const liveSession = (refreshToken: string, timeoutMinutes: number) =>
  and(eq(sessions.refreshTokenHash, hashOpaqueToken(refreshToken)), live(timeoutMinutes));

export interface OpenedSession {
  sessionId: number;
  /** The refresh token to put in the cookie. */
  refreshToken: string;
}

/** Opens a session for a signed-in user; its access tokens carry its id, its refresh token goes in the cookie. */
export async function openSession(platform: Platform, userId: number, userAgent?: string): Promise<OpenedSession> {
  const { token, hash } = newOpaqueToken();
  const [row] = await withSystem(platform.database, 'open-session', (tx) =>
    tx
      .insert(sessions)
      .values({ userId, refreshTokenHash: hash, userAgent: userAgent?.slice(0, 300) })
      .returning({ id: sessions.id }),
  );
  return { sessionId: row.id, refreshToken: token };
}

export interface RotatedSession {
  userId: number;
  sessionId: number;
  /** The cookie's next refresh token; null when the browser already has it (another tab rotated a moment ago). */
  refreshToken: string | null;
}

/**
 * Exchanges a refresh token for a new one (rotation) when the session is neither revoked nor idle longer than the
 * timeout. A token rotated away from comes back only from a copy, so its reuse revokes the whole session (every
 * token it issued) and ends its live connections; within REFRESH_REUSE_GRACE_SECONDS of its rotation it is taken
 * as another tab of the same browser racing that rotation, and is answered without a new token. Null: refused.
 */
export async function rotateSession(
  platform: Platform,
  refreshToken: string,
  timeoutMinutes: number,
): Promise<RotatedSession | null> {
  const next = newOpaqueToken();
  const outcome = await withSystem(platform.database, 'rotate-session', async (tx) => {
    // Two rotations of one token queue on the row's lock; the second then finds the token rotated, below.
    const [row] = await tx
      .update(sessions)
      .set({ refreshTokenHash: next.hash, lastActiveAt: new Date() })
      .where(liveSession(refreshToken, timeoutMinutes))
      .returning({ userId: sessions.userId, sessionId: sessions.id });
    if (row) {
      await retireToken(tx, row.sessionId, hashOpaqueToken(refreshToken));
      return { rotated: { ...row, refreshToken: next.token } };
    }
    return reuseOf(tx, platform.config.REFRESH_REUSE_GRACE_SECONDS, refreshToken, timeoutMinutes);
  });
  if (outcome.revokedUserId) await announceAccessChange(platform, outcome.revokedUserId);
  return outcome.rotated ?? null;
}

/** Remembers the token a session rotated away from; forgets those no browser can still hold. */
async function retireToken(tx: Tx, sessionId: number, tokenHash: string): Promise<void> {
  await tx.insert(rotatedRefreshTokens).values({ tokenHash, sessionId });
  await tx
    .delete(rotatedRefreshTokens)
    .where(
      and(
        eq(rotatedRefreshTokens.sessionId, sessionId),
        lt(rotatedRefreshTokens.rotatedAt, sql`now() - make_interval(secs => ${REFRESH_COOKIE_MAX_AGE_SECONDS})`),
      ),
    );
}

/** A refresh token that is not its session's current one: a racing tab, a replayed copy, or unknown. */
async function reuseOf(
  tx: Tx,
  graceSeconds: number,
  refreshToken: string,
  timeoutMinutes: number,
): Promise<{ rotated?: RotatedSession; revokedUserId?: number }> {
  const [used] = await tx
    .select({
      sessionId: rotatedRefreshTokens.sessionId,
      userId: sessions.userId,
      racing: sql<boolean>`${rotatedRefreshTokens.rotatedAt} > now() - make_interval(secs => ${graceSeconds})`,
    })
    .from(rotatedRefreshTokens)
    .innerJoin(sessions, eq(sessions.id, rotatedRefreshTokens.sessionId))
    .where(eq(rotatedRefreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
  if (!used) return {};
  if (used.racing) {
    const [alive] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, used.sessionId), live(timeoutMinutes)));
    return alive ? { rotated: { userId: used.userId, sessionId: used.sessionId, refreshToken: null } } : {};
  }
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, used.sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return revoked.length ? { revokedUserId: used.userId } : {};
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

/**
 * Signs one browser out, found by its refresh token (the cookie) or by the session its access token names: its
 * refresh token and its access tokens stop working, its live connections close.
 */
export async function closeSession(
  platform: Platform,
  which: { refreshToken: string } | { sessionId: number },
): Promise<void> {
  const session =
    'refreshToken' in which
      ? eq(sessions.refreshTokenHash, hashOpaqueToken(which.refreshToken))
      : eq(sessions.id, which.sessionId);
  const closed = await withSystem(platform.database, 'close-session', (tx) =>
    tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(session, isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId }),
  );
  for (const { userId } of closed) await announceAccessChange(platform, userId);
}

/** Signs a user out everywhere (password reset, lock, delete, "inactivate sessions"), live connections included. */
export async function closeAllSessions(platform: Platform, userId: number): Promise<number> {
  const rows = await withSystem(platform.database, 'close-all-sessions', (tx) =>
    tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id }),
  );
  await announceAccessChange(platform, userId);
  return rows.length;
}
