import { refreshSession } from './refresh-session';
import { getAccessToken, notifySessionLost } from './token-store';

/**
 * The server closes a socket when its access token expires, so a token about to expire is renewed before a
 * (re)connection rather than after it: otherwise every live screen would drop to polling every token lifetime.
 */
const RENEW_WITHIN_MS = 30_000;

/** When an access token stops working (epoch milliseconds), from its own exp claim; null when unreadable. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * The token a (re)connecting socket sends: the one held, unless it is missing, about to expire, or was just
 * refused by the server (it closed the socket with 4403: signed out elsewhere, locked, removed); then a renewed
 * one. When none can be had the session is over, and the app goes to sign-in.
 */
export async function socketToken(refused: boolean, now: number = Date.now()): Promise<string | null> {
  const held = getAccessToken();
  const expiresAt = held ? tokenExpiresAt(held) : null;
  if (held && !refused && expiresAt !== null && expiresAt - now > RENEW_WITHIN_MS) return held;
  const renewed = (await refreshSession()).accessToken;
  if (!renewed) notifySessionLost();
  return renewed;
}
