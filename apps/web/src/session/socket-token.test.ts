import { afterEach, describe, expect, it, vi } from 'vitest';
import { socketToken, tokenExpiresAt } from './socket-token';
import { getAccessToken, onSessionLost, setAccessToken } from './token-store';

const NOW = Date.UTC(2026, 0, 1);

/** A token as the server signs them (only the payload matters to the browser), expiring `inMs` from NOW. */
function tokenExpiringIn(inMs: number): string {
  const payload = btoa(JSON.stringify({ uid: 1, exp: (NOW + inMs) / 1000 })).replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}

/** The server's answer to refreshSession: a new token, or none (the session has ended). */
function stubRefresh(accessToken: string | null) {
  const fetchMock = vi.fn(
    async () =>
      new Response(
        JSON.stringify({ data: { refreshSession: { accessToken, expiresIn: 900, user: null, message: null } } }),
        {
          headers: { 'content-type': 'application/json' },
        },
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessToken(null);
});

describe('socketToken', () => {
  it('sends the held token while it has a while to live', async () => {
    const fetchMock = stubRefresh('unused');
    const held = tokenExpiringIn(10 * 60_000);
    setAccessToken(held);
    expect(await socketToken(false, NOW)).toBe(held);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renews a token about to expire, so the server does not close the socket moments later', async () => {
    const fetchMock = stubRefresh('renewed');
    setAccessToken(tokenExpiringIn(5_000));
    expect(await socketToken(false, NOW)).toBe('renewed');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBe('renewed');
  });

  it('renews a token the server has just refused (closed with 4403), however long it had to live', async () => {
    stubRefresh('renewed');
    setAccessToken(tokenExpiringIn(10 * 60_000));
    expect(await socketToken(true, NOW)).toBe('renewed');
  });

  it('ends the session when no token can be had, so the app goes to sign-in', async () => {
    stubRefresh(null);
    const lost = vi.fn();
    const stop = onSessionLost(lost);
    setAccessToken(tokenExpiringIn(10 * 60_000));
    expect(await socketToken(true, NOW)).toBeNull();
    expect(lost).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('tokenExpiresAt', () => {
  it('reads exp from the token and gives null for something that is not one', () => {
    expect(tokenExpiresAt(tokenExpiringIn(60_000))).toBe(NOW + 60_000);
    expect(tokenExpiresAt('not-a-token')).toBeNull();
  });
});
